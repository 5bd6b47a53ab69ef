import { createHash } from 'node:crypto'
import { subject } from '@casl/ability'
import { and, desc, eq } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { LanguageCode } from '../../../shared/i18n/languages'
import { canonicalJson, type OfferDocument } from '../../../shared/rules/offers'
import type { OfferSale, OfferView } from '../../../shared/schemas/offers'
import type { Db, Schema } from '../../db/client'
import type { Deps } from '../../platform/deps'

/** What the offers area asks other areas (wired in server/composition/areas.ts; no area imports another). */
export type OffersPorts = {
  /** the sales area: the sale an offer is built from */
  saleForOffer(db: Db, saleId: string): Promise<OfferSale | null>
  /** the sales area: a declined or expired offer leaves no contract — the sale becomes a regret with the reason */
  withoutContract(tx: Db, move: { saleId: string; reason: string; now: number }): Promise<{ moved: boolean }>
  /** the org area: each office's country (its region's) */
  officeCountries(db: Db): Promise<Map<string, string>>
  /** the users area: people's names */
  names(db: Db, ids: string[]): Promise<Map<string, string>>
  /** the catalog area: providers' names (and whether one exists) */
  providerNames(db: Db, ids: string[]): Promise<Map<string, string>>
}

export type OfferRow = Schema['offers']['$inferSelect']
export type OfferRuleRow = Schema['offerRules']['$inferSelect']

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
/** The document's fingerprint: SHA-256 of its canonical JSON, what the customer's answer names. */
export const documentHashOf = (doc: OfferDocument) => createHash('sha256').update(canonicalJson(doc)).digest('hex')

/** The document from the sale and the provider's rule: the same sale and rule always make the same document. */
export function offerDocument(
  sale: OfferSale,
  rule: Pick<OfferRuleRow, 'terms' | 'bindingMonths'>,
  facts: { language: LanguageCode; provider: string; seller: string; callEndedAt: number },
): OfferDocument {
  const lines = sale.lines.map((l) => ({ name: l.name, quantity: l.quantity, unitPriceOre: l.priceOre, totalOre: l.priceOre * l.quantity }))
  return {
    saleId: sale.id,
    language: facts.language,
    provider: facts.provider,
    seller: facts.seller,
    customer: {
      name: sale.customerName,
      companyName: sale.customerType === 'company' ? sale.companyName : null,
      address: sale.address,
      postalCode: sale.postalCode,
      city: sale.city,
      email: sale.email,
      phone: sale.phone,
    },
    lines,
    totalOre: lines.reduce((sum, l) => sum + l.totalOre, 0),
    bindingMonths: rule.bindingMonths,
    terms: rule.terms[facts.language]?.trim() || rule.terms.sv,
    callEndedAt: facts.callEndedAt,
    soldAt: sale.soldAt,
  }
}

/** Two ways of writing a person's name are one name: case, accents' forms, spacing and word order aside. */
function sameName(a: string, b: string): boolean {
  const words = (x: string) =>
    x
      .normalize('NFC')
      .toLocaleLowerCase('sv')
      .split(/[\s,.-]+/)
      .filter(Boolean)
      .sort()
      .join(' ')
  return words(a) === words(b)
}

/** What the offers area's parts share: its tables, the ports, the rule of a sale and the document as it stands. */
export function offersContext(deps: Pick<Deps, 'database' | 'events' | 'env' | 'jobs' | 'mail'>, ports: OffersPorts) {
  const { database, mail, env } = deps
  const { db, t } = database
  const o = t.offers
  const r = t.offerRules

  /** The sale's country: its office's region's (null for a sale with no office). */
  async function countryOf(tx: Db, officeId: string | null): Promise<string | null> {
    if (!officeId) return null
    const countries = await database.reuse('offers.countries', () => ports.officeCountries(tx))
    return countries.get(officeId) ?? null
  }

  /** The active rule for a provider in a country, when the law applies there. */
  async function ruleFor(tx: Db, providerId: string, country: string | null): Promise<OfferRuleRow | null> {
    if (!country) return null
    const [rule] = await tx
      .select()
      .from(r)
      .where(and(eq(r.providerId, providerId), eq(r.country, country), eq(r.active, true)))
    return rule ?? null
  }

  /** Whether the organisation's eID broker is set up and on (docs/decisions/100). */
  async function eidBrokerOn(tx: Db): Promise<boolean> {
    const [broker] = await tx.select({ active: t.offerEid.active }).from(t.offerEid)
    return broker?.active ?? false
  }

  /** The sale's offers, newest first. */
  const offersOf = (tx: Db, saleId: string) => tx.select().from(o).where(eq(o.saleId, saleId)).orderBy(desc(o.sentAt), desc(o.createdAt))

  /**
   * The document an offer would have now: the sale as it stands, with what the offer fixed when it was sent (its
   * language, the call, the provider's terms and binding period, the names). Only a change of the sale — the
   * customer, what was sold, the prices — makes it differ: terms edited later do not undo an acceptance.
   */
  async function currentDocument(tx: Db, offer: Pick<OfferRow, 'saleId' | 'language' | 'callEndedAt' | 'document'>) {
    const sale = await ports.saleForOffer(tx, offer.saleId)
    if (!sale) return null
    const fixed = offer.document
    return offerDocument(
      sale,
      { terms: { sv: fixed.terms, en: fixed.terms, fi: fixed.terms }, bindingMonths: fixed.bindingMonths },
      { language: offer.language, provider: fixed.provider, seller: fixed.seller, callEndedAt: offer.callEndedAt },
    )
  }

  /** Whether the reader may act on a sale's offers (`action sale_offers` within its conditions). */
  const may = (ability: AppAbility, action: 'view' | 'create' | 'update', sale: { sellerId: string; teamId: string | null; officeId: string | null }) =>
    ability.can(action, subject('sale_offers', { sellerId: sale.sellerId, teamId: sale.teamId, officeId: sale.officeId }))

  function view(row: OfferRow, names: Map<string, string>): OfferView {
    return {
      id: row.id,
      saleId: row.saleId,
      state: row.state,
      language: row.language,
      country: row.country,
      documentHash: row.documentHash,
      callEndedAt: row.callEndedAt,
      sentAt: row.sentAt,
      sentByName: row.sentBy ? (names.get(row.sentBy) ?? null) : null,
      sentTo: row.sentTo,
      expiresAt: row.expiresAt,
      remindedAt: row.remindedAt,
      answeredAt: row.answeredAt,
      answerIp: row.answerIp,
      answerUserAgent: row.answerUserAgent,
      declineReason: row.declineReason,
      eid: row.eid,
      eidAcceptance:
        row.eidSubject && row.eidIssuer
          ? {
              issuer: row.eidIssuer,
              subject: row.eidSubject,
              name: row.eidName,
              nameMatches: row.eidName === null ? null : sameName(row.eidName, row.document.customer.name),
              hasIdentityNumber: row.eidNumberHash !== null,
              acr: row.eidAcr,
              at: row.eidAuthAt,
            }
          : null,
    }
  }

  return {
    database,
    db,
    t,
    o,
    r,
    mail,
    env,
    events: deps.events,
    jobs: deps.jobs,
    ports,
    countryOf,
    ruleFor,
    eidBrokerOn,
    offersOf,
    currentDocument,
    may,
    view,
  }
}
export type OffersContext = ReturnType<typeof offersContext>
