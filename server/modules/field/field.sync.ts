import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm'
import { addDays } from '../../../shared/rules/work'
import type { PatchOp } from '../../../shared/schemas/sync'
import type { PullSource } from '../../lib/sync-contract'
import type { FieldContext } from './field.context'

/** How far back a device keeps runs: the coming ones are what it is for, last week's for looking back. */
const KEEP_DAYS = 14

/**
 * The runs a seller is on travel to their device (decision 073), opt-in (`runs`): each run-seller row carries the
 * seller's change counter, so a new run, an edit, and a seller taken off or a run deleted (a `removed` row) reach the
 * device as a put or a delete. Runs older than two weeks are not sent.
 */
export function runsPullSource(ctx: FieldContext): PullSource {
  const { r, rs, a, ports } = ctx
  return {
    optIn: 'runs',
    async pending(tx, userId, since, limit) {
      const rows = await tx
        .select({ v: rs.version })
        .from(rs)
        .where(and(eq(rs.userId, userId), gt(rs.version, since)))
        .orderBy(asc(rs.version))
        .limit(limit)
      return rows.map((x) => x.v)
    },
    async rows(tx, userId, since, upTo) {
      const mine = await tx
        .select()
        .from(rs)
        .where(and(eq(rs.userId, userId), gt(rs.version, since), lte(rs.version, upTo)))
      if (mine.length === 0) return []
      const oldest = addDays(new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(Date.now()), -KEEP_DAYS)
      const runs = await tx
        .select()
        .from(r)
        .where(
          inArray(
            r.id,
            mine.map((m) => m.runId),
          ),
        )
      const byId = new Map(runs.map((x) => [x.id, x]))
      const live = runs.filter((x) => x.date >= oldest)
      const [others, places, areas] = await Promise.all([
        live.length
          ? tx
              .select({ runId: rs.runId, userId: rs.userId })
              .from(rs)
              .where(
                and(
                  inArray(
                    rs.runId,
                    live.map((x) => x.id),
                  ),
                  eq(rs.removed, false),
                ),
              )
          : Promise.resolve([]),
        ports.places(tx),
        live.some((x) => x.areaId)
          ? tx
              .select({ id: a.id, name: a.name })
              .from(a)
              .where(
                inArray(
                  a.id,
                  live.flatMap((x) => (x.areaId ? [x.areaId] : [])),
                ),
              )
          : Promise.resolve([]),
      ])
      const names = await ports.names(tx, { userIds: [...new Set(others.map((o) => o.userId))] })
      const teams = new Map(places.teams.map((x) => [x.id, x.name]))
      const areaNames = new Map(areas.map((x) => [x.id, x.name]))
      return mine.flatMap((m): PatchOp[] => {
        const run = byId.get(m.runId)
        if (m.removed || !run) return [{ op: 'del', table: 'runs', key: m.runId }]
        if (run.date < oldest) return []
        return [
          {
            op: 'put',
            table: 'runs',
            key: run.id,
            value: {
              id: run.id,
              date: run.date,
              teamName: teams.get(run.teamId) ?? '',
              areaName: run.areaId ? (areaNames.get(run.areaId) ?? null) : null,
              meetingPlace: run.meetingPlace,
              meetingTime: run.meetingTime,
              travelDay: run.travelDay,
              note: run.note,
              sellers: others
                .filter((o) => o.runId === run.id)
                .map((o) => names.get(o.userId) ?? '')
                .sort((p, q) => p.localeCompare(q, 'sv')),
            },
          },
        ]
      })
    },
  }
}
