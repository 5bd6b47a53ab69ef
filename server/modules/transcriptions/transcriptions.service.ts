import type { Deps } from '../../platform/deps'
import { transcriptionsContext, type TranscriptionsPorts } from './transcriptions.context'
import type { SpeechEngine } from './transcriptions.engine'
import { transcriptionReads } from './transcriptions.reads'
import { defineTranscriptionJobs } from './transcriptions.jobs'
import { transcriptionRecords } from './transcriptions.records'
import { transcriptionScripts } from './transcriptions.scripts'

export type { TranscriptionsPorts } from './transcriptions.context'

/**
 * Seller transcriptions (issue 47, docs/decisions/076): a call's recording run through the configured speech engine
 * (or its text typed or imported), cleaned of what engines invent on silence, masked for readers who may not see
 * identity, card and bank numbers, and checked against its provider's script; the list, a transcript, the scripts.
 */
export function transcriptionsService(
  deps: Pick<Deps, 'database' | 'files' | 'jobs' | 'events' | 'env'>,
  ports: TranscriptionsPorts,
  engine?: SpeechEngine | null,
) {
  const ctx = transcriptionsContext(deps, ports, engine)
  defineTranscriptionJobs(ctx)
  return {
    settings: () => ({ engine: ctx.engine ? { kind: ctx.engine.kind, model: ctx.engine.model } : null }),
    ...transcriptionRecords(ctx),
    ...transcriptionScripts(ctx),
    ...transcriptionReads(ctx),
  }
}
export type TranscriptionsService = ReturnType<typeof transcriptionsService>
