import { and, asc, eq, gt } from 'drizzle-orm'
import { cleanSegments } from '../../../shared/rules/transcriptions'
import { searchTextOf, type TranscriptionsContext } from './transcriptions.context'

/** The job that runs a recording through the engine, and the one that checks a provider's calls again after its script changed. */
export const TRANSCRIBE_JOB = 'transcriptions.transcribe'
export const RECHECK_JOB = 'transcriptions.recheck'

/** The engine's job (a recording to text, cleaned and checked) and the script's re-check. */
export function defineTranscriptionJobs(ctx: TranscriptionsContext) {
  const { database, db, x, files, jobs, events, engine, row, checksFor, ready } = ctx
  jobs.define<{ id: string }>(TRANSCRIBE_JOB, async (job) => {
    const r = await row(job.payload.id)
    if (r.status !== 'transcribing' || !r.audioFileId || !engine) return { skipped: true }
    const audio = await files.bytes(r.audioFileId)
    if (!audio) throw new Error('the recording is gone')
    let answer
    try {
      answer = await engine.transcribe(audio, r.audioType ?? 'audio/wav', r.language, `call.${(r.audioType ?? 'audio/wav').split('/')[1]}`)
    } catch (error) {
      // The last attempt says why on the transcription; earlier ones are tried again.
      if (job.lastAttempt)
        await db
          .update(x)
          .set({ status: 'failed', error: String((error as Error).message).slice(0, 500), updatedAt: Date.now() })
          .where(eq(x.id, r.id))
      throw error
    }
    const clean = cleanSegments(answer.segments)
    await database.transaction(async (tx) => {
      const checked = await checksFor(tx, r.providerId, clean.segments)
      await tx
        .update(x)
        .set({
          status: clean.noSpeech ? 'no_speech' : 'done',
          segments: clean.segments,
          searchText: searchTextOf(clean.segments),
          dropped: clean.dropped,
          durationSeconds: answer.duration ?? r.durationSeconds,
          language: answer.language && ['sv', 'fi', 'en'].includes(answer.language) ? answer.language : r.language,
          engine: engine.kind,
          model: engine.model,
          error: null,
          ...checked,
          version: r.version + 1,
          updatedAt: Date.now(),
        })
        .where(eq(x.id, r.id))
      await events.record(tx, 'transcription.ready', ready(r.id, r.saleId, checked), { actorId: r.createdById, at: Date.now() })
    })
    return { segments: clean.segments.length, dropped: clean.dropped }
  })

  jobs.define<{ providerId: string }>(RECHECK_JOB, async (job) => {
    let after = ''
    let done = 0
    for (;;) {
      const page = await db
        .select({ id: x.id, segments: x.segments, saleId: x.saleId, createdById: x.createdById })
        .from(x)
        .where(and(eq(x.providerId, job.payload.providerId), gt(x.id, after)))
        .orderBy(asc(x.id))
        .limit(200)
      if (page.length === 0) break
      await database.transaction(async (tx) => {
        for (const p of page) {
          const checked = await checksFor(tx, job.payload.providerId, p.segments)
          await tx.update(x).set(checked).where(eq(x.id, p.id))
          // A sale's survey shows its call's result: told again when the script changed it.
          if (p.saleId) await events.record(tx, 'transcription.ready', ready(p.id, p.saleId, checked), { actorId: p.createdById, at: Date.now() })
        }
      })
      done += page.length
      after = page[page.length - 1]!.id
    }
    return { rechecked: done }
  })
}
