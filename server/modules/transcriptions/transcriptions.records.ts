import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Translate } from '../../../shared/schemas/errors'
import type { ProposedProvider, transcriptionUploadQuerySchema } from '../../../shared/schemas/transcriptions'
import { businessDay } from '../../../shared/rules/work'
import { ApiError, validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import { searchTextOf, type TranscriptionsContext } from './transcriptions.context'
import { transcriptSegments } from './transcriptions.webvtt'

type Upload = { name: string; contentType: string; data: Buffer }
type Query = z.output<typeof transcriptionUploadQuerySchema>

import { TRANSCRIBE_JOB } from './transcriptions.jobs'

/** The provider a call of this seller at this time is taken to be for, and why. */
async function proposedProvider(
  { db, ports }: Pick<TranscriptionsContext, 'db' | 'ports'>,
  sellerId: string,
  teamId: string | null,
  callAt: number,
): Promise<Omit<ProposedProvider, 'providerName'>> {
  const [sold] = await ports.providersSoldOn(db, sellerId, businessDay(callAt))
  if (sold) return { providerId: sold, basis: 'sales' }
  const own = await ports.sellerProviders(db, sellerId)
  if (own.length === 1) return { providerId: own[0]!, basis: 'seller' }
  const team = teamId ? await ports.teamProvider(db, teamId) : null
  if (team) return { providerId: team, basis: 'team' }
  return { providerId: own[0] ?? null, basis: own.length ? 'seller' : null }
}

/** A transcription made (a recording, its text, or both) and its text set. */
export function transcriptionRecords(ctx: TranscriptionsContext) {
  const { database, db, t, x, files, jobs, events, ports, engine, scriptOf, checkAll, sameScript } = ctx

  /** Whose the call is: the sale's seller (with its provider, team and office), or the person named. */
  async function subject(q: Query, translate: Translate) {
    if (q.saleId) {
      const sale = await ports.saleForTranscript(db, q.saleId)
      if (!sale) throw validationError({ saleId: [translate('validation.transcriptions.sale')] })
      return { sellerId: sale.sellerId, providerId: q.providerId ?? sale.providerId, teamId: sale.teamId, officeId: sale.officeId }
    }
    const places = await ports.placesOf(db, [q.sellerId!])
    const seller = places.get(q.sellerId!)
    if (!seller) throw validationError({ sellerId: [translate('validation.transcriptions.seller')] })
    if (q.providerId && !(await ports.providerNames(db, [q.providerId])).has(q.providerId))
      throw validationError({ providerId: [translate('validation.transcriptions.provider')] })
    // Without a sale or a provider named, the call is for the provider the seller sold for that day, else the one
    // they sell for, else their team's (issue 70; decision 077).
    const providerId = q.providerId ?? (await proposedProvider(ctx, q.sellerId!, seller.teamId, q.callAt ?? Date.now())).providerId
    return { sellerId: q.sellerId!, providerId, teamId: seller.teamId, officeId: seller.officeId }
  }

  return {
    /** The provider proposed for a call of the seller (the add-call dialog fills it in), named; 422 for no such person. */
    async proposeProvider(q: { sellerId: string; callAt?: number }, translate: Translate): Promise<ProposedProvider> {
      const seller = (await ports.placesOf(db, [q.sellerId])).get(q.sellerId)
      if (!seller) throw validationError({ sellerId: [translate('validation.transcriptions.seller')] })
      const proposed = await proposedProvider(ctx, q.sellerId, seller.teamId, q.callAt ?? Date.now())
      const name = proposed.providerId ? ((await ports.providerNames(db, [proposed.providerId])).get(proposed.providerId) ?? null) : null
      return { ...proposed, providerName: name }
    },

    /** A call: its recording (run through the engine when one is configured) or none yet; its text may follow. */
    async create(actorId: string, q: Query, audio: Upload | null, translate: Translate): Promise<string> {
      const who = await subject(q, translate)
      const id = crypto.randomUUID()
      const now = Date.now()
      await database.transaction(async (tx) => {
        const fileId = audio ? crypto.randomUUID() : null
        if (audio)
          await files.store(
            { id: fileId!, kind: 'recording', userId: actorId, name: audio.name, contentType: audio.contentType, data: audio.data, attached: true },
            now,
          )
        await tx.insert(x).values({
          id,
          ...who,
          saleId: q.saleId ?? null,
          orderId: q.orderId ?? null,
          callAt: q.callAt ?? now,
          audioFileId: fileId,
          audioType: audio?.contentType ?? null,
          audioSize: audio?.data.byteLength ?? null,
          durationSeconds: null,
          language: q.language,
          status: audio && engine ? 'transcribing' : 'awaiting_text',
          engine: null,
          model: null,
          segments: [],
          searchText: '',
          dropped: 0,
          checks: null,
          checkResult: null,
          checkError: null,
          error: null,
          createdById: actorId,
          version: 1,
          createdAt: now,
          updatedAt: now,
        })
        if (audio && engine) await jobs.enqueue(tx, TRANSCRIBE_JOB, { id }, { uniqueKey: `${TRANSCRIBE_JOB}:${id}:1`, maxAttempts: 3 })
        await logActivity(tx, t, {
          at: now,
          actorId,
          entity: 'transcription',
          entityId: id,
          action: 'created',
          after: { saleId: q.saleId ?? null, sellerId: who.sellerId, audio: !!audio },
        })
      })
      return id
    },

    /**
     * A recording the speech engine failed on, sent to it again (after its reason was dealt with: a key, a quota, the
     * engine back). Only a failed call with a recording, and only while an engine is configured; once, however often
     * it is asked (the job is the call's version's).
     */
    async transcribeAgain(actorId: string, id: string, input: { version?: number }): Promise<void> {
      await database.transaction(async (tx) => {
        const [r] = await tx.select().from(x).where(eq(x.id, id))
        if (!r) throw new ApiError(404, 'not_found')
        if (input.version !== undefined && input.version !== r.version) throw new ApiError(409, 'conflict')
        if (r.status === 'transcribing') throw new ApiError(409, 'transcribing')
        if (r.status !== 'failed' || !r.audioFileId || !engine) throw new ApiError(409, 'not_transcribable')
        const now = Date.now()
        const version = r.version + 1
        await tx.update(x).set({ status: 'transcribing', error: null, version, updatedAt: now }).where(eq(x.id, id))
        await jobs.enqueue(tx, TRANSCRIBE_JOB, { id }, { uniqueKey: `${TRANSCRIBE_JOB}:${id}:${version}`, maxAttempts: 3 })
        await logActivity(tx, t, { at: now, actorId, entity: 'transcription', entityId: id, action: 'transcribe_again', after: { engine: engine.kind } })
      })
    },

    /**
     * The call's text, typed or imported (times and speakers per line), replacing what it had; its script checked
     * beside the server before the transaction (decision 079), and again should the script change meanwhile.
     */
    async setText(actorId: string, id: string, input: { text: string; version?: number }): Promise<void> {
      const segments = transcriptSegments(input.text)
      const providerId = (await ctx.row(id)).providerId
      let script = await scriptOf(db, providerId)
      let [checked] = await checkAll(script, [segments])
      await database.transaction(async (tx) => {
        const [r] = await tx.select().from(x).where(eq(x.id, id))
        if (!r) throw new ApiError(404, 'not_found')
        if (input.version !== undefined && input.version !== r.version) throw new ApiError(409, 'conflict')
        if (r.status === 'transcribing') throw new ApiError(409, 'transcribing')
        // Rare: the script (or the call's provider) changed since the check was made; made again with the new one.
        if (r.providerId !== providerId || !(await sameScript(tx, r.providerId, script))) {
          script = await scriptOf(tx, r.providerId)
          ;[checked] = await checkAll(script, [segments])
        }
        const now = Date.now()
        await tx
          .update(x)
          .set({
            segments,
            searchText: searchTextOf(segments),
            status: 'done',
            engine: 'text',
            model: null,
            dropped: 0,
            error: null,
            ...checked!,
            version: r.version + 1,
            updatedAt: now,
          })
          .where(eq(x.id, id))
        await logActivity(tx, t, { at: now, actorId, entity: 'transcription', entityId: id, action: 'text_set', after: { segments: segments.length } })
        await events.record(tx, 'transcription.ready', ctx.ready(id, r.saleId, checked!), { actorId, at: now })
      })
    },
  }
}
export type TranscriptionRecords = ReturnType<typeof transcriptionRecords>
