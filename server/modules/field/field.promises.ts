import { subject } from '@casl/ability'
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { PROMISE_ESCALATE_AFTER_MS, PROMISE_QUEUE_AFTER_MS, PROMISE_REMINDER_MS, promiseFigures, promiseProblems } from '../../../shared/rules/field'
import {
  closePromiseSchema,
  promiseMutationSchema,
  type PromiseKind,
  type PromisesReport,
  type PromisesReportQuery,
  type QueuedPromise,
} from '../../../shared/schemas/field'
import { nextChangeVersion } from '../../db/change-counter'
import type { Db, Schema } from '../../db/client'
import { accessFilter, withAccess } from '../../db/conditions'
import { ApiError, forbidden, notFound } from '../../lib/errors'
import { parseMutationArgs, Rejection, requireDevicePermission, type Mutators, type PullSource, ownedPullSource } from '../../lib/sync-contract'
import { logActivity } from '../../platform/activity-log'
import type { FieldContext } from './field.context'

export const PROMISE_REMINDER_JOB = 'field.promiseReminder'
export const PROMISE_OVERDUE_JOB = 'field.promiseOverdue'
export const PROMISE_UNOWNED_JOB = 'field.promiseUnowned'

type PromiseRow = Schema['fieldPromises']['$inferSelect']
type NewPromise = {
  id: string
  kind: PromiseKind
  holderId: string
  createdById: string
  teamId: string | null
  officeId: string | null
  customerName: string | null
  phone: string | null
  address: string | null
  note: string | null
  dueAt: number
}

/** Who or where a promise is, in a line: the customer's name and the address, or the number. */
const whoOf = (p: Pick<PromiseRow, 'customerName' | 'address' | 'phone'>) => [p.customerName, p.address ?? p.phone].filter(Boolean).join(', ')

/**
 * Promises (docs/decisions/097): every come-back, call-back and appointment a seller holds, on their device offline, with
 * a reminder before each. One left open an hour past its time moves to the team's shared queue — a job at that moment,
 * whose update is guarded on the promise still being open and unqueued, so it moves once however many instances run
 * it — and a day past its time still without a holder, the team's coaches are told. A teammate takes it from the queue.
 */
export function promiseDevice(ctx: FieldContext) {
  const { t, jobs, ports } = ctx
  const p = t.fieldPromises

  /** A promise made: its row (the holder's change counter), its reminder and its moment of being overdue. */
  async function open(tx: Db, n: NewPromise, at: number, holderVersion: number) {
    await tx.insert(p).values({
      id: n.id,
      kind: n.kind,
      userId: n.holderId,
      teamId: n.teamId,
      officeId: n.officeId,
      createdById: n.createdById,
      customerName: n.customerName,
      phone: n.phone,
      address: n.address,
      note: n.note,
      dueAt: n.dueAt,
      state: 'open',
      closedAt: null,
      queuedAt: null,
      missedById: null,
      takenAt: null,
      escalatedAt: null,
      version: holderVersion,
      createdAt: at,
      updatedAt: at,
    })
    // A door's come-back keeps the visit's own reminder (decision 073); the others get theirs here.
    if (n.kind !== 'comeBack')
      await jobs.enqueue(
        tx,
        PROMISE_REMINDER_JOB,
        { promiseId: n.id },
        { runAt: Math.max(at, n.dueAt - PROMISE_REMINDER_MS), uniqueKey: `promise-remind:${n.id}` },
      )
    await jobs.enqueue(
      tx,
      PROMISE_OVERDUE_JOB,
      { promiseId: n.id },
      { runAt: Math.max(at, n.dueAt + PROMISE_QUEUE_AFTER_MS), uniqueKey: `promise-overdue:${n.id}` },
    )
  }

  /** A refusal with its translated field errors. */
  const refuse = (translate: (key: string) => string, problems: Record<string, string>) =>
    new Rejection('validation_failed', Object.fromEntries(Object.entries(problems).map(([f, key]) => [f, [translate(key)]])))

  const mutators: Mutators = {
    /** A call-back or an appointment made on the device (offline like a sale). */
    async recordPromise(sync, args) {
      requireDevicePermission(sync, 'create', 'sales')
      const input = parseMutationArgs(promiseMutationSchema, args, sync.translate)
      const problems = promiseProblems(input, sync.now)
      if (Object.keys(problems).length > 0) throw refuse(sync.translate, problems)
      const [existing] = await sync.tx.select({ id: p.id }).from(p).where(eq(p.id, input.id))
      if (existing) throw new Rejection('conflict')
      let holderId = sync.actor.id
      let holderVersion: number
      if (input.closerId && input.closerId !== sync.actor.id) {
        // A closer is a teammate: an active member of the setter's team.
        const team = sync.actor.teamId ? await ports.members(sync.tx, [sync.actor.teamId]) : []
        if (!team.some((m) => m.id === input.closerId)) throw refuse(sync.translate, { closerId: 'validation.promises.closer' })
        holderId = input.closerId
        holderVersion = await nextChangeVersion(sync.tx, t, holderId)
      } else holderVersion = await sync.version()
      await open(
        sync.tx,
        {
          id: input.id,
          kind: input.kind,
          holderId,
          createdById: sync.actor.id,
          teamId: sync.actor.teamId,
          officeId: sync.actor.officeId,
          customerName: input.customerName,
          phone: input.phone,
          address: input.address,
          note: input.note,
          dueAt: input.dueAt,
        },
        sync.now,
        holderVersion,
      )
      await logActivity(sync.tx, t, {
        at: sync.now,
        actorId: sync.actor.id,
        entity: 'field_promise',
        entityId: input.id,
        action: 'created',
        after: { kind: input.kind, holderId },
      })
    },
    /** A promise's end, from its holder's device: kept, the customer not there, or cancelled. */
    async closePromise(sync, args) {
      requireDevicePermission(sync, 'create', 'sales')
      const input = parseMutationArgs(closePromiseSchema, args, sync.translate)
      const [row] = await sync.tx.select().from(p).where(eq(p.id, input.id))
      if (!row || row.userId !== sync.actor.id) throw new Rejection('forbidden')
      if (row.state === input.end) return // the same end sent again
      // Gone to the team's queue before the device heard: a teammate may take it, and it is no longer this seller's.
      if (row.state !== 'open' || (row.queuedAt !== null && row.takenAt === null)) throw refuse(sync.translate, { end: 'validation.promises.notOpen' })
      if (input.end === 'noShow' && row.kind !== 'appointment') throw refuse(sync.translate, { end: 'validation.promises.noShowAppointment' })
      if (input.at > sync.now + 5 * 60_000) throw refuse(sync.translate, { at: 'validation.promises.future' })
      await sync.tx
        .update(p)
        .set({ state: input.end, closedAt: input.at, version: await sync.version(), updatedAt: sync.now })
        .where(eq(p.id, row.id))
      await logActivity(sync.tx, t, {
        at: sync.now,
        actorId: sync.actor.id,
        entity: 'field_promise',
        entityId: row.id,
        action: 'closed',
        after: { end: input.end },
      })
    },
  }

  /** The holder's promises to their device: one moved to the queue is taken off it. */
  const pullSource: PullSource = {
    ...ownedPullSource(p, (row) =>
      row.queuedAt !== null && row.takenAt === null
        ? { op: 'del', table: 'promises', key: row.id }
        : {
            op: 'put',
            table: 'promises',
            key: row.id,
            value: {
              id: row.id,
              kind: row.kind,
              customerName: row.customerName,
              phone: row.phone,
              address: row.address,
              note: row.note,
              dueAt: row.dueAt,
              state: row.state,
              closedAt: row.closedAt,
              bookedBy: row.createdById !== row.userId && row.kind === 'appointment' ? row.createdById : null,
              taken: row.takenAt !== null,
            },
          },
    ),
    optIn: 'promises',
  }

  return {
    mutators,
    pullSource,
    /** a door's come-back as a promise, in the visit's transaction (its id is the visit's) */
    fromComeBack: (tx: Db, n: Omit<NewPromise, 'kind' | 'createdById'>, at: number, holderVersion: number) =>
      open(tx, { ...n, kind: 'comeBack', createdById: n.holderId }, at, holderVersion),
    /**
     * whether a come-back's reminder still stands: not kept or cancelled. One that reached the server after its time
     * (a phone offline all day) is reminded and queued at once, in whichever order the two jobs run.
     */
    async stillOpen(tx: Db, id: string): Promise<boolean> {
      const [row] = await tx.select({ state: p.state }).from(p).where(eq(p.id, id))
      return !row || row.state === 'open'
    },
  }
}
export type PromiseDevice = ReturnType<typeof promiseDevice>

/**
 * The promises' clock (decision 097): the reminder before a call-back or an appointment; the move to the team's queue an
 * hour past its time, guarded on the promise still being open and unqueued (two instances running it move it once); a
 * day past its time with no one holding it, the coaches told, once.
 */
export function definePromiseJobs(ctx: FieldContext) {
  const { t, events, jobs, database } = ctx
  const p = t.fieldPromises

  jobs.define(PROMISE_REMINDER_JOB, async (job) => {
    const { promiseId } = job.payload as { promiseId: string }
    await database.transaction(async (tx) => {
      const [row] = await tx.select().from(p).where(eq(p.id, promiseId))
      // Not once it is kept or cancelled; one that arrived after its time is reminded as it goes to the queue.
      if (!row || row.state !== 'open') return
      await events.record(
        tx,
        'promise.remind',
        { promiseId, userId: row.userId, kind: row.kind, who: whoOf(row), phone: row.phone, dueAt: row.dueAt, note: row.note },
        { actorId: null, at: Date.now() },
      )
    })
    return { reminded: promiseId }
  })

  jobs.define(PROMISE_OVERDUE_JOB, async (job) => {
    const { promiseId } = job.payload as { promiseId: string }
    const moved = await database.transaction(async (tx) => {
      const now = Date.now()
      const [row] = await tx.select().from(p).where(eq(p.id, promiseId))
      if (!row || row.state !== 'open' || row.queuedAt !== null || row.takenAt !== null) return false
      // The holder's device is told to drop it (a change of theirs); the guard makes a second run change nothing.
      const version = await nextChangeVersion(tx, t, row.userId)
      const done = await tx
        .update(p)
        .set({ queuedAt: now, missedById: row.userId, version, updatedAt: now })
        .where(and(eq(p.id, promiseId), eq(p.state, 'open'), isNull(p.queuedAt), isNull(p.takenAt)))
        .returning({ id: p.id })
      if (done.length === 0) return false
      await logActivity(tx, t, { at: now, actorId: null, entity: 'field_promise', entityId: promiseId, action: 'queued', after: { missedById: row.userId } })
      await events.record(
        tx,
        'promise.queued',
        { promiseId, kind: row.kind, userId: row.userId, teamId: row.teamId, who: whoOf(row), dueAt: row.dueAt },
        { actorId: null, at: now },
      )
      await jobs.enqueue(
        tx,
        PROMISE_UNOWNED_JOB,
        { promiseId },
        { runAt: Math.max(now, row.dueAt + PROMISE_ESCALATE_AFTER_MS), uniqueKey: `promise-unowned:${promiseId}` },
      )
      return true
    })
    return { moved }
  })

  jobs.define(PROMISE_UNOWNED_JOB, async (job) => {
    const { promiseId } = job.payload as { promiseId: string }
    await database.transaction(async (tx) => {
      const now = Date.now()
      const done = await tx
        .update(p)
        .set({ escalatedAt: now, updatedAt: now })
        .where(and(eq(p.id, promiseId), eq(p.state, 'open'), isNotNull(p.queuedAt), isNull(p.takenAt), isNull(p.escalatedAt)))
        .returning()
      const row = done[0]
      if (!row || !row.teamId) return
      await events.record(
        tx,
        'promise.unowned',
        { promiseId, kind: row.kind, teamId: row.teamId, missedById: row.missedById, who: whoOf(row), dueAt: row.dueAt },
        { actorId: null, at: now },
      )
    })
    return { escalated: promiseId }
  })
}

/** The team's queue, taking from it, the closers to book for, and the coach's figures. */
export function promiseQueue(ctx: FieldContext) {
  const { t, database, ports } = ctx
  const p = t.fieldPromises

  type Places = Awaited<ReturnType<typeof ports.places>>
  /** The open queue of some teams (the places read once by a caller that has them). */
  async function queueOf(tx: Db, teamIds: string[], known?: Places, limit = 200): Promise<QueuedPromise[]> {
    if (teamIds.length === 0) return []
    const rows = await tx
      .select()
      .from(p)
      .where(and(inArray(p.teamId, teamIds), eq(p.state, 'open'), isNotNull(p.queuedAt), isNull(p.takenAt)))
      .orderBy(asc(p.dueAt), asc(p.id))
      .limit(limit)
    if (rows.length === 0) return []
    const [names, places] = await Promise.all([
      ports.names(tx, { userIds: [...new Set(rows.flatMap((r) => (r.missedById ? [r.missedById] : [])))] }),
      known ?? ports.places(tx),
    ])
    const teams = new Map(places.teams.map((x) => [x.id, x.name]))
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      customerName: r.customerName,
      phone: r.phone,
      address: r.address,
      note: r.note,
      dueAt: r.dueAt,
      queuedAt: r.queuedAt!,
      teamName: r.teamId ? (teams.get(r.teamId) ?? '') : '',
      missedByName: r.missedById ? (names.get(r.missedById) ?? '') : '',
    }))
  }

  return {
    /** The shared queue of the seller's team. */
    async teamQueue(actor: { teamIds: string[] }): Promise<QueuedPromise[]> {
      return queueOf(ctx.db, actor.teamIds)
    },
    /** The seller's teammates who may keep an appointment they book (the closers). */
    async closers(actor: { id: string; teamIds: string[] }): Promise<Array<{ id: string; name: string }>> {
      if (actor.teamIds.length === 0) return []
      return (await ports.members(ctx.db, actor.teamIds)).filter((m) => m.id !== actor.id).map((m) => ({ id: m.id, name: m.name }))
    },
    /** A teammate takes a promise from the queue: it is theirs, on their device, from now on. First come, first served. */
    async take(actor: { id: string; teamIds: string[] }, id: string): Promise<void> {
      await database.transaction(async (tx) => {
        const now = Date.now()
        const [row] = await tx.select().from(p).where(eq(p.id, id))
        if (!row || row.teamId === null || !actor.teamIds.includes(row.teamId)) throw notFound()
        if (row.state !== 'open' || row.queuedAt === null || row.takenAt !== null) throw new ApiError(409, 'promise_taken')
        const version = await nextChangeVersion(tx, t, actor.id)
        const done = await tx
          .update(p)
          .set({ userId: actor.id, takenAt: now, version, updatedAt: now })
          .where(and(eq(p.id, id), isNull(p.takenAt)))
          .returning({ id: p.id })
        if (done.length === 0) throw new ApiError(409, 'promise_taken')
        await logActivity(tx, t, { at: now, actorId: actor.id, entity: 'field_promise', entityId: id, action: 'taken', after: { from: row.missedById } })
      })
    },
    /** Kept, late and missed per seller and no-shows per setter for promises due in the period, with the teams' queue. */
    async report(ability: AppAbility, q: PromisesReportQuery): Promise<PromisesReport> {
      const places = await ports.places(ctx.db)
      if (q.teamId) {
        const team = places.teams.find((x) => x.id === q.teamId)
        if (!team || !ability.can('view', subject('controlling', { teamId: team.id, officeId: team.officeId }))) throw forbidden()
      }
      const from = Date.parse(`${q.from}T00:00:00Z`) - 86_400_000
      const to = Date.parse(`${q.to}T00:00:00Z`) + 2 * 86_400_000
      const dayOf = new Intl.DateTimeFormat('sv-SE', { timeZone: ctx.timezone })
      const scope = accessFilter(ability, 'view', 'controlling', { teamId: p.teamId, officeId: p.officeId }, { inline: true })
      const rows = (
        await ctx.db
          .select()
          .from(p)
          .where(withAccess(scope, gte(p.dueAt, from), lt(p.dueAt, to), q.teamId ? eq(p.teamId, q.teamId) : undefined))
      ).filter((r) => {
        const day = dayOf.format(r.dueAt)
        return day >= q.from && day <= q.to
      })
      const people = [...new Set(rows.flatMap((r) => [r.userId, r.createdById, ...(r.missedById ? [r.missedById] : [])]))]
      const names = await ports.names(ctx.db, { userIds: people })
      const figures = promiseFigures(rows, Date.now(), names)
      // The queue as it stands now, of the teams the reader sees.
      const teamIds = places.teams
        .filter((x) => (q.teamId ? x.id === q.teamId : true) && ability.can('view', subject('controlling', { teamId: x.id, officeId: x.officeId })))
        .map((x) => x.id)
      return { ...figures, queue: await queueOf(ctx.db, teamIds, places) }
    },
  }
}
export type PromiseQueue = ReturnType<typeof promiseQueue>

/** Promises (decision 097): the device's side, the team's queue; their jobs defined once. */
export function fieldPromises(ctx: FieldContext) {
  definePromiseJobs(ctx)
  return {
    /** what the holder's device sends and receives, and a door's come-back made a promise */
    device: promiseDevice(ctx),
    /** the team's queue and the coach's figures */
    queue: promiseQueue(ctx),
  }
}
export type FieldPromises = ReturnType<typeof fieldPromises>
