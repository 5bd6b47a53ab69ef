import { asc, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm'
import { maskPersonalNumber } from '../../../shared/rules/identity'
import type { LanguageCode } from '../../../shared/i18n'
import type { Translate } from '../../../shared/schemas/errors'
import { SURVEY_PAGE, type SurveyDetail, type SurveyListPage, type SurveyListQuery } from '../../../shared/schemas/quality'
import { accessFilter, withAccess } from '../../db/conditions'
import { ApiError, forbidden, notFound, validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'

import { maskEmail, RETRY_AFTER_MS, LINK_TTL_MS, type Actor, type QualityContext } from './quality.context'

/** The call queue as the reader may see it, a survey opened, and a call's answers recorded. */
export function surveyReads(ctx: QualityContext) {
  const { database, ports, conditionColumns, db, forOutcome, listItems, mayRecord, maySee, recordAnswers, srv, tpl, versionFor } = ctx
  return {
    /** The surveys this user may see (those of the sale reports they may see), a page at a time; the queue oldest first. */
    async list(actor: Actor, q: SurveyListQuery): Promise<SurveyListPage> {
      const filter = accessFilter(actor.ability, 'view', 'sale_reports', conditionColumns, { inline: true })
      const own: SQL[] = [eq(srv.status, q.status)]
      if (q.providerId) own.push(eq(srv.providerId, q.providerId))
      if (q.teamId) own.push(eq(srv.teamId, q.teamId))
      if (q.sellerId) own.push(eq(srv.sellerId, q.sellerId))
      if (q.officeId) own.push(eq(srv.officeId, q.officeId))
      if (q.from) own.push(gte(srv.sellDate, q.from))
      if (q.to) own.push(lte(srv.sellDate, q.to))
      if (q.grade) own.push(eq(srv.grade, q.grade))
      const where = withAccess(filter, ...own)
      const order = q.status === 'queued' ? [asc(srv.nextTryAt), asc(srv.id)] : [desc(srv.updatedAt), asc(srv.id)]
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(srv)
          .where(where)
          .orderBy(...order)
          .limit(SURVEY_PAGE)
          .offset(q.offset),
        db.select({ n: count() }).from(srv).where(where),
      ])
      return { items: await listItems(db, rows), total: Number(total?.n ?? 0), offset: q.offset }
    },

    /** One survey with its sale and the version it is (or will be) answered with; null when not this user's to see. */
    async detail(actor: Actor, id: string): Promise<SurveyDetail | null> {
      const [row] = await db.select().from(srv).where(eq(srv.id, id))
      if (!row || !maySee(actor, row)) return null
      const [[item], version, sale, template, people] = await Promise.all([
        listItems(db, [row]),
        versionFor(db, row),
        ports.sale.forSurvey(db, row.saleId),
        db.select({ name: tpl.name }).from(tpl).where(eq(tpl.id, row.templateId)),
        ports.names(db, row.answeredBy ? [row.answeredBy] : []),
      ])
      const canRecord = mayRecord(actor, row)
      return {
        ...item!,
        sale: sale && {
          customerName: sale.customerName,
          customerType: sale.customerType,
          companyName: sale.companyName,
          phone: canRecord ? sale.phone : null,
          // Masked for every reader; the full number on request, logged (docs/decisions/058).
          ssn: sale.ssn ? maskPersonalNumber(sale.ssn) : null,
          hasEmail: !!sale.email,
          orderValueOre: sale.orderValueOre,
          soldAt: sale.soldAt,
          status: sale.status,
          lines: sale.lines,
        },
        template: version
          ? { id: row.templateId, name: template[0]?.name ?? '', versionId: version.id, versionNumber: version.number, content: version.content }
          : null,
        maxAttempts: version?.content.sampling.maxAttempts ?? 3,
        answers: row.answers,
        scriptCheck: row.scriptCheck,
        nki: row.nkiTenths === null ? null : row.nkiTenths / 10,
        channel: row.channel,
        regretReason: row.regretReason,
        answeredBy: row.answeredBy ? { id: row.answeredBy, name: people.get(row.answeredBy) ?? '' } : null,
        canRecord,
      }
    },

    /**
     * The customer answered: the answers are checked against the version's own schema (field errors under
     * `answers.<question>`, nothing stored), graded with it and stored with it; the grade goes to the sale by event.
     */
    async answer(
      actor: Actor,
      id: string,
      input: { version: number; answers: Record<string, number | boolean | string> },
      ctx: { now: number; translate: Translate; channel?: 'call' | 'link' | 'qr' },
    ) {
      await database.transaction(async (tx) => {
        const survey = await forOutcome(tx, actor, id, input.version, ctx.translate)
        await recordAnswers(tx, survey, input.answers, { ...ctx, channel: ctx.channel ?? 'call', by: actor.id })
      })
    },
  }
}

/** A call's other outcomes (not reached, regret) and the survey sent as a link or shown as a code at the door. */
export function surveyOutcomes(ctx: QualityContext) {
  const { database, mail, ports, forOutcome, mayRecord, maySee, newLink, srv, surveyRow, t, versionFor } = ctx
  return {
    /** The customer was not reached: counted; at the version's maximum the survey ends and the sale becomes unanswered. */
    async notReached(actor: Actor, id: string, input: { version: number }, ctx: { now: number; translate: Translate }) {
      await database.transaction(async (tx) => {
        const survey = await forOutcome(tx, actor, id, input.version, ctx.translate)
        const version = await versionFor(tx, survey)
        const attempts = survey.attempts + 1
        const last = attempts >= (version?.content.sampling.maxAttempts ?? 3)
        await tx
          .update(srv)
          .set({
            attempts,
            status: last ? 'unreached' : 'queued',
            nextTryAt: last ? survey.nextTryAt : ctx.now + RETRY_AFTER_MS,
            answeredAt: last ? ctx.now : null,
            answeredBy: last ? actor.id : null,
            templateVersionId: last ? (version?.id ?? null) : null,
            updatedAt: ctx.now,
            version: survey.version + 1,
          })
          .where(eq(srv.id, id))
        const sale = last ? await ports.sale.outcome(tx, { saleId: survey.saleId, to: 'unanswered', reason: null, byUserId: actor.id, now: ctx.now }) : null
        await logActivity(tx, t, {
          at: ctx.now,
          actorId: actor.id,
          entity: 'quality_survey',
          entityId: id,
          action: 'not_reached',
          before: { attempts: survey.attempts, status: survey.status },
          after: {
            attempts,
            status: last ? 'unreached' : 'queued',
            ...(sale ? { saleMoved: sale.moved, saleStatus: sale.moved ? 'unanswered' : sale.from } : {}),
          },
        })
      })
    },

    /** The customer withdrew: the survey ends with the reason and the sale becomes regret through its lifecycle. */
    async regret(actor: Actor, id: string, input: { version: number; reason: string }, ctx: { now: number; translate: Translate }) {
      await database.transaction(async (tx) => {
        const survey = await forOutcome(tx, actor, id, input.version, ctx.translate)
        const version = await versionFor(tx, survey)
        await tx
          .update(srv)
          .set({
            status: 'regret',
            regretReason: input.reason,
            attempts: survey.attempts + 1,
            answeredAt: ctx.now,
            answeredBy: actor.id,
            channel: 'call',
            templateVersionId: version?.id ?? null,
            updatedAt: ctx.now,
            version: survey.version + 1,
          })
          .where(eq(srv.id, id))
        const sale = await ports.sale.outcome(tx, { saleId: survey.saleId, to: 'regret', reason: input.reason, byUserId: actor.id, now: ctx.now })
        await logActivity(tx, t, {
          at: ctx.now,
          actorId: actor.id,
          entity: 'quality_survey',
          entityId: id,
          action: 'regret',
          before: { status: survey.status },
          after: { status: 'regret', saleMoved: sale.moved, saleStatus: sale.moved ? 'regret' : sale.from },
          reason: input.reason,
        })
      })
    },

    /**
     * A link to the survey by e-mail to the customer (the address on the sale), in the language asked for: a new
     * single-use token each time, open for LINK_TTL_MS. Answers where it was sent, masked.
     */
    async sendLink(actor: Actor, id: string, input: { language: LanguageCode }, ctx: { now: number; translate: Translate; origin: string }) {
      return database.transaction(async (tx) => {
        const survey = await surveyRow(tx, id)
        if (!maySee(actor, survey)) throw notFound()
        if (!mayRecord(actor, survey)) throw forbidden()
        if (survey.status !== 'queued') throw new ApiError(409, 'already_decided', { params: { state: ctx.translate(`quality.status.${survey.status}`) } })
        const sale = await ports.sale.forSurvey(tx, survey.saleId)
        if (!sale?.email) throw validationError({ email: [ctx.translate('quality.link.noEmail')] })
        const { token, expiresAt } = await newLink(tx, survey, 'link', input.language, actor.id, ctx.now)
        await mail.send(tx, {
          to: sale.email,
          template: 'qualitySurvey',
          language: input.language,
          params: { name: sale.customerName.split(' ')[0], link: `${ctx.origin}/survey/${token}`, days: Math.round(LINK_TTL_MS / 86_400_000) },
        })
        await logActivity(tx, t, {
          at: ctx.now,
          actorId: actor.id,
          entity: 'quality_survey',
          entityId: id,
          action: 'sent',
          after: { channel: 'link', language: input.language },
        })
        return { sentTo: maskEmail(sale.email), expiresAt }
      })
    },

    /**
     * A QR code for the customer at the door, asked by the seller of the sale from their phone: only for a sale the
     * sampling already queued (the seller does not choose who answers), open for QR_TTL_MS.
     */
    async doorCode(actor: Actor, saleId: string, input: { language: LanguageCode }, ctx: { now: number; translate: Translate; origin: string }) {
      return database.transaction(async (tx) => {
        const [survey] = await tx.select().from(srv).where(eq(srv.saleId, saleId))
        if (!survey || survey.sellerId !== actor.id) throw notFound()
        if (survey.status !== 'queued') throw new ApiError(409, 'already_decided', { params: { state: ctx.translate(`quality.status.${survey.status}`) } })
        const { token, expiresAt } = await newLink(tx, survey, 'qr', input.language, actor.id, ctx.now)
        await logActivity(tx, t, {
          at: ctx.now,
          actorId: actor.id,
          entity: 'quality_survey',
          entityId: survey.id,
          action: 'sent',
          after: { channel: 'qr', language: input.language },
        })
        return { url: `${ctx.origin}/survey/${token}`, expiresAt }
      })
    },
  }
}
