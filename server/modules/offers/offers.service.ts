import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import type { DomainEvent } from '../../platform/event-types'
import type { Deps } from '../../platform/deps'
import { logActivity } from '../../platform/activity-log'
import { offersAnswering } from './offers.answer'
import { offersContext, type OffersPorts } from './offers.context'
import { offersEid } from './offers.eid'
import { offersEvidence } from './offers.evidence'
import { offersReads } from './offers.reads'
import { offerRulesAdmin } from './offers.rules'
import { offersSending } from './offers.send'
import { offersSweep, SWEEP_JOB } from './offers.sweep'

export type { OffersPorts } from './offers.context'
export { SWEEP_JOB as OFFERS_SWEEP_JOB } from './offers.sweep'

/**
 * Written offers after a telesales call (issue 75, docs/decisions/094): the rules per provider and country, sending
 * an offer after the call, the customer's answer behind a link (or through the eID broker), the evidence a sale's approval rests on, the list
 * and figures, and the hourly reminders and expiries.
 */
export function offersService(deps: Pick<Deps, 'database' | 'events' | 'env' | 'jobs' | 'mail' | 'sms' | 'secrets'>, ports: OffersPorts) {
  const ctx = offersContext(deps, ports)
  const origin = deps.env.appOrigins[0] ?? `http://localhost:${deps.env.port}`
  const clock = offersSweep(ctx, deps.sms, deps.secrets, origin)
  deps.jobs.define(SWEEP_JOB, async () => clock.sweep(Date.now()))
  const { o } = ctx
  const eid = offersEid(ctx, deps.secrets)

  return {
    rules: offerRulesAdmin(ctx),
    sending: offersSending(ctx, deps.sms, deps.secrets),
    eid,
    customer: offersAnswering(ctx, eid),
    evidence: offersEvidence(ctx),
    reads: offersReads(ctx),
    clock,
    /**
     * A sale that became a regret by anything but its offer (back office, a quality call, a double sale): its open
     * offer is withdrawn, so the customer cannot accept what no longer stands.
     */
    async fromSaleMoved(tx: Db, event: DomainEvent<'sale.statusChanged'>) {
      if (event.payload.to !== 'regret') return
      const withdrawn = await tx
        .update(o)
        .set({ state: 'withdrawn', updatedAt: event.occurredAt })
        .where(and(eq(o.saleId, event.payload.saleId), eq(o.state, 'sent')))
        .returning({ id: o.id })
      for (const w of withdrawn) {
        await logActivity(tx, ctx.t, {
          at: event.occurredAt,
          actorId: null,
          entity: 'sale_offer',
          entityId: w.id,
          action: 'withdrawn',
          after: { saleId: event.payload.saleId },
        })
      }
    },
  }
}
export type OffersService = ReturnType<typeof offersService>

/** The offers' hourly clock, set at start: reminders and expiries. */
export async function scheduleOfferJobs(jobs: Pick<Deps['jobs'], 'schedule'>) {
  await jobs.schedule(SWEEP_JOB, SWEEP_JOB, { kind: 'hourly', minute: 17 })
}
