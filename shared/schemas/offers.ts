import { z } from 'zod'
import type { SaleStatus } from '../rules/sale'
import {
  OFFER_COUNTRIES,
  OFFER_EID_MODES,
  OFFER_STATES,
  type OfferDocument,
  type OfferEidMode,
  type OfferProblem,
  type OfferProviderStats,
  type OfferState,
} from '../rules/offers'
import { listQuerySchema } from './pagination'
import { identityProviderInputSchema } from './sso'

/**
 * Written offers after a telesales call (`/backoffice/offers`, the sale report's offer, the customer's `/offer/:token`;
 * issue 75, docs/decisions/094).
 */
export { OFFER_STATES, OFFER_COUNTRIES, OFFER_EID_MODES, type OfferDocument, type OfferState, type OfferProblem, type OfferProviderStats, type OfferEidMode }

export const offerSaleParamSchema = z.strictObject({ saleId: z.uuid() })
export const offerRuleParamSchema = z.strictObject({ id: z.uuid() })
export const offerTokenSchema = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) })

/** Sending the offer after the call: when the call ended (now by default), the language, and by which ways. */
export const sendOfferSchema = z
  .strictObject({
    callEndedAt: z.number().int().min(0),
    language: z.enum(['sv', 'en', 'fi']),
    email: z.boolean(),
    sms: z.boolean(),
  })
  .refine((v) => v.email || v.sms, { path: ['email'], message: 'validation.offers.channel' })
export type SendOfferInput = z.input<typeof sendOfferSchema>

const terms = z.string().trim().max(8000)
/** A provider's rule in a country: its terms per language (Swedish required), binding period, reminder and expiry. */
export const offerRuleSchema = z.strictObject({
  providerId: z.string().min(1).max(64),
  country: z.enum(OFFER_COUNTRIES),
  terms: z.strictObject({ sv: terms.min(1), en: terms, fi: terms }),
  bindingMonths: z.number().int().min(1).max(60).nullable(),
  reminderAfterHours: z
    .number()
    .int()
    .min(1)
    .max(14 * 24),
  expiresAfterDays: z.number().int().min(1).max(60),
  /** how the customer accepts (docs/decisions/100); an eID needs the organisation's broker set up and active */
  eid: z.enum(OFFER_EID_MODES).default('off'),
  active: z.boolean(),
  version: z.number().int().min(1).optional(),
})
export type OfferRuleInput = z.input<typeof offerRuleSchema>

/** The customer's answer: the document's hash they were shown (an answer to another version is refused). */
export const offerAnswerSchema = z.strictObject({
  decision: z.enum(['accept', 'decline']),
  documentHash: z.string().regex(/^[0-9a-f]{64}$/),
  reason: z.string().trim().max(500).optional(),
})
export type OfferAnswerInput = z.input<typeof offerAnswerSchema>

/**
 * The organisation's eID broker for customers (docs/decisions/100): an OpenID Connect client, checked as the staff's
 * identity providers are (an https issuer, `openid` among the scopes, a claim name for the identity number).
 */
export const offerEidSchema = identityProviderInputSchema
  .pick({ label: true, issuer: true, clientId: true, clientSecret: true, acrValues: true, identityNumberClaim: true })
  .extend({
    scopes: identityProviderInputSchema.shape.scopes.unwrap().default('openid profile'),
    active: z.boolean(),
    /** the stored version a change is made to (absent: the broker is set up for the first time) */
    version: z.number().int().min(1).optional(),
  })
export type OfferEidInput = z.input<typeof offerEidSchema>

/** The eID broker as back office reads it: never the secret. */
export type OfferEidSettings = {
  label: string
  issuer: string
  clientId: string
  hasSecret: boolean
  scopes: string
  acrValues: string | null
  identityNumberClaim: string | null
  active: boolean
  version: number
  updatedAt: number
  /** where the broker must send the customer back (registered at the broker) */
  redirectUri: string
}

/** Leaving for the eID broker from the customer's page: the document they are accepting. */
export const offerEidStartSchema = z.strictObject({ documentHash: z.string().regex(/^[0-9a-f]{64}$/) })

/** Why an acceptance through the eID broker did not go through (the customer's page says so in words). */
export const OFFER_EID_OUTCOMES = ['accepted', 'cancelled', 'failed', 'expired', 'changed', 'answered', 'unavailable'] as const
export type OfferEidOutcome = (typeof OFFER_EID_OUTCOMES)[number]

export const OFFER_SORT_KEYS = ['sentAt'] as const
export const offersQuerySchema = listQuerySchema(OFFER_SORT_KEYS).extend({
  state: z.enum(OFFER_STATES).optional(),
  providerId: z.string().max(64).optional(),
})
export type OffersQuery = z.input<typeof offersQuerySchema>

/** The per-provider figures are read for a period of at most a year (what one request may ask to be counted). */
export const offerStatsQuerySchema = z
  .strictObject({ from: z.iso.date(), to: z.iso.date() })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'validation.offers.period' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, { path: ['to'], message: 'validation.offers.periodLong' })

export type OfferRule = {
  id: string
  providerId: string
  providerName: string
  country: string
  terms: { sv: string; en: string; fi: string }
  bindingMonths: number | null
  reminderAfterHours: number
  expiresAfterDays: number
  eid: OfferEidMode
  active: boolean
  version: number
  updatedAt: number
}

/** An offer as back office and the seller read it: the evidence approval rests on, never the token. */
export type OfferView = {
  id: string
  saleId: string
  state: OfferState
  language: string
  country: string
  documentHash: string
  callEndedAt: number
  sentAt: number
  sentByName: string | null
  sentTo: { email: string | null; sms: string | null }
  expiresAt: number
  remindedAt: number | null
  answeredAt: number | null
  answerIp: string | null
  answerUserAgent: string | null
  declineReason: string | null
  /** how the customer could accept, and an acceptance through the eID broker: who signed in there, when, how */
  eid: OfferEidMode
  eidAcceptance: {
    issuer: string
    name: string | null
    /** whether the name by the eID is the sale's customer's (null: the broker gave none) */
    nameMatches: boolean | null
    subject: string
    hasIdentityNumber: boolean
    acr: string | null
    at: number | null
  } | null
}

/** A sale's offer side: whether the rule applies, what it would say against approval, and the offers sent. */
export type SaleOffers = {
  required: boolean
  country: string | null
  /** why approval is refused now; null when it is not (or the rule does not apply) */
  problem: OfferProblem | null
  mayPrepare: boolean
  offers: OfferView[]
  /** what the sender can choose: the customer's addresses exist */
  hasEmail: boolean
  hasPhone: boolean
}

export type OfferListItem = {
  id: string
  saleId: string
  state: OfferState
  providerName: string
  sellerName: string
  customerName: string
  sentAt: number
  answeredAt: number | null
  expiresAt: number
}

/** What the customer's page shows: the document, its hash to answer with, and where the offer stands. */
export type PublicOffer = {
  state: OfferState
  language: string
  document: OfferDocument
  documentHash: string
  sentAt: number
  expiresAt: number
  answeredAt: number | null
  /** accepting through the organisation's eID broker: whether it is offered or the only way, and the button's words */
  eid: { mode: 'optional' | 'required'; label: string } | null
  /** answered through the eID broker */
  answeredWithEid: boolean
}

/** A sale as a written offer is built from (docs/decisions/094): whose, where, the customer and what was sold. */
export type OfferSale = {
  id: string
  sellerId: string
  teamId: string | null
  officeId: string | null
  providerId: string
  status: SaleStatus
  soldAt: number
  customerType: 'private' | 'company'
  customerName: string
  companyName: string | null
  email: string | null
  phone: string
  address: string
  postalCode: string
  city: string
  orderValueOre: number
  lines: Array<{ name: string; quantity: number; priceOre: number }>
}
