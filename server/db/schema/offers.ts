import type { OfferDocument, OfferEidMode, OfferState } from '../../../shared/rules/offers'
import type { LanguageCode } from '../../../shared/i18n/languages'
import { table } from './table'

/**
 * Written offers after a telesales call (issue 75, docs/decisions/094): where the law asks for one (a provider in a
 * country), and each offer sent — its document and hash, when the call ended and when it was sent, the customer's
 * answer with its evidence. Each table once for both databases.
 */

/** Per provider and country: the rule applies, with the offer's terms, binding period, reminder and expiry. */
export const [offerRules, offerRulesPg] = table(
  'offer_rules',
  (k) => ({
    id: k.id(),
    providerId: k.text('provider_id').notNull(),
    /** ISO 3166 alpha-2 of the seller's office's region: SE or FI */
    country: k.text('country').notNull(),
    /** the provider's terms in each language (sv required; en and fi fall back to sv) */
    terms: k.json('terms').$type<Record<LanguageCode, string>>().notNull(),
    bindingMonths: k.integer('binding_months'),
    reminderAfterHours: k.integer('reminder_after_hours').notNull(),
    expiresAfterDays: k.integer('expires_after_days').notNull(),
    /** how the customer accepts: the link, the link or an eID, only an eID (docs/decisions/100) */
    eid: k.text('eid').$type<OfferEidMode>().notNull().default('off'),
    active: k.bool('active').notNull().default(true),
    version: k.integer('version').notNull().default(1),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [k.uniqueIndex('offer_rules_provider_country').on(t.providerId, t.country)],
)

/**
 * An offer sent for a sale. A new offer for the same sale supersedes the one before it (a corrected sale, a lost
 * message); only the newest open one can be answered. The token is kept only as its hash.
 */
export const [offers, offersPg] = table(
  'offers',
  (k) => ({
    id: k.id(),
    saleId: k.text('sale_id').notNull(),
    sellerId: k.text('seller_id').notNull(),
    teamId: k.text('team_id'),
    officeId: k.text('office_id'),
    providerId: k.text('provider_id').notNull(),
    country: k.text('country').notNull(),
    language: k.text('language').$type<LanguageCode>().notNull(),
    state: k.text('state').$type<OfferState>().notNull(),
    document: k.json('document').$type<OfferDocument>().notNull(),
    /** the customer's name (and company) lower-cased, for the list's search */
    searchText: k.text('search_text'),
    /** SHA-256 of the document's canonical JSON (shared/rules/offers.ts) */
    documentHash: k.text('document_hash').notNull(),
    callEndedAt: k.ms('call_ended_at').notNull(),
    sentAt: k.ms('sent_at').notNull(),
    sentBy: k.text('sent_by'),
    /** where it went, masked as it is shown (the sale keeps the full addresses) */
    sentTo: k.json('sent_to').$type<{ email: string | null; sms: string | null }>().notNull(),
    tokenHash: k.text('token_hash').notNull(),
    /** the link's token sealed with the server's secret key: the reminder sends the same link again */
    tokenSealed: k.text('token_sealed').notNull(),
    expiresAt: k.ms('expires_at').notNull(),
    remindedAt: k.ms('reminded_at'),
    answeredAt: k.ms('answered_at'),
    /** the hash the customer answered: equal to documentHash, or the answer was refused */
    answeredHash: k.text('answered_hash'),
    answerIp: k.text('answer_ip'),
    answerUserAgent: k.text('answer_user_agent'),
    declineReason: k.text('decline_reason'),
    /** how the customer could accept, fixed when it was sent (the rule's `eid`) */
    eid: k.text('eid').$type<OfferEidMode>().notNull().default('off'),
    /** an acceptance through the eID broker: its issuer, the person's subject there, name and when they signed in */
    eidIssuer: k.text('eid_issuer'),
    eidSubject: k.text('eid_subject'),
    eidName: k.text('eid_name'),
    /** SHA-256 of the personal identity number the broker gave (digits only), never the number */
    eidNumberHash: k.text('eid_number_hash'),
    eidAcr: k.text('eid_acr'),
    eidAuthAt: k.ms('eid_auth_at'),
    version: k.integer('version').notNull().default(1),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [
    k.index('offers_sale').on(t.saleId, t.sentAt),
    k.uniqueIndex('offers_token').on(t.tokenHash),
    k.index('offers_state_expiry').on(t.state, t.expiresAt),
    k.index('offers_provider_sent').on(t.providerId, t.sentAt),
    k.index('offers_sent').on(t.sentAt, t.id),
  ],
)

/**
 * The organisation's eID broker for customers' acceptance (docs/decisions/100): one OpenID Connect client at a broker
 * (Idura, Signicat and the like, which speak BankID, Freja and the Finnish bank IDs), the row `broker`. The secret is
 * sealed with the server's key.
 */
export const [offerEid, offerEidPg] = table('offer_eid', (k) => ({
  id: k.id(),
  /** the button's words: `BankID`, `Mobiilivarmenne` */
  label: k.text('label').notNull(),
  issuer: k.text('issuer').notNull(),
  clientId: k.text('client_id').notNull(),
  clientSecret: k.text('client_secret'),
  scopes: k.text('scopes').notNull(),
  acrValues: k.text('acr_values'),
  /** the claim with the personal identity number (Idura: `ssn`; Signicat: `nin`), kept only as its hash */
  identityNumberClaim: k.text('identity_number_claim'),
  active: k.bool('active').notNull().default(true),
  version: k.integer('version').notNull().default(1),
  updatedBy: k.text('updated_by'),
  updatedAt: k.updatedAt(),
}))
