import { and, asc, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm'
import { rankOf } from '../../../shared/rules/game'
import { addDays, businessDay, businessDayStart } from '../../../shared/rules/work'
import type { Competition, CompetitionInput, CompetitionStanding, CompetitionStandingRow } from '../../../shared/schemas/game'
import type { Db } from '../../db/client'
import { ApiError } from '../../lib/errors'
import { changedFields, logActivity } from '../../platform/activity-log'
import type { Deps } from '../../platform/deps'
import type { GamePlayer } from './game.types'
import type { Book } from './game.shop'

type Row = typeof import('../../db/schema/sqlite').gameCompetitions.$inferSelect

export const FINISH_JOB = 'game.finishCompetition'
/** The sweep for competitions past their end: enqueued at start and scheduled hourly (server/index.ts). */
export const SWEEP_JOB = 'game.finishDueCompetitions'

/**
 * Competitions of the sales game (decision 052): rules, a standing computed from the game's own tables while it runs
 * and frozen when it ends, and the end itself — a job enqueued for the end of the last day (it survives a restart,
 * and a sweep at every start finishes any past its end), which freezes the standing, pays the coin prizes into the
 * ledger and raises `game.competitionFinished` for the winners' notifications. Finishing is idempotent.
 */
export function gameCompetitions(
  { database, events, jobs }: Pick<Deps, 'database' | 'events' | 'jobs'>,
  book: Book,
  ports: {
    names(db: Db, userIds: string[]): Promise<Map<string, string>>
    placeNames(db: Db, ids: { teamIds?: string[]; officeIds?: string[] }): Promise<Map<string, string>>
  },
) {
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

  async function finish(id: string, now: number): Promise<boolean> {
    return database.transaction(async (tx) => {
      const c = await row(tx, id)
      const today = businessDay(now)
      // Not over yet (its end moved later), or over and done: nothing to do.
      if (c.state === 'finished' || c.state === 'draft' || today <= c.toDay) return false
      const standing = await compute(tx, c, c.toDay)
      const moved = await tx
        .update(C)
        .set({ state: 'finished', standing, finishedAt: now, version: sql`${C.version} + 1`, updatedAt: now })
        .where(and(eq(C.id, id), eq(C.version, c.version)))
        .returning({ id: C.id })
      if (moved.length === 0) return false
      await logActivity(tx, t, {
        at: now,
        actorId: null,
        entity: 'game_competition',
        entityId: id,
        action: 'finished',
        after: {
          winners: standing
            .filter((r) => r.rank <= 3)
            .map((r) => `${r.rank}. ${r.name}`)
            .join(', '),
        },
      })
      // A hidden competition was a test: frozen, but no prizes and nobody told.
      if (c.state !== 'published') return true
      const winners: Array<{ rank: number; id: string; name: string; coins: number | null; text: string }> = []
      for (const prize of c.prizes) {
        for (const r of standing.filter((s) => s.rank === prize.rank)) {
          winners.push({ rank: r.rank, id: r.id, name: r.name, coins: prize.coins, text: prize.text })
          if (prize.coins && c.kind === 'sellers')
            await book(tx, {
              userId: r.id,
              kind: 'prize',
              amounts: { xp: 0, coins: prize.coins },
              saleId: null,
              refId: id,
              reason: c.name,
              eventId: null,
              teamId: null,
              officeId: null,
              at: now,
              byUserId: null,
            })
        }
      }
      await events.record(tx, 'game.competitionFinished', { competitionId: id, name: c.name, kind: c.kind, winners }, { actorId: null, at: now })
      return true
    })
  }

  jobs.define<{ competitionId: string }>(FINISH_JOB, async (job) => ({ finished: await finish(job.payload.competitionId, Date.now()) }))
  jobs.define(SWEEP_JOB, async () => ({ finished: await finishDue(Date.now()) }))

  /** Every competition running or hidden whose last day is past: finished now (at start, hourly, and by each end job). */
  async function finishDue(now: number): Promise<number> {
    const due = await db
      .select({ id: C.id })
      .from(C)
      .where(and(inArray(C.state, ['hidden', 'published']), lte(C.toDay, addDays(businessDay(now), -1))))
    let done = 0
    for (const c of due) if (await finish(c.id, now)) done++
    return done
  }

  return {
    /** Competitions as a person sees them: published ones of their office (or the whole organisation); admins all. */
    async list(player: GamePlayer, admin: boolean, now: number): Promise<Competition[]> {
      const today = businessDay(now)
      const rows = await db.select().from(C).orderBy(desc(C.toDay), asc(C.name))
      const mine = rows.filter(
        (r) =>
          admin ||
          ((r.state === 'published' || (r.state === 'finished' && r.publishedAt !== null)) &&
            (r.officeIds.length === 0 || (player.officeId !== null && r.officeIds.includes(player.officeId)))),
      )
      const order = { ongoing: 0, upcoming: 1, ended: 2 }
      return mine.map((r) => view(r, today)).sort((a, b) => order[a.phase] - order[b.phase])
    },

    /** A competition's standing now (frozen once finished), with the viewer's own row, or their team's or office's. */
    async standing(player: GamePlayer, admin: boolean, id: string, now: number): Promise<CompetitionStanding> {
      const c = await row(db, id)
      const visible = admin || c.state === 'published' || (c.state === 'finished' && c.publishedAt !== null)
      if (!visible) throw new ApiError(404, 'not_found')
      const today = businessDay(now)
      const rows = c.state === 'finished' && c.standing ? c.standing : await compute(db, c, today)
      const mineId = c.kind === 'sellers' ? [player.id] : c.kind === 'teams' ? player.teamIds : player.officeId ? [player.officeId] : []
      return {
        competition: view(c, today),
        rows: rows.slice(0, 50),
        total: rows.length,
        frozen: c.state === 'finished',
        mine: rows.find((r) => mineId.includes(r.id)) ?? null,
      }
    },

    async create(actorId: string, input: CompetitionInput, now: number): Promise<Competition> {
      return database.transaction(async (tx) => {
        const id = crypto.randomUUID()
        const state = input.state ?? 'draft'
        await tx.insert(C).values({
          id,
          name: input.name,
          description: input.description ?? '',
          metric: input.metric,
          kind: input.kind,
          officeIds: input.officeIds ?? [],
          fromDay: input.from,
          toDay: input.to,
          prizes: (input.prizes ?? []).map((p) => ({ rank: p.rank, coins: p.coins ?? null, text: p.text ?? '' })),
          state,
          publishedAt: state === 'published' ? now : null,
          version: 1,
          createdById: actorId,
          createdAt: now,
          updatedAt: now,
        })
        const c = await row(tx, id)
        await scheduleEnd(tx, c)
        await logActivity(tx, t, { at: now, actorId, entity: 'game_competition', entityId: id, action: 'created', after: fields(c) })
        return view(c, businessDay(now))
      })
    },

    /** A change of a competition not finished: its version must be the one the admin read. */
    async update(actorId: string, id: string, version: number, input: CompetitionInput, now: number): Promise<Competition> {
      return database.transaction(async (tx) => {
        const before = await row(tx, id)
        if (before.version !== version) throw new ApiError(409, 'changed_elsewhere')
        if (before.state === 'finished') throw new ApiError(409, 'already_decided', { params: { state: 'finished' } })
        const state = input.state ?? 'draft'
        await tx
          .update(C)
          .set({
            name: input.name,
            description: input.description ?? '',
            metric: input.metric,
            kind: input.kind,
            officeIds: input.officeIds ?? [],
            fromDay: input.from,
            toDay: input.to,
            prizes: (input.prizes ?? []).map((p) => ({ rank: p.rank, coins: p.coins ?? null, text: p.text ?? '' })),
            state,
            publishedAt: state === 'published' ? (before.publishedAt ?? now) : before.publishedAt,
            version: sql`${C.version} + 1`,
            updatedAt: now,
          })
          .where(eq(C.id, id))
        const after = await row(tx, id)
        await scheduleEnd(tx, after)
        await logActivity(tx, t, {
          at: now,
          actorId,
          entity: 'game_competition',
          entityId: id,
          action: 'updated',
          ...changedFields(fields(before), fields(after)),
        })
        return view(after, businessDay(now))
      })
    },

    finish,

    finishDue,
  }
}
export type GameCompetitions = ReturnType<typeof gameCompetitions>
