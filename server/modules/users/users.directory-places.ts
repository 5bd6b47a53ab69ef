import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import type { Action, Subject } from '../../../shared/permissions/catalogue'
import { userOfficeId } from '../../db/expressions'
import { type UsersDirectoryContext } from './users.directory-context'

/** A person as a guide's audience sees them (shared/rules/guides.ts's Reader, with their name and team). */
export type GuideReader = {
  id: string
  name: string
  active: boolean
  roleId: string
  employeeId: string | null
  officeId: string | null
  teamId: string | null
  teamIds: string[]
  providerIds: string[]
}

/** A person's role, employment and places as other areas ask for them: roles, names, offices, managers and teams. */
export function placeDirectory(ctx: UsersDirectoryContext) {
  const { t } = ctx

  async function rolesAllowed(db: Db, action: Action, subject: Subject): Promise<string[]> {
    const rows = await db
      .select({ roleId: t.permissionRules.roleId, inverted: t.permissionRules.inverted, conditions: t.permissionRules.conditions })
      .from(t.permissionRules)
      .where(
        and(isNotNull(t.permissionRules.roleId), inArray(t.permissionRules.action, [action, 'manage']), inArray(t.permissionRules.subject, [subject, 'all'])),
      )
    // A role denied the action outright (an inverted rule without conditions) does not count.
    const denied = new Set(rows.filter((r) => r.inverted && (!r.conditions || Object.keys(r.conditions).length === 0)).map((r) => r.roleId!))
    return [...new Set(rows.filter((r) => !r.inverted && !denied.has(r.roleId!)).map((r) => r.roleId!))]
  }

  return {
    /** Every role by name, as a message's audience offers them (names only, not their rules). */
    async roleChoices(db: Db): Promise<Array<{ id: string; key: string; name: string }>> {
      return db.select({ id: t.roles.id, key: t.roles.key, name: t.roles.name }).from(t.roles).orderBy(t.roles.name)
    },

    /** A person's role (the assistant's statistics are shared with roles, docs/decisions/053). */
    async roleOf(db: Db, userId: string): Promise<string | null> {
      const [row] = await db.select({ roleId: t.users.roleId }).from(t.users).where(eq(t.users.id, userId))
      return row?.roleId ?? null
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

    /**
     * People as the guides' audiences see them (docs/decisions/069): role, office (their own or their team's), the
     * teams they are in or coach, and the providers they sell for (their own and their teams').
     */
    async readers(db: Db, userIds: string[]): Promise<Map<string, GuideReader>> {
      const out = new Map<string, GuideReader>()
      const unique = [...new Set(userIds)]
      for (let i = 0; i < unique.length; i += 2000) {
        const part = unique.slice(i, i + 2000)
        const [people, coached, own] = await Promise.all([
          db
            .select({
              id: t.users.id,
              first: t.users.firstName,
              last: t.users.lastName,
              roleId: t.users.roleId,
              employeeId: t.users.employeeId,
              teamId: t.users.teamId,
              officeId: userOfficeId(t),
              active: t.users.active,
              teamProvider: t.teams.providerId,
            })
            .from(t.users)
            .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
            .where(inArray(t.users.id, part)),
          db
            .select({ userId: t.teamCoaches.userId, teamId: t.teamCoaches.teamId, providerId: t.teams.providerId })
            .from(t.teamCoaches)
            .innerJoin(t.teams, eq(t.teams.id, t.teamCoaches.teamId))
            .where(inArray(t.teamCoaches.userId, part)),
          db
            .select({ userId: t.userProviders.userId, providerId: t.userProviders.providerId })
            .from(t.userProviders)
            .where(inArray(t.userProviders.userId, part)),
        ])
        for (const r of people) {
          out.set(r.id, {
            id: r.id,
            name: `${r.first} ${r.last}`,
            active: r.active,
            roleId: r.roleId,
            employeeId: r.employeeId,
            officeId: r.officeId,
            teamId: r.teamId,
            teamIds: r.teamId ? [r.teamId] : [],
            providerIds: r.teamProvider ? [r.teamProvider] : [],
          })
        }
        const add = (list: string[], value: string | null) => {
          if (value && !list.includes(value)) list.push(value)
        }
        for (const c of coached) {
          const r = out.get(c.userId)
          if (r) {
            add(r.teamIds, c.teamId)
            add(r.providerIds, c.providerId)
          }
        }
        for (const p of own) {
          const r = out.get(p.userId)
          if (r) add(r.providerIds, p.providerId)
        }
      }
      return out
    },

    /** The roles whose own rules let them take an action on a subject (not counting a person's own rules). */
    rolesAllowed: (db: Db, action: Action, subject: Subject) => rolesAllowed(db, action, subject),

    /** Active people whose role lets them take an action on a subject, by name (who may be a candidate's recruiter). */
    async allowedPeople(db: Db, action: Action, subject: Subject): Promise<Array<{ id: string; name: string }>> {
      const roleIds = await rolesAllowed(db, action, subject)
      if (roleIds.length === 0) return []
      const rows = await db
        .select({ id: t.users.id, first: t.users.firstName, last: t.users.lastName })
        .from(t.users)
        .where(and(inArray(t.users.roleId, roleIds), eq(t.users.active, true)))
        .orderBy(asc(t.users.firstName), asc(t.users.lastName))
      return rows.map((r) => ({ id: r.id, name: `${r.first} ${r.last}` }))
    },

    async teamName(db: Db, teamId: string): Promise<string | null> {
      const [row] = await db.select({ name: t.teams.name }).from(t.teams).where(eq(t.teams.id, teamId))
      return row?.name ?? null
    },
  }
}
