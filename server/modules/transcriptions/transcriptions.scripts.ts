import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { withLawPhrases, type ScriptPhrase } from '../../../shared/rules/transcriptions'
import type { Translate } from '../../../shared/schemas/errors'
import type { scriptInputSchema } from '../../../shared/schemas/transcriptions'
import type { Db } from '../../db/client'
import { ApiError, validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { TranscriptionsContext } from './transcriptions.context'
import { RECHECK_JOB } from './transcriptions.jobs'

/** Each provider's script: phrases a call must contain and must not. */
export function transcriptionScripts(ctx: TranscriptionsContext) {
  const { database, db, t, jobs, ports } = ctx
  return {
    /** Every provider with its script (none yet: empty lists). */
    async scripts() {
      const [providers, scripts] = await Promise.all([ports.providerList(db), db.select().from(t.transcriptionScripts)])
      const byProvider = new Map(scripts.map((s) => [s.providerId, s]))
      return {
        items: providers.map((p) => {
          const s = byProvider.get(p.id)
          return { providerId: p.id, providerName: p.name, must: s?.must ?? [], mustNot: s?.mustNot ?? [], version: s?.version ?? null }
        }),
      }
    },

    /**
     * The telesales law's phrases added to a provider's script when its sales in a country need a written offer
     * (decision 098): in the caller's transaction (an event's delivery), once — phrases already there (by id) stay as
     * back office worded them — and its calls checked again.
     */
    async addLawPhrases(tx: Db, providerId: string, country: string, at: number, actorId: string | null) {
      const [current] = await tx.select().from(t.transcriptionScripts).where(eq(t.transcriptionScripts.providerId, providerId))
      const next = withLawPhrases(current ?? { must: [], mustNot: [] }, country)
      if (!next) return
      if (current)
        await tx
          .update(t.transcriptionScripts)
          .set({ must: next.must, mustNot: next.mustNot, version: current.version + 1, updatedById: actorId, updatedAt: at })
          .where(eq(t.transcriptionScripts.id, current.id))
      else
        await tx.insert(t.transcriptionScripts).values({
          id: crypto.randomUUID(),
          providerId,
          must: next.must,
          mustNot: next.mustNot,
          version: 1,
          updatedById: actorId,
          createdAt: at,
          updatedAt: at,
        })
      await jobs.enqueue(tx, RECHECK_JOB, { providerId }, { uniqueKey: `${RECHECK_JOB}:${providerId}:${at}` })
      await logActivity(tx, t, {
        at,
        actorId,
        entity: 'transcription_script',
        entityId: providerId,
        action: 'updated',
        after: { must: next.must.length, mustNot: next.mustNot.length, law: country },
      })
    },

    /** A provider's script saved (its version checked), and its calls checked again in the background. */
    async saveScript(actorId: string, providerId: string, input: z.output<typeof scriptInputSchema>, translate: Translate) {
      if (!(await ports.providerNames(db, [providerId])).has(providerId))
        throw validationError({ providerId: [translate('validation.transcriptions.provider')] })
      const clean = (list: ScriptPhrase[]) => list.map((p) => ({ id: p.id, text: p.text }))
      const now = Date.now()
      await database.transaction(async (tx) => {
        const [current] = await tx.select().from(t.transcriptionScripts).where(eq(t.transcriptionScripts.providerId, providerId))
        if (current && input.version !== undefined && input.version !== current.version) throw new ApiError(409, 'conflict')
        if (current)
          await tx
            .update(t.transcriptionScripts)
            .set({ must: clean(input.must), mustNot: clean(input.mustNot), version: current.version + 1, updatedById: actorId, updatedAt: now })
            .where(eq(t.transcriptionScripts.id, current.id))
        else
          await tx.insert(t.transcriptionScripts).values({
            id: crypto.randomUUID(),
            providerId,
            must: clean(input.must),
            mustNot: clean(input.mustNot),
            version: 1,
            updatedById: actorId,
            createdAt: now,
            updatedAt: now,
          })
        await jobs.enqueue(tx, RECHECK_JOB, { providerId }, { uniqueKey: `${RECHECK_JOB}:${providerId}:${now}` })
        await logActivity(tx, t, {
          at: now,
          actorId,
          entity: 'transcription_script',
          entityId: providerId,
          action: 'updated',
          after: { must: input.must.length, mustNot: input.mustNot.length },
        })
      })
    },
  }
}
export type TranscriptionScripts = ReturnType<typeof transcriptionScripts>
