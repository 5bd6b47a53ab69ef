import { randomUUID } from 'node:crypto'
import { subject } from '@casl/ability'
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { Translate } from '../../../shared/schemas/errors'
import type { TeamDetail, teamInputSchema, teamUpdateSchema } from '../../../shared/schemas/org'
import type { Db } from '../../db/client'
import { ApiError, notFound, validationError } from '../../lib/errors'
import { activityLines, logActivity } from '../../platform/activity-log'
import type { Deps } from '../../platform/deps'
import type { ProviderList } from './coach-groups.service'

type Actor = { id: string; ability: AppAbility }

const sorted = (ids: string[]) => [...new Set(ids)].sort()

/**
 * Teams (docs/decisions/036): a team's page (members, coaches, log), created, changed (name, office, coaches) and
 * deleted here, each change one transaction with its activity-log line and a `team.changed` event. Coaches decide
 * what a coach's team-scoped rules reach, so a change of coaches has their sessions load their rules again
 * (`onRulesChanged`). A name is unique within its office; a team with members is not deleted. The provider a team
 * sells for is the catalog's, asked through a port; a new choice must be an active provider, and one archived since
 * it was chosen stays until changed.
 */
export function teamsService(
  { database, events }: Pick<Deps, 'database' | 'events'>,
  opts: { onRulesChanged: () => void; providers: ProviderList; now?: () => number },
) {
  const { db, t } = database
  const now = opts.now ?? Date.now
  const asSubject = (team: { id: string; officeId: string }) => subject('teams', { id: team.id, officeId: team.officeId }) as never

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
    const same = await tx
      .select({ id: t.teams.id })
      .from(t.teams)
      .where(and(eq(t.teams.officeId, input.officeId), sql`lower(${t.teams.name}) = lower(${input.name})`, exceptId ? ne(t.teams.id, exceptId) : undefined))
    if (same.length > 0) throw new ApiError(409, 'conflict', { fieldErrors: { name: [translate('orgAdmin.teams.nameTaken')] } })
    const coaches = sorted(input.coachIds)
    if (coaches.length > 0) {
      const found = await tx
        .select({ id: t.users.id })
        .from(t.users)
        .where(and(inArray(t.users.id, coaches), eq(t.users.active, true)))
      if (found.length !== coaches.length) throw validationError({ coachIds: [translate('orgAdmin.teams.unknownCoach')] })
    }
    if (input.providerId && input.providerId !== current?.providerId) {
      const chosen = await provider(tx, input.providerId)
      if (!chosen?.active) throw validationError({ providerId: [translate('orgAdmin.teams.unknownProvider')] })
    }
    return coaches
  }

  async function names(tx: Db, ids: string[]) {
    if (ids.length === 0) return []
    const rows = await tx.select({ first: t.users.firstName, last: t.users.lastName }).from(t.users).where(inArray(t.users.id, ids))
    return rows.map((r) => `${r.first} ${r.last}`).sort()
  }

  async function setCoaches(tx: Db, teamId: string, coachIds: string[]) {
    await tx.delete(t.teamCoaches).where(eq(t.teamCoaches.teamId, teamId))
    if (coachIds.length > 0) await tx.insert(t.teamCoaches).values(coachIds.map((userId) => ({ teamId, userId })))
  }

  return {
    async detail(actor: Actor, id: string): Promise<TeamDetail> {
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
    },

    async create(actor: Actor, input: z.output<typeof teamInputSchema>, translate: Translate): Promise<{ id: string }> {
      const created = await database.transaction(async (tx) => {
        const coaches = await check(tx, input, null, translate)
        const id = randomUUID()
        const at = now()
        await tx.insert(t.teams).values({ id, name: input.name, officeId: input.officeId, providerId: input.providerId, createdAt: at })
        await setCoaches(tx, id, coaches)
        const [office] = await tx.select({ name: t.offices.name }).from(t.offices).where(eq(t.offices.id, input.officeId))
        await logActivity(tx, t, {
          at,
          actorId: actor.id,
          entity: 'team',
          entityId: id,
          action: 'created',
          after: { name: input.name, office: office!.name, coaches: await names(tx, coaches), provider: (await provider(tx, input.providerId))?.name ?? null },
        })
        await events.record(tx, 'team.changed', { teamId: id, action: 'created', coachesChanged: coaches.length > 0 }, { actorId: actor.id, at })
        return { id, coaches: coaches.length > 0 }
      })
      if (created.coaches) opts.onRulesChanged()
      return { id: created.id }
    },

    async update(actor: Actor, id: string, input: z.output<typeof teamUpdateSchema>, translate: Translate): Promise<TeamDetail> {
      const coachesChanged = await database.transaction(async (tx) => {
        const team = await visibleRow(tx, actor, id)
        if (!actor.ability.can('update', asSubject(team))) throw new ApiError(403, 'forbidden')
        const currentCoaches = sorted((await coachesOf(tx, id)).map((c) => c.id))
        const seen = input.basedOn
        if (
          seen.name !== team.name ||
          seen.officeId !== team.officeId ||
          seen.providerId !== team.providerId ||
          JSON.stringify(sorted(seen.coachIds)) !== JSON.stringify(currentCoaches)
        ) {
          throw new ApiError(409, 'version_conflict')
        }
        const coaches = await check(tx, input, team, translate)
        const before: Record<string, unknown> = {}
        const after: Record<string, unknown> = {}
        if (team.name !== input.name) [before.name, after.name] = [team.name, input.name]
        if (team.officeId !== input.officeId) {
          const [office] = await tx.select({ name: t.offices.name }).from(t.offices).where(eq(t.offices.id, input.officeId))
          ;[before.office, after.office] = [team.officeName, office!.name]
        }
        const coachesDiffer = JSON.stringify(coaches) !== JSON.stringify(currentCoaches)
        if (coachesDiffer) [before.coaches, after.coaches] = [await names(tx, currentCoaches), await names(tx, coaches)]
        if (team.providerId !== input.providerId) {
          ;[before.provider, after.provider] = [(await provider(tx, team.providerId))?.name ?? null, (await provider(tx, input.providerId))?.name ?? null]
        }
        if (Object.keys(after).length === 0) return false
        const at = now()
        await tx.update(t.teams).set({ name: input.name, officeId: input.officeId, providerId: input.providerId }).where(eq(t.teams.id, id))
        if (coachesDiffer) await setCoaches(tx, id, coaches)
        await logActivity(tx, t, { at, actorId: actor.id, entity: 'team', entityId: id, action: 'updated', before, after })
        await events.record(tx, 'team.changed', { teamId: id, action: 'updated', coachesChanged: coachesDiffer }, { actorId: actor.id, at })
        // A team's office decides what office-scoped rules reach, its coaches what team-scoped ones do.
        return coachesDiffer || 'office' in after
      })
      if (coachesChanged) opts.onRulesChanged()
      return this.detail(actor, id)
    },

    async remove(actor: Actor, id: string): Promise<{ id: string }> {
      await database.transaction(async (tx) => {
        const team = await visibleRow(tx, actor, id)
        if (!actor.ability.can('delete', asSubject(team))) throw new ApiError(403, 'forbidden')
        const [members] = await tx.select({ n: count() }).from(t.users).where(eq(t.users.teamId, id))
        if ((members?.n ?? 0) > 0) throw new ApiError(409, 'team_in_use', { params: { count: members!.n } })
        const coaches = (await coachesOf(tx, id)).map((c) => c.id)
        const at = now()
        await tx.delete(t.teamCoaches).where(eq(t.teamCoaches.teamId, id))
        await tx.delete(t.teams).where(eq(t.teams.id, id))
        await logActivity(tx, t, {
          at,
          actorId: actor.id,
          entity: 'team',
          entityId: id,
          action: 'deleted',
          before: {
            name: team.name,
            office: team.officeName,
            coaches: await names(tx, coaches),
            provider: (await provider(tx, team.providerId))?.name ?? null,
          },
        })
        await events.record(tx, 'team.changed', { teamId: id, action: 'deleted', coachesChanged: coaches.length > 0 }, { actorId: actor.id, at })
      })
      opts.onRulesChanged()
      return { id }
    },
  }
}
