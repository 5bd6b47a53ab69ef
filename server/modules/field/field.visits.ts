import { and, eq, gte, inArray, lt } from 'drizzle-orm'
import { visitProblems } from '../../../shared/rules/field'
import { visitMutationSchema, type VisitInput } from '../../../shared/schemas/field'
import { logActivity } from '../../platform/activity-log'
import {
  ownedPullSource,
  parseMutationArgs,
  Rejection,
  requireDevicePermission,
  type MutatorContext,
  type Mutators,
  type PullSource,
} from '../../lib/sync-contract'
import type { FieldContext } from './field.context'
import type { PromiseDevice } from './field.promises'

export const VISIT_REMINDER_JOB = 'field.visitReminder'
/** A come-back's reminder comes this long before the time. */
export const REMINDER_AHEAD_MS = 30 * 60_000

/**
 * Door visits (decision 073): recorded on the seller's device, offline like a sale, and taken once by the sync; a
 * come-back's time becomes a job that reminds the seller (a notification to their phone) half an hour before. The
 * seller's own visits travel back to their device (opt-in `visits`).
 */
export function fieldVisits(ctx: FieldContext, promises: Pick<PromiseDevice, 'fromComeBack' | 'stillOpen'>) {
  const { t, events } = ctx
  const v = t.fieldVisits

  ctx.jobs.define(VISIT_REMINDER_JOB, async (job) => {
    const { visitId } = job.payload as { visitId: string }
    await ctx.database.transaction(async (tx) => {
      const [visit] = await tx.select().from(v).where(eq(v.id, visitId))
      if (!visit || visit.outcome !== 'comeBack' || visit.comeBackAt === null) return
      // Kept or cancelled before its time (decision 097): no reminder.
      if (!(await promises.stillOpen(tx, visitId))) return
      await events.record(
        tx,
        'visit.remind',
        { visitId, userId: visit.userId, address: [visit.address, visit.city].filter(Boolean).join(', '), comeBackAt: visit.comeBackAt, note: visit.note },
        { actorId: null, at: Date.now() },
      )
    })
    return { reminded: visitId }
  })

  async function record(sync: MutatorContext, input: VisitInput) {
    const problems = visitProblems(input, sync.now)
    if (Object.keys(problems).length > 0)
      throw new Rejection('validation_failed', Object.fromEntries(Object.entries(problems).map(([f, key]) => [f, [sync.translate(key)]])))
    const [existing] = await sync.tx.select({ id: v.id }).from(v).where(eq(v.id, input.id))
    if (existing) throw new Rejection('conflict')
    const { position, ...fields } = input
    await sync.tx.insert(v).values({
      ...fields,
      userId: sync.actor.id,
      teamId: sync.actor.teamId,
      officeId: sync.actor.officeId,
      lat: position?.lat ?? null,
      lng: position?.lng ?? null,
      accuracy: position?.accuracy ?? null,
      version: await sync.version(),
      createdAt: sync.now,
    })
    if (input.outcome === 'comeBack' && input.comeBackAt !== null) {
      // The come-back is a promise too (decision 097): on the seller's list, and to the team's queue if left overdue.
      await promises.fromComeBack(
        sync.tx,
        {
          id: input.id,
          holderId: sync.actor.id,
          teamId: sync.actor.teamId,
          officeId: sync.actor.officeId,
          customerName: null,
          phone: null,
          address: [input.address, input.city].filter(Boolean).join(', '),
          note: input.note,
          dueAt: input.comeBackAt,
        },
        sync.now,
        await sync.version(),
      )
      await ctx.jobs.enqueue(
        sync.tx,
        VISIT_REMINDER_JOB,
        { visitId: input.id },
        { runAt: Math.max(sync.now, input.comeBackAt - REMINDER_AHEAD_MS), uniqueKey: `visit:${input.id}` },
      )
    }
    await logActivity(sync.tx, t, {
      at: sync.now,
      actorId: sync.actor.id,
      entity: 'field_visit',
      entityId: input.id,
      action: 'created',
      after: { outcome: input.outcome },
    })
  }

  const mutators: Mutators = {
    async recordVisit(sync, args) {
      requireDevicePermission(sync, 'create', 'sales')
      await record(sync, parseMutationArgs(visitMutationSchema, args, sync.translate))
    },
  }
  const pullSource: PullSource = {
    ...ownedPullSource(v, (row) => ({
      op: 'put',
      table: 'visits',
      key: row.id,
      value: {
        id: row.id,
        outcome: row.outcome,
        address: row.address,
        postalCode: row.postalCode,
        city: row.city,
        note: row.note,
        comeBackAt: row.comeBackAt,
        visitedAt: row.visitedAt,
        runId: row.runId,
        lat: row.lat,
        lng: row.lng,
      },
    })),
    optIn: 'visits',
  }
  return { mutators, pullSource }
}

/** Doors knocked and answered per day (in the organisation's zone) and seller, for the runs screen. */
export async function visitsByDay(
  ctx: FieldContext,
  userIds: string[],
  from: string,
  to: string,
): Promise<Map<string, Map<string, { doors: number; contacts: number }>>> {
  const v = ctx.t.fieldVisits
  const out = new Map<string, Map<string, { doors: number; contacts: number }>>()
  if (userIds.length === 0) return out
  // A day's visits are those of its local date: read a day either side, then placed by their local date.
  const start = Date.parse(`${from}T00:00:00Z`) - 86_400_000
  const end = Date.parse(`${to}T00:00:00Z`) + 2 * 86_400_000
  const dayOf = new Intl.DateTimeFormat('sv-SE', { timeZone: ctx.timezone })
  for (let i = 0; i < userIds.length; i += 500) {
    const rows = await ctx.db
      .select({ userId: v.userId, outcome: v.outcome, visitedAt: v.visitedAt })
      .from(v)
      .where(and(inArray(v.userId, userIds.slice(i, i + 500)), gte(v.visitedAt, start), lt(v.visitedAt, end)))
    for (const r of rows) {
      const day = dayOf.format(r.visitedAt)
      if (day < from || day > to) continue
      const byUser = out.get(day) ?? new Map<string, { doors: number; contacts: number }>()
      const c = byUser.get(r.userId) ?? { doors: 0, contacts: 0 }
      c.doors++
      if (r.outcome !== 'notHome') c.contacts++
      byUser.set(r.userId, c)
      out.set(day, byUser)
    }
  }
  return out
}
