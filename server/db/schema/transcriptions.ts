import type { CheckResult, ScriptCheck, ScriptPhrase, Segment } from '../../../shared/rules/transcriptions'
import type { TranscriptionStatus } from '../../../shared/schemas/transcriptions'
import { table } from './table'

/**
 * Seller transcriptions (issue 47, docs/decisions/076): a call's recording and its text with times per segment, whose
 * seller (and their team and office when it was made, for the readers' rules), the sale report or order it belongs to,
 * the engine and model that wrote it, and the provider's script checked against it; each provider's script.
 * `search_text` is the text lower-cased with its sensitive numbers masked: what the list's search reads.
 */
export const [transcriptions, transcriptionsPg] = table(
  'transcriptions',
  (k) => ({
    id: k.id(),
    sellerId: k.text('seller_id').notNull(),
    teamId: k.text('team_id'),
    officeId: k.text('office_id'),
    saleId: k.text('sale_id'),
    orderId: k.text('order_id'),
    providerId: k.text('provider_id'),
    /** when the call was made (epoch ms) */
    callAt: k.ms('call_at').notNull(),
    audioFileId: k.text('audio_file_id'),
    audioType: k.text('audio_type'),
    audioSize: k.bigint('audio_size'),
    durationSeconds: k.real('duration_seconds'),
    language: k.text('language').notNull(),
    status: k.text('status').$type<TranscriptionStatus>().notNull(),
    /** how the text came: the engine (`openai` for an OpenAI-compatible endpoint) or `text` (imported or typed) */
    engine: k.text('engine'),
    model: k.text('model'),
    segments: k.json('segments').$type<Segment[]>().notNull(),
    searchText: k.text('search_text').notNull(),
    /** segments the silence filter dropped (what the engine invented) */
    dropped: k.integer('dropped').notNull().default(0),
    checks: k.json('checks').$type<ScriptCheck[]>(),
    checkResult: k.text('check_result').$type<CheckResult>(),
    /** why the script was not checked although there is one: `tooLarge`, a text beyond what a check may cost (decision 079) */
    checkError: k.text('check_error').$type<'tooLarge'>(),
    error: k.text('error'),
    createdById: k.text('created_by_id').notNull(),
    version: k.integer('version').notNull().default(1),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [
    k.index('transcriptions_call').on(t.callAt, t.id),
    k.index('transcriptions_seller').on(t.sellerId, t.callAt),
    k.index('transcriptions_team').on(t.teamId, t.callAt),
    k.index('transcriptions_sale').on(t.saleId),
  ],
)

/** A provider's script: phrases a call must contain and phrases it must not. */
export const [transcriptionScripts, transcriptionScriptsPg] = table('transcription_scripts', (k) => ({
  id: k.id(),
  providerId: k.text('provider_id').notNull().unique(),
  must: k.json('must').$type<ScriptPhrase[]>().notNull(),
  mustNot: k.json('must_not').$type<ScriptPhrase[]>().notNull(),
  version: k.integer('version').notNull().default(1),
  updatedById: k.text('updated_by_id'),
  createdAt: k.createdAt(),
  updatedAt: k.updatedAt(),
}))
