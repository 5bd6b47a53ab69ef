import { and, asc, desc, eq, inArray, or, sql, type SQLWrapper } from 'drizzle-orm'
import { type MessageAudience } from '../../../shared/schemas/notifications'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { SearchHit } from '../../../shared/schemas/search'
import { accessFilter, containsTerm, withAccess } from '../../db/conditions'
import type { Db } from '../../db/client'
import { userOfficeId } from '../../db/expressions'
import { type Person, type UsersDirectoryContext } from './users.directory-context'

/** People as other areas ask for them: rosters, coaches and members, who a reader reaches, names and the search. */
export function peopleDirectory(ctx: UsersDirectoryContext) {
  const { t, conditionColumns, person, toPerson } = ctx
  return {
    async people(db: Db, ids: string[]): Promise<Person[]> {
      if (ids.length === 0) return []
      const rows = await db
        .select(person)
        .from(t.users)
        .where(and(inArray(t.users.id, [...new Set(ids)]), eq(t.users.active, true)))
      return rows.map(toPerson)
    },

    /** The active people with these e-mail addresses (compared in lower case): an MDM list's users (decision 072). */
    async byEmails(db: Db, emails: string[]): Promise<Map<string, { id: string; name: string }>> {
      const out = new Map<string, { id: string; name: string }>()
      const wanted = [...new Set(emails.map((e) => e.toLowerCase()))]
      for (let i = 0; i < wanted.length; i += 500) {
        const rows = await db
          .select({ id: t.users.id, email: t.users.email, first: t.users.firstName, last: t.users.lastName })
          .from(t.users)
          .where(and(inArray(sql`lower(${t.users.email})`, wanted.slice(i, i + 500)), eq(t.users.active, true)))
        for (const r of rows) out.set(r.email.toLowerCase(), { id: r.id, name: `${r.first} ${r.last}` })
      }
      return out
    },

    /**
     * Active people as a message addresses them (a scheduled message's fields, decision 071): names, e-mail, language,
     * team and office (the team's office when the person has none of their own).
     */
    async messageProfiles(
      db: Db,
      ids: string[],
    ): Promise<Array<{ id: string; firstName: string; lastName: string; email: string; language: string; team: string | null; office: string | null }>> {
      const out = []
      const unique = [...new Set(ids)]
      for (let i = 0; i < unique.length; i += 500) {
        const rows = await db
          .select({
            id: t.users.id,
            firstName: t.users.firstName,
            lastName: t.users.lastName,
            email: t.users.email,
            language: t.users.language,
            team: t.teams.name,
            office: t.offices.name,
          })
          .from(t.users)
          .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
          .leftJoin(t.offices, eq(t.offices.id, sql`coalesce(${t.users.officeId}, ${t.teams.officeId})`))
          .where(and(inArray(t.users.id, unique.slice(i, i + 500)), eq(t.users.active, true)))
        out.push(...rows.map((r) => ({ ...r, language: r.language ?? 'sv' })))
      }
      return out
    },

    /** Every active person's id (a message to everyone). */
    async activeIds(db: Db): Promise<string[]> {
      return (await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.active, true))).map((r) => r.id)
    },

    /**
     * Everyone active, by name, with their team: the people a version of the terms of use asks (decision 039). A few
     * thousand short rows at the most.
     */
    async activeRoster(db: Db): Promise<Array<{ id: string; name: string; email: string; teamName: string | null }>> {
      const rows = await db
        .select({ id: t.users.id, first: t.users.firstName, last: t.users.lastName, email: t.users.email, teamName: t.teams.name })
        .from(t.users)
        .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
        .where(eq(t.users.active, true))
        .orderBy(asc(t.users.firstName), asc(t.users.lastName), asc(t.users.id))
      return rows.map((r) => ({ id: r.id, name: `${r.first} ${r.last}`, email: r.email, teamName: r.teamName }))
    },

    async coachesOf(db: Db, teamId: string): Promise<string[]> {
      const rows = await db.select({ id: t.teamCoaches.userId }).from(t.teamCoaches).where(eq(t.teamCoaches.teamId, teamId))
      return rows.map((r) => r.id)
    },

    /** Active users in any of the teams, offices or roles (the union), for a message to them. */
    async membersOf(db: Db, target: { teamIds?: string[]; officeIds?: string[]; roleIds?: string[]; userIds?: string[] }): Promise<string[]> {
      const found = new Set<string>()
      const add = async (column: SQLWrapper, ids: string[] | undefined) => {
        if (!ids || ids.length === 0) return
        const rows = await db
          .select({ id: t.users.id })
          .from(t.users)
          .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
          .where(and(inArray(column, ids), eq(t.users.active, true)))
        for (const r of rows) found.add(r.id)
      }
      await add(t.users.teamId, target.teamIds)
      // An office's people: those placed in it and the members of its teams (as the rules read a person's office).
      await add(userOfficeId(t), target.officeIds)
      await add(t.users.roleId, target.roleIds)
      await add(t.users.id, target.userIds)
      // Coaches belong to the teams they coach (the active ones, as every other member).
      if (target.teamIds && target.teamIds.length > 0) {
        const coaches = await db
          .select({ id: t.teamCoaches.userId })
          .from(t.teamCoaches)
          .innerJoin(t.users, eq(t.users.id, t.teamCoaches.userId))
          .where(and(inArray(t.teamCoaches.teamId, target.teamIds), eq(t.users.active, true)))
        for (const c of coaches) found.add(c.id)
      }
      return [...found]
    },

    /**
     * The active users a message may go to: everyone, or the members of the chosen teams, offices and roles and
     * the chosen people; always only those the sender may see.
     */
    async reachable(db: Db, ability: AppAbility, audience: MessageAudience): Promise<string[]> {
      const filter = accessFilter(ability, 'view', 'users', conditionColumns, { inline: true })
      if (filter.kind === 'none') return []
      const chosen = audience.everyone ? null : await this.membersOf(db, audience)
      if (chosen && chosen.length === 0) return []
      // The office a rule may name is the user's own or their team's (userOfficeId): the team is joined for it.
      const rows = await db
        .select({ id: t.users.id })
        .from(t.users)
        .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
        .where(withAccess(filter, eq(t.users.active, true), chosen ? inArray(t.users.id, chosen) : undefined))
      return rows.map((r) => r.id)
    },

    /** Every active person a viewer may see (who has acknowledged a guide, decision 069). */
    async visiblePeople(db: Db, ability: AppAbility): Promise<string[]> {
      return this.reachable(db, ability, { everyone: true, userIds: [], teamIds: [], officeIds: [], roleIds: [] })
    },

    /** Which of some people a viewer may see (active ones): the sales game's boards name only those. */
    async visibleAmong(db: Db, ability: AppAbility, userIds: string[]): Promise<Set<string>> {
      return new Set(await this.reachable(db, ability, { everyone: false, userIds: [...new Set(userIds)], teamIds: [], officeIds: [], roleIds: [] }))
    },

    /**
     * The people a viewer may see (their `view users` rules) with their names, active or not: the names the BI
     * assistant may recognise in a question (docs/decisions/053).
     */
    async visibleNames(db: Db, ability: AppAbility): Promise<Array<{ id: string; name: string }>> {
      const filter = accessFilter(ability, 'view', 'users', conditionColumns, { inline: true })
      if (filter.kind === 'none') return []
      return db
        .select({ id: t.users.id, name: sql<string>`${t.users.firstName} || ' ' || ${t.users.lastName}` })
        .from(t.users)
        .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
        .where(withAccess(filter))
    },

    /**
     * The global search's people (docs/decisions/061): by name or e-mail, those the reader may see (`view users`),
     * active first. One more than asked tells whether there are more.
     */
    async search(db: Db, ability: AppAbility, q: string, limit: number): Promise<{ hits: SearchHit[]; more: boolean }> {
      const filter = accessFilter(ability, 'view', 'users', conditionColumns, { inline: true })
      if (filter.kind === 'none') return { hits: [], more: false }
      const name = sql`${t.users.firstName} || ' ' || ${t.users.lastName}`
      const rows = await db
        .select({ id: t.users.id, first: t.users.firstName, last: t.users.lastName, email: t.users.email, team: t.teams.name, active: t.users.active })
        .from(t.users)
        .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
        .where(withAccess(filter, or(containsTerm(name, q), containsTerm(t.users.email, q))))
        .orderBy(desc(t.users.active), asc(t.users.firstName), asc(t.users.lastName), asc(t.users.id))
        .limit(limit + 1)
      return {
        hits: rows.slice(0, limit).map((r) => ({
          kind: 'person' as const,
          id: r.id,
          title: `${r.first} ${r.last}`,
          details: [r.team, r.email].filter((x): x is string => !!x),
          inactive: !r.active || undefined,
        })),
        more: rows.length > limit,
      }
    },
  }
}
