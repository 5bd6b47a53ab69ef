import type { ListQuery } from '../../../../shared/schemas/pagination'
import type { TranscriptionDetail } from '../../../../shared/schemas/transcriptions'
import { getList } from '../../../components/ui/data-table/use-list-query'
import { call, rpc, uploadFile } from '../../../lib/api-client'

/** Seller transcriptions' calls (docs/decisions/076). */
export const TRANSCRIPTION_FILTER_KEYS = ['sellerId', 'teamId', 'providerId', 'from', 'to', 'result'] as const
export type TranscriptionFilters = Partial<Record<(typeof TRANSCRIPTION_FILTER_KEYS)[number], string>>

export const listTranscriptions = (q: ListQuery, filters: TranscriptionFilters, signal?: AbortSignal) => getList(rpc.transcriptions.$get, q, filters, signal)
export const getTranscription = (id: string, signal?: AbortSignal) => call(rpc.transcriptions[':id'].$get({ param: { id } }, { init: { signal } }))
/** The provider a call of this seller is taken to be for, and why (the dialog fills it in). */
export const proposedProvider = (sellerId: string, callAt: number | undefined, signal?: AbortSignal) =>
  call(rpc.transcriptions['proposed-provider'].$get({ query: { sellerId, ...(callAt ? { callAt: String(callAt) } : {}) } }, { init: { signal } }))
export const transcriptionSettings = (signal?: AbortSignal) => call(rpc.transcriptions.settings.$get({}, { init: { signal } }))
export const setTranscriptText = (id: string, text: string, version?: number) =>
  call(rpc.transcriptions[':id'].text.$put({ param: { id }, json: { text, ...(version ? { version } : {}) } }))
export const transcribeAgain = (id: string, version: number) => call(rpc.transcriptions[':id'].transcribe.$post({ param: { id }, json: { version } }))
export const listScripts = (signal?: AbortSignal) => call(rpc['transcription-scripts'].$get({}, { init: { signal } }))
export const saveScript = (
  providerId: string,
  input: { must: Array<{ id: string; text: string }>; mustNot: Array<{ id: string; text: string }>; version?: number },
) => call(rpc['transcription-scripts'][':providerId'].$put({ param: { providerId }, json: input }))

/** A call added: its facts in the query, the recording as the body (or none, when only text comes). */
export async function addCall(q: Record<string, string>, recording: File | null): Promise<TranscriptionDetail> {
  if (recording)
    return uploadFile<TranscriptionDetail>(`/api/transcriptions?${new URLSearchParams(q).toString()}`, recording, recording.name, recording.type || null)
  return call(rpc.transcriptions.$post({ query: q }))
}

/** Where the player reads the recording (the server checks the reader's rules and serves it in parts). */
export const audioUrl = (id: string) => `/api/transcriptions/${encodeURIComponent(id)}/audio`
