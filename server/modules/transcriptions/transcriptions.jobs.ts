import { and, asc, eq, gt } from 'drizzle-orm'
import { cleanSegments } from '../../../shared/rules/transcriptions'
import { OutsideFailure } from '../../lib/outside-failure'
import { searchTextOf, type TranscriptionsContext } from './transcriptions.context'

/** The job that runs a recording through the engine, and the one that checks a provider's calls again after its script changed. */
export const TRANSCRIBE_JOB = 'transcriptions.transcribe'
export const RECHECK_JOB = 'transcriptions.recheck'
/** Calls checked again per batch (one worker task, one transaction). */
const RECHECK_PAGE = 50

/** The engine's job (a recording to text, cleaned and checked) and the script's re-check. */
export function defineTranscriptionJobs(ctx: TranscriptionsContext) {
  const { database, db, x, files, jobs, events, engine, row, scriptOf, checkAll, sameScript, ready } = ctx
  jobs.define<{ id: string }>(TRANSCRIBE_JOB, async (job) => {
    const r = await row(job.payload.id)
    if (r.status !== 'transcribing' || !r.audioFileId || !engine) return { skipped: true }
    const audio = await files.bytes(r.audioFileId)
    if (!audio) throw new Error('the recording is gone')
    let answer
    try {
      answer = await engine.transcribe(audio, r.audioType ?? 'audio/wav', r.language, `call.${(r.audioType ?? 'audio/wav').split('/')[1]}`)
    } catch (error) {
      // The last attempt, or a refusal asking again cannot change (a key, a format, a size the engine will not take),
      // says why on the transcription, where it can be sent again; other failures are tried again.
      const refused = error instanceof OutsideFailure && error.permanent
      if (job.lastAttempt || refused)
        await db
          .update(x)
          .set({ status: 'failed', error: String((error as Error).message).slice(0, 500), updatedAt: Date.now() })
          .where(eq(x.id, r.id))
      if (refused) return { failed: (error as Error).message }
      throw error
    }
    const clean = cleanSegments(answer.segments)
    // Checked beside the server, outside the transaction (decision 079); a script changed meanwhile is checked again.
    let script = await scriptOf(db, r.providerId)
    let [checked] = await checkAll(script, [clean.segments])
    await database.transaction(async (tx) => {
      if (!(await sameScript(tx, r.providerId, script))) {
        script = await scriptOf(tx, r.providerId)
        ;[checked] = await checkAll(script, [clean.segments])
      }
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
          ...checked!,
          version: r.version + 1,
          updatedAt: Date.now(),
        })
        .where(eq(x.id, r.id))
      await events.record(tx, 'transcription.ready', ready(r.id, r.saleId, checked!), { actorId: r.createdById, at: Date.now() })
    })
    return { segments: clean.segments.length, dropped: clean.dropped }
  })

  jobs.define<{ providerId: string }>(RECHECK_JOB, async (job) => {
    const { providerId } = job.payload
    let after = ''
    let done = 0
    for (;;) {
      const page = await db
        .select({ id: x.id, segments: x.segments, saleId: x.saleId, createdById: x.createdById, version: x.version })
        .from(x)
        .where(and(eq(x.providerId, providerId), gt(x.id, after)))
        .orderBy(asc(x.id))
        .limit(RECHECK_PAGE)
      if (page.length === 0) break
      // A page's calls are checked beside the server in one batch, outside the transaction (decision 079). A call
      // whose text changed meanwhile was checked by that change; a script changed meanwhile has its own re-check.
      const script = await scriptOf(db, providerId)
      const answers = await checkAll(
        script,
        page.map((p) => p.segments),
      )
      await database.transaction(async (tx) => {
        if (!(await sameScript(tx, providerId, script))) return
        for (const [n, p] of page.entries()) {
          const checked = answers[n]!
          const [still] = await tx.select({ version: x.version }).from(x).where(eq(x.id, p.id))
          if (still?.version !== p.version) continue
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
