import { and, asc, desc, eq, inArray, isNotNull, or, sql, type SQLWrapper } from 'drizzle-orm'
import type { LanguageCode } from '../../../shared/i18n'
import { settingsOf, type MessageAudience, type NotificationSettings } from '../../../shared/schemas/notifications'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { SearchHit } from '../../../shared/schemas/search'
import { accessFilter, containsTerm, withAccess } from '../../db/conditions'
import type { Database, Db } from '../../db/client'
import { userOfficeId } from '../../db/expressions'

/** A user as other areas may know them to reach them: name, language and how they want to be reached. */
export type Person = { id: string; name: string; email: string; language: LanguageCode; settings: NotificationSettings }

/**
 * What other areas may ask the users area about people (answered in server/composition/areas.ts, never by reading its tables):
 * the active users among some ids, a team's coaches, everyone in a team, an office or a role.
 */
export function usersDirectory({ t }: Database) {
  /** The fields rule conditions on `users` may use (as in users.repo.ts). */
  const conditionColumns = { id: t.users.id, teamId: t.users.teamId, officeId: userOfficeId(t) }
  const person = {
    id: t.users.id,
    first: t.users.firstName,
    last: t.users.lastName,
    email: t.users.email,
    language: t.users.language,
    settings: t.users.notificationSettings,
  }
  const toPerson = (r: {
    id: string
    first: string
    last: string
    email: string
    language: LanguageCode | null
    settings: NotificationSettings | null
  }): Person => ({
    id: r.id,
    name: `${r.first} ${r.last}`,
    email: r.email,
    language: r.language ?? 'sv',
    settings: settingsOf(r.settings),
  })
  return {
    async people(db: Db, ids: string[]): Promise<Person[]> {
      if (ids.length === 0) return []
      const rows = await db
        .select(person)
        .from(t.users)
        .where(and(inArray(t.users.id, [...new Set(ids)]), eq(t.users.active, true)))
      return rows.map(toPerson)
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
          .where(and(inArray(column, ids), eq(t.users.active, true)))
        for (const r of rows) found.add(r.id)
      }
      await add(t.users.teamId, target.teamIds)
      await add(t.users.officeId, target.officeIds)
      await add(t.users.roleId, target.roleIds)
      await add(t.users.id, target.userIds)
      // Coaches belong to the teams they coach.
      if (target.teamIds && target.teamIds.length > 0) {
        const coaches = await db.select({ id: t.teamCoaches.userId }).from(t.teamCoaches).where(inArray(t.teamCoaches.teamId, target.teamIds))
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

    /** Which of some people a viewer may see (active ones): the sales game's boards name only those. */
    async visibleAmong(db: Db, ability: AppAbility, userIds: string[]): Promise<Set<string>> {
      return new Set(await this.reachable(db, ability, { everyone: false, userIds: [...new Set(userIds)], teamIds: [], officeIds: [], roleIds: [] }))
    },

    /** Every role by name, as a message's audience offers them (names only, not their rules). */
    async roleChoices(db: Db): Promise<Array<{ id: string; key: string; name: string }>> {
      return db.select({ id: t.roles.id, key: t.roles.key, name: t.roles.name }).from(t.roles).orderBy(t.roles.name)
    },

    /** A person's role (the assistant's statistics are shared with roles, docs/decisions/053). */
    async roleOf(db: Db, userId: string): Promise<string | null> {
      const [row] = await db.select({ roleId: t.users.roleId }).from(t.users).where(eq(t.users.id, userId))
      return row?.roleId ?? null
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

    /** The day a person's employment began (YYYY-MM-DD), or null (the quality area's sampling asks; decision 045). */
    async employmentDate(db: Db, userId: string): Promise<string | null> {
      const [row] = await db.select({ date: t.users.employmentDate }).from(t.users).where(eq(t.users.id, userId))
      return row?.date ?? null
    },

    /** Names of people (active or not) and roles, by id, for lists that name them. */
    async names(db: Db, ids: { userIds?: string[]; roleIds?: string[] }): Promise<Map<string, string>> {
      const out = new Map<string, string>()
      const userIds = [...new Set(ids.userIds ?? [])]
      const roleIds = [...new Set(ids.roleIds ?? [])]
      if (userIds.length > 0) {
        const rows = await db.select({ id: t.users.id, first: t.users.firstName, last: t.users.lastName }).from(t.users).where(inArray(t.users.id, userIds))
        for (const r of rows) out.set(r.id, `${r.first} ${r.last}`)
      }
      if (roleIds.length > 0) {
        const rows = await db.select({ id: t.roles.id, name: t.roles.name }).from(t.roles).where(inArray(t.roles.id, roleIds))
        for (const r of rows) out.set(r.id, r.name)
      }
      return out
    },

    /** People's names with their current team and office (profitability's seller rows and extra income, decision 051). */
    async placesOf(db: Db, ids: string[]): Promise<Map<string, { name: string; teamId: string | null; officeId: string | null }>> {
      const out = new Map<string, { name: string; teamId: string | null; officeId: string | null }>()
      const unique = [...new Set(ids)]
      for (let i = 0; i < unique.length; i += 5000) {
        const rows = await db
          .select({ id: t.users.id, first: t.users.firstName, last: t.users.lastName, teamId: t.users.teamId, officeId: t.users.officeId })
          .from(t.users)
          .where(inArray(t.users.id, unique.slice(i, i + 5000)))
        for (const r of rows) out.set(r.id, { name: `${r.first} ${r.last}`, teamId: r.teamId, officeId: r.officeId })
      }
      return out
    },

    /** The active managers (the manager role) of offices, by name: whose office each profitability row is (decision 051). */
    async officeManagers(db: Db): Promise<Array<{ id: string; name: string; officeId: string }>> {
      const rows = await db
        .select({ id: t.users.id, first: t.users.firstName, last: t.users.lastName, officeId: t.users.officeId })
        .from(t.users)
        .innerJoin(t.roles, eq(t.roles.id, t.users.roleId))
        .where(and(eq(t.roles.key, 'manager'), eq(t.users.active, true), isNotNull(t.users.officeId)))
        .orderBy(asc(t.users.firstName), asc(t.users.lastName), asc(t.users.id))
      return rows.map((r) => ({ id: r.id, name: `${r.first} ${r.last}`, officeId: r.officeId! }))
    },

    /** The active members of some teams by name, each with their team (an office's sellers, for their budgets). */
    async membersOfTeams(db: Db, teamIds: string[]): Promise<Array<{ id: string; name: string; teamId: string }>> {
      if (teamIds.length === 0) return []
      const rows = await db
        .select({ id: t.users.id, first: t.users.firstName, last: t.users.lastName, teamId: t.users.teamId })
        .from(t.users)
        .where(and(inArray(t.users.teamId, [...new Set(teamIds)]), eq(t.users.active, true)))
        .orderBy(asc(t.users.firstName), asc(t.users.lastName), asc(t.users.id))
      return rows.map((r) => ({ id: r.id, name: `${r.first} ${r.last}`, teamId: r.teamId! }))
    },

    async teamName(db: Db, teamId: string): Promise<string | null> {
      const [row] = await db.select({ name: t.teams.name }).from(t.teams).where(eq(t.teams.id, teamId))
      return row?.name ?? null
    },
  }
}
export type UsersDirectory = ReturnType<typeof usersDirectory>
