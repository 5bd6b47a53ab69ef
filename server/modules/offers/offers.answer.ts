import { and, eq } from 'drizzle-orm'
import { TRANSLATORS } from '../../../shared/i18n'
import type { OfferAnswerInput, PublicOffer } from '../../../shared/schemas/offers'
import type { Db } from '../../db/client'
import { ApiError, notFound } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import { documentHashOf, hashToken, type OfferRow, type OffersContext } from './offers.context'
import { EidRefused, type EidEvidence, type OffersEid } from './offers.eid'

/** The sale's history line says why it became a regret, in the organisation's language (Swedish). */
const SV = TRANSLATORS.sv

/**
 * The customer's side (docs/decisions/094): the offer behind a link, read and answered with no sign-in. The answer
 * names the hash of the document the customer was shown; it is taken only while the offer waits, before it expires,
 * on that very document, and while the document is still the sale as it stands. The evidence kept: the time, the
 * hash, the address and the browser. A decline leaves no contract: the sale becomes a regret in the same transaction.
 */
export function offersAnswering(ctx: OffersContext, eid: OffersEid) {
  const { database, db, o, currentDocument, events, ports } = ctx

  async function byToken(tx: Db, token: string): Promise<OfferRow> {
    const [row] = await tx
      .select()
      .from(o)
      .where(eq(o.tokenHash, hashToken(token)))
    if (!row) throw notFound()
    return row
  }

  /** An offer past its time that the sweep has not closed yet reads as expired all the same. */
  const stateAt = (row: OfferRow, now: number) => (row.state === 'sent' && row.expiresAt <= now ? 'expired' : row.state)

  /** The customer's view: the eID button only while the broker is on (a required one that is off says so on the page). */
  async function publicOf(tx: Db, row: OfferRow, now: number): Promise<PublicOffer> {
    const broker = row.eid === 'off' ? null : await eid.activeBroker(tx)
    return {
      state: stateAt(row, now),
      language: row.language,
      document: row.document,
      documentHash: row.documentHash,
      sentAt: row.sentAt,
      expiresAt: row.expiresAt,
      answeredAt: row.answeredAt,
      eid: row.eid === 'off' ? null : broker || row.eid === 'required' ? { mode: row.eid, label: broker?.label ?? '' } : null,
      answeredWithEid: row.eidSubject !== null,
    }
  }

  /**
   * The answer, in one transaction: taken only while the offer waits, on the document shown, which is still the sale;
   * an acceptance through the eID broker carries who signed in there. An offer that needs an eID is not accepted
   * without one (a decline never needs one).
   */
  async function take(
    token: string,
    input: OfferAnswerInput,
    c: { now: number; ip: string | null; userAgent: string | null },
    evidence: EidEvidence | null,
  ): Promise<PublicOffer> {
    return database.transaction(async (tx) => {
      const row = await byToken(tx, token)
      const state = stateAt(row, c.now)
      if (state === 'superseded') throw new ApiError(410, 'offer_superseded')
      if (state === 'accepted' || state === 'declined') throw new ApiError(409, 'offer_answered')
      if (state !== 'sent') throw new ApiError(410, 'offer_expired')
      // The customer answers the document they were shown, and it must still be the order as it stands.
      if (input.documentHash !== row.documentHash) throw new ApiError(409, 'offer_changed')
      // A sale regretted meanwhile (its offer is withdrawn right after) can no longer be accepted.
      const sale = await ports.saleForOffer(tx, row.saleId)
      if (!sale || sale.status === 'regret') throw new ApiError(410, 'offer_expired')
      const current = await currentDocument(tx, row)
      if (!current || documentHashOf(current) !== row.documentHash) throw new ApiError(409, 'offer_changed')

      const accepted = input.decision === 'accept'
      if (accepted && row.eid === 'required' && !evidence) throw new ApiError(409, 'offer_eid_required')
      const reason = accepted ? null : input.reason?.trim() || null
      const changed = await tx
        .update(o)
        .set({
          state: accepted ? 'accepted' : 'declined',
          answeredAt: c.now,
          answeredHash: input.documentHash,
          answerIp: c.ip?.slice(0, 64) ?? null,
          answerUserAgent: c.userAgent?.slice(0, 500) ?? null,
          declineReason: reason,
          ...(accepted && evidence
            ? {
                eidIssuer: evidence.issuer,
                eidSubject: evidence.subject,
                eidName: evidence.name,
                eidNumberHash: evidence.numberHash,
                eidAcr: evidence.acr,
                eidAuthAt: evidence.authAt,
              }
            : {}),
          version: row.version + 1,
          updatedAt: c.now,
        })
        .where(and(eq(o.id, row.id), eq(o.state, 'sent')))
        .returning({ id: o.id })
      // Answered meanwhile (a second tab, a double tap): the first answer stands.
      if (changed.length === 0) throw new ApiError(409, 'offer_answered')
      await logActivity(tx, ctx.t, {
        at: c.now,
        actorId: null,
        entity: 'sale_offer',
        entityId: row.id,
        action: accepted ? 'accepted' : 'declined',
        after: { saleId: row.saleId, documentHash: input.documentHash, ip: c.ip, reason, ...(evidence ? { eid: evidence.issuer, eidAcr: evidence.acr } : {}) },
      })
      if (!accepted) {
        const because = reason ? SV('offers.regret.declinedBecause', { reason }) : SV('offers.regret.declined')
        await ports.withoutContract(tx, { saleId: row.saleId, reason: because, now: c.now })
      }
      await events.record(
        tx,
        'offer.answered',
        { offerId: row.id, saleId: row.saleId, sellerId: row.sellerId, teamId: row.teamId, outcome: accepted ? 'accepted' : 'declined' },
        { actorId: null, at: c.now },
      )
      const [after] = await tx.select().from(o).where(eq(o.id, row.id))
      return publicOf(tx, after!, c.now)
    })
  }

  return {
    read: async (token: string, now: number): Promise<PublicOffer> => publicOf(db, await byToken(db, token), now),
    answer: (token: string, input: OfferAnswerInput, c: { now: number; ip: string | null; userAgent: string | null }) => take(token, input, c, null),

    /** Leaving for the eID broker: only for an offer that waits, on the document the page shows. */
    async startEid(token: string, documentHash: string, c: { now: number; redirectUri: string }) {
      const row = await byToken(db, token)
      const state = stateAt(row, c.now)
      if (state === 'accepted' || state === 'declined') throw new EidRefused('answered', token)
      if (state !== 'sent') throw new EidRefused('expired', token)
      if (documentHash !== row.documentHash) throw new EidRefused('changed', token)
      return eid.start({ token, documentHash, eid: row.eid }, c.redirectUri, c.now)
    },

    /**
     * Back from the eID broker: the acceptance it proved, taken as any acceptance is (or why it was not). An offer
     * already answered (the callback reloaded) says so before the broker is asked again.
     */
    async finishEid(currentUrl: URL, sealed: string | undefined, c: { now: number; redirectUri: string; ip: string | null; userAgent: string | null }) {
      const pending = eid.pendingOf(sealed, c.now)
      const token = pending.t
      const row = await byToken(db, token).catch(() => null)
      if (!row) throw new EidRefused('expired', null)
      const state = stateAt(row, c.now)
      if (state === 'accepted' || state === 'declined') throw new EidRefused('answered', token)
      const { documentHash, evidence } = await eid.finish(pending, currentUrl, c.redirectUri)
      try {
        await take(token, { decision: 'accept', documentHash }, c, evidence)
      } catch (err) {
        if (!(err instanceof ApiError)) throw err
        const code = err.code
        throw new EidRefused(code === 'offer_answered' ? 'answered' : code === 'offer_changed' ? 'changed' : 'expired', token)
      }
      return token
    },
  }
}
