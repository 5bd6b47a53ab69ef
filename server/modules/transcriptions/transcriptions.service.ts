import type { Deps } from '../../platform/deps'
import { transcriptionsContext, type TranscriptionsPorts } from './transcriptions.context'
import type { SpeechEngine } from './transcriptions.engine'
import { transcriptionReads, type TranscriptionReads } from './transcriptions.reads'
import { defineTranscriptionJobs } from './transcriptions.jobs'
import { transcriptionRecords, type TranscriptionRecords } from './transcriptions.records'
import { transcriptionScripts, type TranscriptionScripts } from './transcriptions.scripts'

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
): TranscriptionsService {
  const ctx = transcriptionsContext(deps, ports, engine)
  defineTranscriptionJobs(ctx)
  return {
    settings: () => ({ engine: ctx.engine ? { kind: ctx.engine.kind, model: ctx.engine.model } : null }),
    records: transcriptionRecords(ctx),
    providerScripts: transcriptionScripts(ctx),
    reads: transcriptionReads(ctx),
  }
}

/** The area as other code sees it: each part by its name, each with the type its file exports. */
export type TranscriptionsService = {
  /** which speech engine is configured (the screen says whether a recording is transcribed) */
  settings: () => { engine: { kind: SpeechEngine['kind']; model: SpeechEngine['model'] } | null }
  /** a call's recording or text added, set again or transcribed again; the provider proposed for a call */
  records: TranscriptionRecords
  /** the providers' scripts the transcripts are checked against */
  providerScripts: TranscriptionScripts
  /** the list, a transcript (masked for its reader), its recording */
  reads: TranscriptionReads
}
