import { and, eq } from 'drizzle-orm'
import { samplingReason, textIn } from '../../../shared/rules/quality'
import type { Translate } from '../../../shared/schemas/errors'
import { type PublicSurvey } from '../../../shared/schemas/quality'
import type { Db } from '../../db/client'
import { notFound } from '../../lib/errors'
import type { DomainEvent } from '../../platform/event-types'

import { type QualityContext } from './quality.context'

/** The queue fed from new sales (the sampling rule), and the public survey a customer answers by a link or a code. */
export function qualityIntake(ctx: QualityContext) {
  const { database, ports, db, newestVersion, openLink, recordAnswers, srv, t, tpl, versionFor } = ctx
  return {
    /** A sale's call checked against its script: the result on the sale's survey (none sampled: nothing to do). */
    async fromTranscription(tx: Db, event: DomainEvent<'transcription.ready'>) {
      const e = event.payload
      if (!e.saleId) return
      const scriptCheck = e.result
        ? { transcriptionId: e.transcriptionId, result: e.result, missing: e.missing, forbidden: e.forbidden, at: event.occurredAt }
        : null
      await tx.update(srv).set({ scriptCheck }).where(eq(srv.saleId, e.saleId))
    },

    async fromSaleCreated(tx: Db, event: DomainEvent<'sale.created'>) {
      const sale = event.payload
      // The templates, their versions and the sellers' employment dates are read once per batch of events (one
      // transaction): a burst of sales asks for the same few again and again, and none of it changes in the batch.
      const templates = await database.reuse('quality.intake.templates', () =>
        tx
          .select({ id: tpl.id, providerId: tpl.providerId })
          .from(tpl)
          .where(and(eq(tpl.active, true))),
      )
      const template = templates.find((x) => x.providerId === sale.providerId) ?? templates.find((x) => x.providerId === null)
      if (!template) return
      const version = await database.reuse(`quality.intake.version:${template.id}`, () => newestVersion(tx, template.id))
      if (!version) return
      const employed = await database.reuse(`quality.intake.employment:${sale.sellerId}`, () => ports.employmentDate(tx, sale.sellerId))
      const reason = samplingReason(version.content.sampling, { saleId: sale.saleId, sellDate: sale.sellDate }, employed)
      if (!reason) return
      const [existing] = await tx.select({ id: srv.id }).from(srv).where(eq(srv.saleId, sale.saleId))
      if (existing) return
      await tx.insert(srv).values({
        id: crypto.randomUUID(),
        saleId: sale.saleId,
        sellerId: sale.sellerId,
        teamId: sale.teamId,
        officeId: sale.officeId,
        providerId: sale.providerId,
        sellDate: sale.sellDate,
        soldAt: sale.soldAt,
        reason,
        status: 'queued',
        templateId: template.id,
        attempts: 0,
        nextTryAt: sale.soldAt,
        createdAt: event.occurredAt,
        updatedAt: event.occurredAt,
        version: 1,
      })
    },

    public: {
      async questions(token: string): Promise<PublicSurvey> {
        const { link, survey } = await openLink(db, token)
        const version = await versionFor(db, survey)
        if (!version) throw notFound()
        const lang = link.language
        return {
          language: lang,
          expiresAt: link.expiresAt,
          questions: version.content.questions.map((q) => ({
            id: q.id,
            kind: q.kind,
            text: textIn(q.text, lang),
            required: q.required,
            options: q.options.map((o) => ({ id: o.id, text: textIn(o.text, lang) })),
          })),
        }
      },

      async answer(token: string, answers: Record<string, number | boolean | string>, ctx: { now: number; translate: Translate }) {
        await database.transaction(async (tx) => {
          const { link, survey } = await openLink(tx, token, ctx.now)
          await recordAnswers(tx, survey, answers, { now: ctx.now, translate: ctx.translate, channel: link.channel, by: null })
          await tx.update(t.qualitySurveyLinks).set({ usedAt: ctx.now }).where(eq(t.qualitySurveyLinks.tokenHash, link.tokenHash))
        })
      },
    },
  }
}
