import { z } from 'zod'
import type { CheckResult, ScriptCheck, ScriptPhrase, Segment } from '../rules/transcriptions'
import { listQuerySchema } from './pagination'

/**
 * Seller transcriptions (`/backoffice/sellertranscriptions`, docs/decisions/076): a call's recording and its text,
 * listed and searched, a transcript's page with the recording and its script's checks, and each provider's script.
 */
/** The languages a call is transcribed in (a value here, not in the rules: the client never loads the rules' parser). */
export const TRANSCRIPT_LANGUAGES = ['sv', 'fi', 'en'] as const
export type TranscriptLanguage = (typeof TRANSCRIPT_LANGUAGES)[number]

export const TRANSCRIPTION_STATUSES = ['awaiting_text', 'transcribing', 'done', 'no_speech', 'failed'] as const
export type TranscriptionStatus = (typeof TRANSCRIPTION_STATUSES)[number]

export const transcriptionIdParamSchema = z.strictObject({ id: z.uuid() })

/** A new transcription's facts (the query of the upload; the body is the recording, or empty when only text comes). */
export const transcriptionUploadQuerySchema = z
  .strictObject({
    sellerId: z.uuid().optional(),
    saleId: z.uuid().optional(),
    orderId: z.uuid().optional(),
    providerId: z.string().min(1).max(64).optional(),
    language: z.enum(TRANSCRIPT_LANGUAGES).default('sv'),
    /** when the call was made, YYYY-MM-DDTHH:mm (the organisation's time) or epoch ms; now when absent */
    callAt: z.coerce.number().int().min(0).optional(),
  })
  .refine((q) => q.sellerId || q.saleId, { path: ['sellerId'], message: 'validation.transcriptions.seller' })

/** The provider a call typed in for a seller is taken to be for, before back office names another (issue 70). */
export const proposedProviderQuerySchema = z.strictObject({ sellerId: z.uuid(), callAt: z.coerce.number().int().min(0).optional() })
/** Why: the seller's sales that day, the provider the seller sells for, or their team's; none when nothing says. */
export type ProposedProvider = { providerId: string | null; providerName: string | null; basis: 'sales' | 'seller' | 'team' | null }

/** The text of a call, typed or imported (times and speakers per line are read), for a transcription without an engine. */
export const transcriptTextSchema = z.strictObject({
  text: z.string().trim().min(1).max(200_000),
  version: z.number().int().min(1).optional(),
})

/** A failed recording sent to the speech engine again: the version read, so a change meanwhile is not overrun. */
export const transcribeAgainSchema = z.strictObject({
  version: z.number().int().min(1).optional(),
})

export const transcriptionsQuerySchema = listQuerySchema(['callAt']).extend({
  q: z.string().trim().max(200).optional(),
  sellerId: z.uuid().optional(),
  teamId: z.string().max(64).optional(),
  providerId: z.string().max(64).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  result: z.enum(['pass', 'fail', 'none']).optional(),
})
export type TranscriptionsQuery = z.input<typeof transcriptionsQuerySchema>

const phrase = z.strictObject({ id: z.string().min(1).max(40), text: z.string().trim().min(2).max(200) })
export const scriptInputSchema = z.strictObject({
  must: z.array(phrase).max(30),
  mustNot: z.array(phrase).max(30),
  version: z.number().int().min(1).optional(),
})
export const scriptProviderParamSchema = z.strictObject({ providerId: z.string().min(1).max(64) })

export type TranscriptionItem = {
  id: string
  sellerName: string
  teamName: string | null
  providerName: string | null
  callAt: number
  durationSeconds: number | null
  language: string
  status: TranscriptionStatus
  checkResult: CheckResult | null
  /** the first words, masked as the reader must see them */
  excerpt: string
  /** where the search was found (masked), when searching */
  hit: string | null
  saleId: string | null
}

export type TranscriptionDetail = Omit<TranscriptionItem, 'excerpt' | 'hit'> & {
  sellerId: string
  teamId: string | null
  providerId: string | null
  orderId: string | null
  saleCustomerName: string | null
  segments: Segment[]
  /** sensitive numbers in the text are masked for this reader */
  masked: boolean
  engine: string | null
  model: string | null
  dropped: number
  audio: { type: string; size: number } | null
  checks: ScriptCheck[] | null
  /** why the provider's script was not checked against this call: its text is beyond what a check may cost */
  checkError: 'tooLarge' | null
  error: string | null
  createdByName: string
  createdAt: number
  version: number
  /** edit: type or import the text; transcribeAgain: a failed recording sent to the speech engine again */
  may: { edit: boolean; transcribeAgain: boolean }
}

export type TranscriptScript = { providerId: string; providerName: string; must: ScriptPhrase[]; mustNot: ScriptPhrase[]; version: number | null }

/** Whether a speech engine is configured: without one, text comes in typed or imported. */
export type TranscriptionSettings = { engine: { kind: 'openai'; model: string } | null; maxBytes: number }
