import { and, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm'
import { rankOf } from '../../../shared/rules/game'
import { addDays, businessDayStart } from '../../../shared/rules/work'
import type { Competition, CompetitionStandingRow } from '../../../shared/schemas/game'
import type { Db } from '../../db/client'
import { ApiError } from '../../lib/errors'
import type { Deps } from '../../platform/deps'
import type { Book } from './game.shop'

export type Row = typeof import('../../db/schema/sqlite').gameCompetitions.$inferSelect

export const FINISH_JOB = 'game.finishCompetition'

/** The sweep for competitions past their end: enqueued at start and scheduled hourly (server/index.ts). */
export const SWEEP_JOB = 'game.finishDueCompetitions'

/**
 * A competition as answered, its standing computed from the game's tables up to a day, its row read, its end
 * scheduled.
 */
/** What the competitions ask other areas: people's and places' names. */
export type CompetitionPorts = {
  names(db: Db, userIds: string[]): Promise<Map<string, string>>
  placeNames(db: Db, ids: { teamIds?: string[]; officeIds?: string[] }): Promise<Map<string, string>>
}

export function gameCompetitionsBase({ database, events, jobs }: Pick<Deps, 'database' | 'events' | 'jobs'>, book: Book, ports: CompetitionPorts) {
  const { db, t } = database
  const C = t.gameCompetitions

  function view(r: Row, today: string): Competition {
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      metric: r.metric,
      kind: r.kind,
      officeIds: r.officeIds,
      from: r.fromDay,
      to: r.toDay,
      prizes: r.prizes,
      state: r.state,
      phase: today < r.fromDay ? 'upcoming' : today > r.toDay ? 'ended' : 'ongoing',
      finishedAt: r.finishedAt,
      version: r.version,
    }
  }

  /** The standing over the competition's days up to `upTo`: every participant with a value above 0, most first. */
  async function compute(tx: Db, c: Row, upTo: string): Promise<CompetitionStandingRow[]> {
    const last = upTo < c.toDay ? upTo : c.toDay
    if (last < c.fromDay) return []
    let values: Array<{ id: string; value: number }>
    if (c.metric === 'xp') {
      const X = t.gameXpDays
      const key = c.kind === 'sellers' ? X.userId : c.kind === 'teams' ? X.teamId : X.officeId
      const total = sql<number>`sum(${X.xp})`
      values = await tx
        .select({ id: key, value: total.mapWith(Number) })
        .from(X)
        .where(
          and(
            gte(X.day, c.fromDay),
            lte(X.day, last),
            c.officeIds.length > 0 ? inArray(X.officeId, c.officeIds) : undefined,
            c.kind === 'sellers' ? undefined : ne(key, ''),
          ),
        )
        .groupBy(key)
        .having(sql`${total} > 0`)
    } else {
      const G = t.gameSales
      const key = c.kind === 'sellers' ? G.sellerId : c.kind === 'teams' ? G.teamId : G.officeId
      const total = c.metric === 'approved_sales' ? sql<number>`count(*)` : sql<number>`sum(${G.orderValueOre})`
      const rows = await tx
        .select({ id: key, value: total.mapWith(Number) })
        .from(G)
        .where(
          and(
            gte(G.sellDate, c.fromDay),
            lte(G.sellDate, last),
            eq(G.status, 'approved'),
            c.officeIds.length > 0 ? inArray(G.officeId, c.officeIds) : undefined,
          ),
        )
        .groupBy(key)
        .having(sql`${total} > 0`)
      values = rows.filter((r): r is { id: string; value: number } => r.id !== null)
    }
    values.sort((a, b) => b.value - a.value || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    const ids = values.map((v) => v.id)
    const names = c.kind === 'sellers' ? await ports.names(tx, ids) : await ports.placeNames(tx, c.kind === 'teams' ? { teamIds: ids } : { officeIds: ids })
    const ranks = rankOf(values.map((v) => ({ xp: v.value })))
    return values.map((v, i) => ({ rank: ranks[i]!, id: v.id, name: names.get(v.id) ?? '', value: v.value }))
  }

  async function row(tx: Db, id: string): Promise<Row> {
    const [c] = await tx.select().from(C).where(eq(C.id, id))
    if (!c) throw new ApiError(404, 'not_found')
    return c
  }

  /** The end job for a competition's last day (a unique key per end: a changed end enqueues its own). */
  async function scheduleEnd(tx: Db, c: { id: string; toDay: string }) {
    await jobs.enqueue(tx, FINISH_JOB, { competitionId: c.id }, { runAt: businessDayStart(addDays(c.toDay, 1)), uniqueKey: `${FINISH_JOB}:${c.id}:${c.toDay}` })
  }

  /** A competition as its activity-log lines show it. */
  const fields = (c: Row) => ({
    name: c.name,
    description: c.description,
    metric: c.metric,
    kind: c.kind,
    officeIds: c.officeIds.join(', '),
    from: c.fromDay,
    to: c.toDay,
    prizes: JSON.stringify(c.prizes),
    state: c.state,
  })

  return { database, events, jobs, book, ports, db, t, C, view, compute, row, scheduleEnd, fields }
}
export type GameCompetitionsBase = ReturnType<typeof gameCompetitionsBase>
