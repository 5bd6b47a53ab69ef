import { subject } from '@casl/ability'
import { and, asc, eq } from 'drizzle-orm'
import { SALE_STATUSES, type DeviationType, type SaleStatus } from '../../../shared/rules/sale'
import { allowedNext, transitionProblem, type Mover, type TransitionInput } from '../../../shared/rules/sale-lifecycle'
import type { Translate } from '../../../shared/schemas/errors'
import type { OrderSaleSummary } from '../../../shared/schemas/orders'
import { logActivity } from '../../platform/activity-log'
import type { Db } from '../../db/client'
import { nextChangeVersion } from '../../db/change-counter'
import { ApiError, forbidden, notFound, validationError } from '../../lib/errors'
import { type SaleActor, type SaleRow, type SalesContext } from './sales.context'

/** A move of a sale report: its history line (the reason the seller reads) and the `sale.statusChanged` event. */
function moveRecorder(t: SalesContext['t'], events: SalesContext['events']) {
  return async function recordMove(
    tx: Db,
    sale: SaleRow,
    move: { to: SaleStatus; deviationType: DeviationType | null; reason: string | null },
    byUserId: string | null,
    at: number,
  ) {
    await tx.insert(t.saleStatusHistory).values({ id: crypto.randomUUID(), saleId: sale.id, status: move.to, note: move.reason, byUserId, at })
    await events.record(
      tx,
      'sale.statusChanged',
      {
        saleId: sale.id,
        sellerId: sale.sellerId,
        teamId: sale.teamId,
        officeId: sale.officeId,
        providerId: sale.providerId,
        soldAt: sale.soldAt,
        sellerCommissionOre: sale.sellerCommissionOre,
        from: sale.status,
        ...move,
        byUserId,
      },
      { actorId: byUserId, at },
    )
  }
}

/**
 * The sale report's lifecycle (shared/rules/sale-lifecycle.ts): who may see and move a report, and a move written
 * whole — its status, history line, log line, summary, deviation records and event.
 */
export function salesLifecycle(ctx: SalesContext) {
  const { t, events, summary, deviations, ports } = ctx

  const recordMove = moveRecorder(t, events)

  /**
   * A move the lifecycle allows, written whole: the status and the deviation's fields with a new change-counter
   * value (so the seller's device pulls it), the log line, the history line and event, and the deviation records.
   * `actorId` null is the system (an order import). Refused with 409 when the sale changed since it was read.
   */
  async function applyMove(tx: Db, sale: SaleRow, input: TransitionInput, actorId: string | null, byBackoffice: boolean, now: number) {
    const version = await nextChangeVersion(tx, t, sale.sellerId)
    const deviation = input.to === 'deviation'
    const changed = await tx
      .update(t.sales)
      .set({
        status: input.to,
        deviationType: deviation ? input.deviationType : null,
        deviationReason: deviation ? input.reason : null,
        version,
        updatedAt: now,
      })
      .where(and(eq(t.sales.id, sale.id), eq(t.sales.version, sale.version)))
      .returning({ id: t.sales.id })
    // Changed by another transaction after we read it (PostgreSQL's serializable isolation retries most of these).
    if (changed.length === 0) throw new ApiError(409, 'version_conflict', { details: { changes: [] } })
    const counted = await summary.entryOf(tx, sale)
    await summary.change(tx, counted, { ...counted, sale: { ...sale, status: input.to } })
    await logActivity(tx, t, {
      at: now,
      actorId,
      entity: 'sale_report',
      entityId: sale.id,
      action: 'status_changed',
      before: { status: sale.status, version: sale.version, deviationType: sale.deviationType },
      after: { status: input.to, version, deviationType: deviation ? input.deviationType : null },
      reason: input.reason,
    })
    await recordMove(tx, sale, { to: input.to, deviationType: deviation ? input.deviationType : null, reason: input.reason }, actorId, now)
    // Back office's move settles the deviation that was waiting (docs/decisions/024); a new one opens with it.
    if (byBackoffice) await deviations.resolve(tx, sale.id, input.to, actorId, now)
    if (deviation) await deviations.open(tx, sale, { type: input.deviationType!, reason: input.reason ?? '' }, actorId, now)
  }

  /** Back office and staff in scope see a report through `view sale_reports`; a seller sees their own. */
  const mayView = (actor: SaleActor, sale: SaleRow) => sale.sellerId === actor.id || actor.ability.can('view', subject('sale_reports', { ...sale }))

  /** As whom this user may move the report: back office (update sale_reports on it), the seller on their own. */
  const moversOf = (actor: SaleActor, sale: SaleRow) => {
    const movers = new Set<Mover>()
    if (actor.ability.can('update', subject('sale_reports', { ...sale }))) movers.add('backoffice')
    if (sale.sellerId === actor.id && actor.ability.can('update', subject('sales', { ...sale }))) movers.add('seller')
    return movers
  }

  /** The moves this user may make on the report now. */
  const nextFor = (actor: SaleActor, sale: SaleRow) =>
    SALE_STATUSES.filter((to) => to !== sale.status && allowedNext(sale.status, moversOf(actor, sale)).includes(to))

  /** A report's status as back office sees it: with the version to base the next change on, and its history. */
  async function statusAnswer(tx: Db, sale: SaleRow): Promise<SaleStatusAnswer> {
    const history = await tx
      .select({ status: t.saleStatusHistory.status, note: t.saleStatusHistory.note, byUserId: t.saleStatusHistory.byUserId, at: t.saleStatusHistory.at })
      .from(t.saleStatusHistory)
      .where(eq(t.saleStatusHistory.saleId, sale.id))
      .orderBy(asc(t.saleStatusHistory.at))
    return {
      id: sale.id,
      status: sale.status,
      version: sale.version,
      deviationType: sale.deviationType,
      deviationReason: sale.deviationReason,
      updatedAt: sale.updatedAt,
      statusHistory: history,
    }
  }

  /** The report's logged changes newer than `version`: what a user working from that version has not seen. */
  async function changesSince(tx: Db, saleId: string, version: number) {
    const entries = await tx
      .select()
      .from(t.activityLog)
      .where(and(eq(t.activityLog.entity, 'sale_report'), eq(t.activityLog.entityId, saleId)))
      .orderBy(asc(t.activityLog.id))
    return entries
      .filter((e) => typeof e.after?.version === 'number' && e.after.version > version)
      .map((e) => ({ at: e.at, actorId: e.actorId, action: e.action, before: e.before, after: e.after, reason: e.reason }))
  }

  return {
    recordMove,
    applyMove,
    mayView,
    moversOf,
    nextFor,
    statusAnswer,
    /**
     * Moves a sale report to another status (the lifecycle of shared/rules/sale-lifecycle.ts), as the user who may
     * see it and make that move, based on the version they saw. Refusals are ApiErrors that write nothing: 404 for
     * a report the user may not see, 403 for one they may see but not move, 409 `version_conflict` with the current
     * state and what changed since their version, 409 `invalid_transition` with the statuses allowed instead, 400
     * for a missing reason or deviation type. The new status, its history line (with the reason the seller reads),
     * the activity-log line and the `sale.statusChanged` event are written together, with a new change-counter
     * value so the seller's device pulls the change.
     */
    async changeStatus(
      tx: Db,
      actor: SaleActor,
      saleId: string,
      input: TransitionInput & { version: number },
      ctx: { now: number; translate: Translate },
    ): Promise<SaleStatusAnswer> {
      const [sale] = await tx.select().from(t.sales).where(eq(t.sales.id, saleId))
      if (!sale || !mayView(actor, sale)) throw notFound()
      const movers = moversOf(actor, sale)
      if (movers.size === 0) throw forbidden()
      if (sale.version !== input.version) {
        throw new ApiError(409, 'version_conflict', {
          details: { current: await statusAnswer(tx, sale), changes: await changesSince(tx, saleId, input.version) },
        })
      }
      const problem = transitionProblem(sale.status, input, movers)
      if (problem?.kind === 'invalid_transition') {
        const label = (s: SaleStatus) => ctx.translate(`sales.status.${s}`)
        throw new ApiError(409, 'invalid_transition', {
          params: { from: label(sale.status), to: label(input.to), allowed: problem.allowed.map(label).join(', ') || '–' },
          details: { from: sale.status, to: input.to, allowed: problem.allowed },
        })
      }
      if (problem) throw validationError({ [problem.field]: [ctx.translate(problem.message)] })
      // A sale from a telesales call needs the customer's written acceptance before it counts (docs/decisions/094).
      if (input.to === 'approved') {
        const blocker = await ports.approvalBlocker(tx, sale, ctx.translate)
        if (blocker) throw new ApiError(409, 'offer_not_accepted', { params: { reason: blocker } })
      }

      await applyMove(tx, sale, input, actor.id, movers.has('backoffice'), ctx.now)
      const [after] = await tx.select().from(t.sales).where(eq(t.sales.id, saleId))
      return statusAnswer(tx, after!)
    },
  }
}
export type SalesLifecycle = ReturnType<typeof salesLifecycle>

export type SaleStatusAnswer = {
  id: string
  status: SaleStatus
  version: number
  deviationType: string | null
  deviationReason: string | null
  updatedAt: number
  statusHistory: Array<{ status: SaleStatus; note: string | null; byUserId: string | null; at: number }>
}
export type { OrderSaleSummary }
