import { subject } from '@casl/ability'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { AppAbility } from '../../../shared/permissions/ability'
import { OPH_FIELDS, effectiveOph, ophProblems } from '../../../shared/rules/oph'
import type { Translate } from '../../../shared/schemas/errors'
import type { OphOverview, OphOwn, OphScope, OphValues, ophTargetInputSchema } from '../../../shared/schemas/org'
import type { Db } from '../../db/client'
import { ApiError, notFound, validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { Deps } from '../../platform/deps'

type Actor = { id: string; ability: AppAbility }

/**
 * OPH targets (orders per hour; docs/decisions/042): an office's and a team's own targets for levels 1 and 2 in
 * the classes gold and platinum. A team without its own follows its office. Who may view teams reads the ones
 * they may see; who may update an office (a team) sets its targets. Each change is one transaction with its
 * activity-log line and an `ophTarget.changed` event.
 */
export function ophService({ database, events }: Pick<Deps, 'database' | 'events'>, opts: { now?: () => number } = {}) {
  const { db, t } = database
  const now = opts.now ?? Date.now

  const ownOf = (row: typeof t.ophTargets.$inferSelect | undefined): OphOwn | null =>
    row
      ? {
          level1Gold: row.level1Gold,
          level1Platinum: row.level1Platinum,
          level2Gold: row.level2Gold,
          level2Platinum: row.level2Platinum,
          version: row.version,
          updatedAt: row.updatedAt,
        }
      : null

  /** The scope as the ability sees it: a team with its office, an office. */
  async function scopeSubject(tx: Db, scope: OphScope, id: string) {
    if (scope === 'team') {
      const [team] = await tx.select({ id: t.teams.id, officeId: t.teams.officeId, name: t.teams.name }).from(t.teams).where(eq(t.teams.id, id))
      return team ? { name: team.name, as: subject('teams', { id: team.id, officeId: team.officeId }) } : null
    }
    const [office] = await tx.select({ id: t.offices.id, name: t.offices.name }).from(t.offices).where(eq(t.offices.id, id))
    return office ? { name: office.name, as: subject('offices', { id: office.id }) } : null
  }

  const valuesOf = (row: typeof t.ophTargets.$inferSelect | undefined): OphValues | null =>
    row ? { level1Gold: row.level1Gold, level1Platinum: row.level1Platinum, level2Gold: row.level2Gold, level2Platinum: row.level2Platinum } : null

  return {
    /** The targets each team works to: its own, else its office's (the dashboards ask; decision 049). */
    async effectiveFor(dbOrTx: Db, teamIds: string[]): Promise<Map<string, { values: OphValues; from: 'team' | 'office' } | null>> {
      const out = new Map<string, { values: OphValues; from: 'team' | 'office' } | null>()
      if (teamIds.length === 0) return out
      const teams = await dbOrTx.select({ id: t.teams.id, officeId: t.teams.officeId }).from(t.teams).where(inArray(t.teams.id, teamIds))
      const targets = await dbOrTx
        .select()
        .from(t.ophTargets)
        .where(inArray(t.ophTargets.scopeId, [...teamIds, ...teams.map((team) => team.officeId)]))
      const find = (scope: OphScope, id: string) => valuesOf(targets.find((r) => r.scope === scope && r.scopeId === id))
      for (const team of teams) out.set(team.id, effectiveOph(find('team', team.id), find('office', team.officeId)))
      return out
    },

    /** The offices with the teams in them the reader may view, each with its own targets. */
    async overview(actor: Actor): Promise<OphOverview> {
      const [offices, teams, targets] = await Promise.all([
        db
          .select({ id: t.offices.id, name: t.offices.name, regionName: t.regions.name })
          .from(t.offices)
          .innerJoin(t.regions, eq(t.regions.id, t.offices.regionId))
          .orderBy(asc(t.offices.name)),
        db.select({ id: t.teams.id, name: t.teams.name, officeId: t.teams.officeId }).from(t.teams).orderBy(asc(t.teams.name)),
        db.select().from(t.ophTargets),
      ])
      const own = (scope: OphScope, id: string) => ownOf(targets.find((r) => r.scope === scope && r.scopeId === id))
      const visibleTeams = teams.filter((team) => actor.ability.can('view', subject('teams', { id: team.id, officeId: team.officeId })))
      return {
        offices: offices
          .map((o) => ({
            ...o,
            own: own('office', o.id),
            teams: visibleTeams.filter((team) => team.officeId === o.id).map((team) => ({ id: team.id, name: team.name, own: own('team', team.id) })),
          }))
          // An office shows with the teams the reader sees in it; one without is for those who set office targets.
          .filter((o) => o.teams.length > 0 || actor.ability.can('update', subject('offices', { id: o.id }))),
        may: { office: actor.ability.can('update', 'offices'), team: actor.ability.can('update', 'teams') },
      }
    },

    /** Sets, changes or (values null) removes a scope's own targets, on the version the editor saw. */
    set(actor: Actor, scope: OphScope, id: string, input: z.output<typeof ophTargetInputSchema>, translate: Translate): Promise<OphOwn | null> {
      return database.transaction(async (tx) => {
        const target = await scopeSubject(tx, scope, id)
        if (!target || !actor.ability.can('view', target.as)) throw notFound()
        if (!actor.ability.can('update', target.as)) throw new ApiError(403, 'forbidden')
        const where = and(eq(t.ophTargets.scope, scope), eq(t.ophTargets.scopeId, id))
        const [row] = await tx.select().from(t.ophTargets).where(where)
        const current = ownOf(row)
        if ((current?.version ?? null) !== input.version) throw new ApiError(409, 'version_conflict', { details: { current } })
        const at = now()
        const shown = (v: OphOwn | null) => (v ? Object.fromEntries(OPH_FIELDS.map((f) => [f, v[f] / 100])) : null)
        const log = (action: string, before: OphOwn | null, after: OphOwn | null) =>
          logActivity(tx, t, {
            at,
            actorId: actor.id,
            entity: 'oph_target',
            entityId: `${scope}:${id}`,
            action,
            before: before ? { [scope]: target.name, ...shown(before) } : null,
            after: after ? { [scope]: target.name, ...shown(after) } : null,
          })
        if (input.values === null) {
          if (!current) return null
          await tx.delete(t.ophTargets).where(where)
          await log('deleted', current, null)
          await events.record(tx, 'ophTarget.changed', { scope, scopeId: id, action: 'deleted' }, { actorId: actor.id, at })
          return null
        }
        const problems = ophProblems(input.values)
        if (Object.keys(problems).length > 0) {
          throw validationError(Object.fromEntries(Object.keys(problems).map((f) => [f, [translate('orgAdmin.oph.platinumNotAboveGold')]])))
        }
        if (current && OPH_FIELDS.every((f) => current[f] === input.values![f])) return current
        const next: OphOwn = { ...input.values, version: (current?.version ?? 0) + 1, updatedAt: at }
        if (current) await tx.update(t.ophTargets).set(next).where(where)
        else await tx.insert(t.ophTargets).values({ scope, scopeId: id, ...next })
        await log(current ? 'updated' : 'created', current, next)
        await events.record(tx, 'ophTarget.changed', { scope, scopeId: id, action: current ? 'updated' : 'created' }, { actorId: actor.id, at })
        return next
      })
    },
  }
}
