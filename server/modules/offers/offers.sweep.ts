import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm'
import { formatDate, formatTime } from '../../../shared/format'
import { TRANSLATORS } from '../../../shared/i18n'
import { logActivity } from '../../platform/activity-log'
import type { SecretBox } from '../../platform/secret-box'
import { e164, type SmsSender } from '../../platform/sms'
import type { OfferRow, OffersContext } from './offers.context'

export const SWEEP_JOB = 'offers.sweep'
const HOUR_MS = 3_600_000
const BATCH = 200

/**
 * The offers' clock (docs/decisions/094), run hourly: an offer unanswered after its rule's hours is reminded once —
 * the same link, by the ways it was sent — and one unanswered at its expiry closes as expired, which leaves no
 * contract: the sale becomes a regret. Each offer is its own transaction, guarded on its state, so two instances
 * sweeping at once remind and expire each offer once.
 */
export function offersSweep(ctx: OffersContext, sms: Pick<SmsSender, 'send'>, secrets: Pick<SecretBox, 'open'>, origin: string) {
  const { database, db, o, r, ports, mail, events } = ctx
  const SV = TRANSLATORS.sv

  async function expire(row: OfferRow, now: number) {
    return database.transaction(async (tx) => {
      const moved = await tx
        .update(o)
        .set({ state: 'expired', version: row.version + 1, updatedAt: now })
        .where(and(eq(o.id, row.id), eq(o.state, 'sent')))
        .returning({ id: o.id })
      if (moved.length === 0) return false
      await logActivity(tx, ctx.t, { at: now, actorId: null, entity: 'sale_offer', entityId: row.id, action: 'expired', after: { saleId: row.saleId } })
      await ports.withoutContract(tx, { saleId: row.saleId, reason: SV('offers.regret.expired'), now })
      await events.record(
        tx,
        'offer.answered',
        { offerId: row.id, saleId: row.saleId, sellerId: row.sellerId, teamId: row.teamId, outcome: 'expired' },
        { actorId: null, at: now },
      )
      return true
    })
  }

  async function remind(row: OfferRow, now: number) {
    return database.transaction(async (tx) => {
      const moved = await tx
        .update(o)
        .set({ remindedAt: now, updatedAt: now })
        .where(and(eq(o.id, row.id), eq(o.state, 'sent'), isNull(o.remindedAt)))
        .returning({ id: o.id })
      if (moved.length === 0) return false
      const sale = await ports.saleForOffer(tx, row.saleId)
      if (!sale) return false
      const t = TRANSLATORS[row.language] ?? SV
      const link = `${origin}/offer/${secrets.open(row.tokenSealed)}`
      const expires = `${formatDate(row.expiresAt, row.language)} ${formatTime(row.expiresAt, row.language)}`
      const params = { name: sale.customerName.split(' ')[0], provider: row.document.provider, link, expires }
      if (row.sentTo.email && sale.email) await mail.send(tx, { to: sale.email, template: 'saleOfferReminder', language: row.language, params })
      const smsTo = row.sentTo.sms ? e164(sale.phone, row.country) : null
      if (smsTo) await sms.send(tx, smsTo, t('offers.sms.reminder', params))
      await logActivity(tx, ctx.t, { at: now, actorId: null, entity: 'sale_offer', entityId: row.id, action: 'reminded', after: { saleId: row.saleId } })
      return true
    })
  }

  return {
    /** One pass: every offer past its expiry closed, every one past its reminder time reminded. */
    async sweep(now: number): Promise<{ expired: number; reminded: number }> {
      let expired = 0
      for (;;) {
        const due = await db
          .select()
          .from(o)
          .where(and(eq(o.state, 'sent'), lte(o.expiresAt, now)))
          .orderBy(asc(o.expiresAt))
          .limit(BATCH)
        for (const row of due) if (await expire(row, now)) expired++
        if (due.length < BATCH) break
      }
      let reminded = 0
      let after = 0
      for (;;) {
        const open = await db
          .select({ offer: o, hours: r.reminderAfterHours })
          .from(o)
          .innerJoin(r, and(eq(r.providerId, o.providerId), eq(r.country, o.country)))
          .where(and(eq(o.state, 'sent'), isNull(o.remindedAt), gt(o.expiresAt, now), gt(o.sentAt, after), lte(o.sentAt, now - HOUR_MS)))
          .orderBy(asc(o.sentAt))
          .limit(BATCH)
        for (const { offer, hours } of open) if (offer.sentAt + hours * HOUR_MS <= now && (await remind(offer, now))) reminded++
        if (open.length < BATCH) break
        after = open[open.length - 1]!.offer.sentAt
      }
      return { expired, reminded }
    },
  }
}
