import { subject } from '@casl/ability'
import { and, asc, eq } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { Translate } from '../../../shared/schemas/errors'
import type { TeamDetail } from '../../../shared/schemas/org'
import type { Db } from '../../db/client'
import { notFound, validationError } from '../../lib/errors'
import { activityLines } from '../../platform/activity-log'
import type { Deps } from '../../platform/deps'
import type { ProviderList } from './coach-groups.service'
import { refuseTakenName } from '../../db/unique-name'
import { activeCoaches, userNames } from './org.coaches'

export type Actor = { id: string; ability: AppAbility }

export { sorted } from './org.coaches'

/**
 * What the teams' parts share: a team's row as its reader may see it, its coaches, the checks of an edit, names, and a
 * team's detail as answered.
 */
export function teamsContext(
  { database, events }: Pick<Deps, 'database' | 'events'>,
  opts: { onRulesChanged: () => void; providers: ProviderList; now?: () => number },
) {
  const { db, t } = database
  const now = opts.now ?? Date.now
  const asSubject = (team: { id: string; officeId: string }) => subject('teams', { id: team.id, officeId: team.officeId })

  async function row(tx: Db, id: string) {
    const [found] = await tx
      .select({
        id: t.teams.id,
        name: t.teams.name,
        officeId: t.teams.officeId,
        officeName: t.offices.name,
        regionName: t.regions.name,
        providerId: t.teams.providerId,
        createdAt: t.teams.createdAt,
      })
      .from(t.teams)
      .innerJoin(t.offices, eq(t.offices.id, t.teams.officeId))
      .innerJoin(t.regions, eq(t.regions.id, t.offices.regionId))
      .where(eq(t.teams.id, id))
    return found
  }

  async function coachesOf(tx: Db, id: string) {
    return tx
      .select({ id: t.users.id, first: t.users.firstName, last: t.users.lastName })
      .from(t.teamCoaches)
      .innerJoin(t.users, eq(t.users.id, t.teamCoaches.userId))
      .where(eq(t.teamCoaches.teamId, id))
      .orderBy(asc(t.users.firstName), asc(t.users.lastName))
  }

  async function visibleRow(tx: Db, actor: Actor, id: string) {
    const found = await row(tx, id)
    if (!found || !actor.ability.can('view', asSubject(found))) throw notFound()
    return found
  }

  /** The provider of this id (archived ones too), or null. */
  async function provider(tx: Db, id: string | null) {
    if (!id) return null
    return (await opts.providers(tx)).find((p) => p.id === id) ?? null
  }

  /**
   * Checks the input: the office exists, the name is free in it, each coach is an active user, the provider is an
   * active one (or the one the team already has).
   */
  async function check(
    tx: Db,
    input: { name: string; officeId: string; coachIds: string[]; providerId: string | null },
    current: { id: string; providerId: string | null } | null,
    translate: Translate,
  ) {
    const exceptId = current?.id ?? null
    const [office] = await tx.select({ id: t.offices.id }).from(t.offices).where(eq(t.offices.id, input.officeId))
    if (!office) throw validationError({ officeId: [translate('orgAdmin.teams.unknownOffice')] })
    await refuseTakenName(tx, t.teams, input.name, { exceptId, message: translate('orgAdmin.teams.nameTaken'), within: eq(t.teams.officeId, input.officeId) })
    const coaches = await activeCoaches(tx, t, input.coachIds, translate('orgAdmin.teams.unknownCoach'))
    if (input.providerId && input.providerId !== current?.providerId) {
      const chosen = await provider(tx, input.providerId)
      if (!chosen?.active) throw validationError({ providerId: [translate('orgAdmin.teams.unknownProvider')] })
    }
    return coaches
  }

  const names = (tx: Db, ids: string[]) => userNames(tx, t, ids)

  async function setCoaches(tx: Db, teamId: string, coachIds: string[]) {
    await tx.delete(t.teamCoaches).where(eq(t.teamCoaches.teamId, teamId))
    if (coachIds.length > 0) await tx.insert(t.teamCoaches).values(coachIds.map((userId) => ({ teamId, userId })))
  }

  async function detail(actor: Actor, id: string): Promise<TeamDetail> {
    const team = await visibleRow(db, actor, id)
    const [coaches, members, activity, sells] = await Promise.all([
      coachesOf(db, id),
      db
        .select({
          id: t.users.id,
          first: t.users.firstName,
          last: t.users.lastName,
          email: t.users.email,
          roleKey: t.roles.key,
          roleName: t.roles.name,
          title: t.users.title,
        })
        .from(t.users)
        .innerJoin(t.roles, eq(t.roles.id, t.users.roleId))
        .where(and(eq(t.users.teamId, id), eq(t.users.active, true)))
        .orderBy(asc(t.users.firstName), asc(t.users.lastName)),
      activityLines(database, 'team', id),
      provider(db, team.providerId),
    ])
    const { providerId: _, ...rest } = team
    return {
      ...rest,
      provider: sells ? { id: sells.id, name: sells.name, active: sells.active } : null,
      coaches: coaches.map((c) => ({ id: c.id, name: `${c.first} ${c.last}` })),
      members: members.map((m) => ({ id: m.id, name: `${m.first} ${m.last}`, email: m.email, roleKey: m.roleKey, roleName: m.roleName, title: m.title })),
      may: { edit: actor.ability.can('update', asSubject(team)), delete: actor.ability.can('delete', asSubject(team)) },
      activity,
    }
  }

  return { database, events, opts, db, t, now, asSubject, row, coachesOf, visibleRow, provider, check, names, setCoaches, detail }
}
export type TeamsContext = ReturnType<typeof teamsContext>
