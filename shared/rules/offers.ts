import type { LanguageCode } from '../i18n/languages'

/**
 * Written offers after a telesales call (issue 75, docs/decisions/094), as rules both sides share: what an offer's
 * document holds, its one canonical form (what is hashed), what counts as evidence for approving the sale, and the
 * figures back office reads per provider. Table tests: offers.test.ts.
 *
 * The law: in Sweden a contract from a call the seller initiated is valid only once the consumer accepts in writing
 * the offer the seller confirmed after the call (distansavtalslagen 2005:59, 3 kap. 3 a §); in Finland likewise since
 * 1 January 2023 (kuluttajansuojalaki 6 luku 9 a §, law 693/2022). docs/telesales-law.md names the sources.
 */

export const OFFER_STATES = ['sent', 'accepted', 'declined', 'expired', 'superseded', 'withdrawn'] as const
export type OfferState = (typeof OFFER_STATES)[number]
/** The states an offer no longer waits in. */
export const OFFER_CLOSED: readonly OfferState[] = ['accepted', 'declined', 'expired', 'superseded', 'withdrawn']

/** The countries whose law this implements: the seller's office's region decides where a sale is made. */
export const OFFER_COUNTRIES = ['SE', 'FI'] as const
export type OfferCountry = (typeof OFFER_COUNTRIES)[number]

/**
 * How the customer accepts (docs/decisions/100): by the link alone (`off`), by the link or through the organisation's
 * eID broker at their choice (`optional`), or only through the eID broker (`required`). A decline never needs an eID.
 */
export const OFFER_EID_MODES = ['off', 'optional', 'required'] as const
export type OfferEidMode = (typeof OFFER_EID_MODES)[number]

/** What the customer is offered: everything the contract would hold, in the customer's language. */
export type OfferDocument = {
  saleId: string
  language: LanguageCode
  provider: string
  seller: string
  customer: {
    name: string
    companyName: string | null
    address: string
    postalCode: string
    city: string
    email: string | null
    phone: string
  }
  lines: Array<{ name: string; quantity: number; unitPriceOre: number; totalOre: number }>
  totalOre: number
  bindingMonths: number | null
  terms: string
  /** when the call ended (the offer is sent after it) and when the sale was recorded */
  callEndedAt: number
  soldAt: number
}

/** JSON with object keys sorted at every level: the one form of a document that is hashed and compared. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  )
}

/** Why a sale needing written acceptance may not be approved yet (a translated message under `offers.problem.*`). */
export type OfferProblem = 'missing' | 'not_accepted' | 'sent_during_call' | 'hash_mismatch' | 'sale_changed' | 'eid_missing'

/**
 * The evidence approval needs: an accepted offer, sent after the call ended, answered on the very document that was
 * sent, and that document still the sale as it stands (a sale changed after acceptance needs a new offer).
 */
export function approvalProblem(
  offer: {
    state: OfferState
    documentHash: string
    answeredHash: string | null
    callEndedAt: number
    sentAt: number
    eid: OfferEidMode
    eidSubject: string | null
  } | null,
  currentHash: string | null,
): OfferProblem | null {
  if (!offer) return 'missing'
  if (offer.state !== 'accepted') return 'not_accepted'
  if (offer.sentAt < offer.callEndedAt) return 'sent_during_call'
  if (offer.answeredHash !== offer.documentHash) return 'hash_mismatch'
  // Sent needing an eID: an acceptance by the link alone is not evidence.
  if (offer.eid === 'required' && !offer.eidSubject) return 'eid_missing'
  if (currentHash !== null && currentHash !== offer.documentHash) return 'sale_changed'
  return null
}

/** The median of some numbers (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export type OfferStatsRow = { providerId: string; state: OfferState; sentAt: number; answeredAt: number | null }
export type OfferProviderStats = {
  providerId: string
  sent: number
  open: number
  accepted: number
  declined: number
  expired: number
  /** accepted of the decided ones (accepted, declined, expired); null before any is decided */
  acceptanceRate: number | null
  /** the median time from sending to acceptance, in ms */
  medianAcceptMs: number | null
}

/**
 * The per-provider figures of the offers sent in a period. An offer superseded by a newer one (a corrected sale, a
 * message sent again) or withdrawn with its sale is not an offer the customer decided on: it counts nowhere.
 */
export function offerStats(rows: readonly OfferStatsRow[]): OfferProviderStats[] {
  const by = new Map<string, { rows: OfferStatsRow[] }>()
  for (const r of rows) {
    if (r.state === 'superseded' || r.state === 'withdrawn') continue
    const entry = by.get(r.providerId) ?? { rows: [] }
    entry.rows.push(r)
    by.set(r.providerId, entry)
  }
  return [...by.entries()]
    .map(([providerId, { rows: list }]) => {
      const n = (s: OfferState) => list.filter((r) => r.state === s).length
      const accepted = n('accepted')
      const decided = accepted + n('declined') + n('expired')
      return {
        providerId,
        sent: list.length,
        open: n('sent'),
        accepted,
        declined: n('declined'),
        expired: n('expired'),
        acceptanceRate: decided === 0 ? null : accepted / decided,
        medianAcceptMs: median(list.filter((r) => r.state === 'accepted' && r.answeredAt !== null).map((r) => r.answeredAt! - r.sentAt)),
      }
    })
    .sort((a, b) => b.sent - a.sent || a.providerId.localeCompare(b.providerId))
}

/** The offer's language: the customer's country's first language unless the sender chose another. */
export const offerLanguageOf = (country: string): LanguageCode => (country === 'FI' ? 'fi' : 'sv')

/** Phone numbers and e-mail addresses as an offer's page and lists show them: enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const [user = '', domain = ''] = email.split('@')
  return `${user.slice(0, 1)}***@${domain}`
}
export function maskPhone(phone: string): string {
  const digits = phone.replace(/[\s\-()]/g, '')
  if (digits.length <= 4) return '****'
  // An E.164 number keeps its country code (+46…): the reader sees which country it went to.
  const keep = digits.startsWith('+') ? 3 : 0
  return `${digits.slice(0, keep)}${'*'.repeat(digits.length - 4 - keep)}${digits.slice(-4)}`
}
