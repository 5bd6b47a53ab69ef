import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { segmentsFromText } from '../../../shared/rules/transcriptions'
import type { Translate } from '../../../shared/schemas/errors'
import type { transcriptionUploadQuerySchema } from '../../../shared/schemas/transcriptions'
import { ApiError, validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import { searchTextOf, type TranscriptionsContext } from './transcriptions.context'

type Upload = { name: string; contentType: string; data: Buffer }
type Query = z.output<typeof transcriptionUploadQuerySchema>

import { TRANSCRIBE_JOB } from './transcriptions.jobs'

/** A transcription made (a recording, its text, or both) and its text set. */
export function transcriptionRecords(ctx: TranscriptionsContext) {
  const { database, db, t, x, files, jobs, events, ports, engine, checksFor } = ctx

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
    // Without a sale or a provider named, the call is taken to be for the provider the seller's team sells for.
    const providerId = q.providerId ?? (seller.teamId ? await ports.teamProvider(db, seller.teamId) : null)
    return { sellerId: q.sellerId!, providerId, teamId: seller.teamId, officeId: seller.officeId }
  }

  return {
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
          error: null,
          createdById: actorId,
          version: 1,
          createdAt: now,
          updatedAt: now,
        })
        if (audio && engine) await jobs.enqueue(tx, TRANSCRIBE_JOB, { id }, { uniqueKey: `${TRANSCRIBE_JOB}:${id}`, maxAttempts: 3 })
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

    /** The call's text, typed or imported (times and speakers per line), replacing what it had; its script checked. */
    async setText(actorId: string, id: string, input: { text: string; version?: number }): Promise<void> {
      await database.transaction(async (tx) => {
        const [r] = await tx.select().from(x).where(eq(x.id, id))
        if (!r) throw new ApiError(404, 'not_found')
        if (input.version !== undefined && input.version !== r.version) throw new ApiError(409, 'conflict')
        if (r.status === 'transcribing') throw new ApiError(409, 'transcribing')
        const segments = segmentsFromText(input.text)
        const checked = await checksFor(tx, r.providerId, segments)
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
            ...checked,
            version: r.version + 1,
            updatedAt: now,
          })
          .where(eq(x.id, id))
        await logActivity(tx, t, { at: now, actorId, entity: 'transcription', entityId: id, action: 'text_set', after: { segments: segments.length } })
        await events.record(tx, 'transcription.ready', ctx.ready(id, r.saleId, checked), { actorId, at: now })
      })
    },
  }
}
