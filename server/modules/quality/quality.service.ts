import { createHash, randomBytes } from 'node:crypto'
import { subject } from '@casl/ability'
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, max, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { maskPersonalNumber } from '../../../shared/rules/identity'
import type { LanguageCode } from '../../../shared/i18n'
import { answersSchemaFor, gradeOf, qualityContentProblems, samplingReason, surveyNki, surveyScore, textIn } from '../../../shared/rules/quality'
import type { Translate } from '../../../shared/schemas/errors'
import {
  SURVEY_PAGE,
  type SurveyDetail,
  type SurveyListItem,
  type SurveyListPage,
  type PublicSurvey,
  type SurveyListQuery,
  type TemplateContent,
  type TemplateDetail,
  type TemplateListItem,
} from '../../../shared/schemas/quality'
import type { Db } from '../../db/client'
import { accessFilter, withAccess } from '../../db/conditions'
import { ApiError, forbidden, notFound, validationError } from '../../lib/errors'
import { changedFields, logActivity } from '../../platform/activity-log'
import { changeMonthNki } from './quality.nki'
import type { Deps } from '../../platform/deps'
import type { DomainEvent } from '../../platform/event-types'
import { qualityStatistics } from './quality.statistics'
import { qualityAnalytics } from './quality.analytics'
import type { QualityPorts } from './quality.ports'

/** How long a link by e-mail and a QR code at the door stay open (docs/decisions/045). */
export const LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000
export const QR_TTL_MS = 24 * 60 * 60 * 1000

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** How long a survey whose customer was not reached waits behind the others before its next try. */
export const RETRY_AFTER_MS = 2 * 60 * 60 * 1000

type Actor = { id: string; ability: AppAbility }
type SurveyRow = {
  id: string
  saleId: string
  sellerId: string
  teamId: string | null
  officeId: string | null
  providerId: string
  sellDate: string
  status: 'queued' | 'answered' | 'unreached' | 'regret'
  reason: 'new_seller' | 'sample'
  templateId: string
  templateVersionId: string | null
  attempts: number
  nextTryAt: number
  answers: Record<string, number | boolean | string> | null
  scoreTenths: number | null
  grade: string | null
  nkiTenths: number | null
  channel: 'call' | 'link' | 'qr' | null
  regretReason: string | null
  answeredAt: number | null
  answeredBy: string | null
  version: number
}

/**
 * Sale quality (docs/decisions/045): templates with versions that never change once answered, the call queue fed by
 * the sales area's `sale.created` events through the sampling rule, and the three outcomes of a call: answered
 * (graded; the grade goes to the sale by event), not reached (after the version's maximum the sale becomes
 * unanswered) and regret (the sale becomes regret). The sale moves through the sales area's lifecycle.
 */
export function qualityService({ database, events, mail }: Pick<Deps, 'database' | 'events' | 'mail'>, ports: QualityPorts) {
  const { db, t } = database
  const tpl = t.qualityTemplates
  const ver = t.qualityTemplateVersions
  const srv = t.qualitySurveys

  /** The fields rule conditions may use: a survey is seen by whoever may see its sale report. */
  const conditionColumns = { sellerId: srv.sellerId, teamId: srv.teamId, officeId: srv.officeId }
  const maySee = (actor: Actor, s: SurveyRow) =>
    actor.ability.can('view', subject('sale_reports', { sellerId: s.sellerId, teamId: s.teamId, officeId: s.officeId }) as never)
  const mayRecord = (actor: Actor, s: SurveyRow) => maySee(actor, s) && actor.ability.can('update', 'sale_quality_surveys')

  async function newestVersion(dbOrTx: Db, templateId: string) {
    const [row] = await dbOrTx.select().from(ver).where(eq(ver.templateId, templateId)).orderBy(desc(ver.number)).limit(1)
    return row ?? null
  }

  async function answeredBy(dbOrTx: Db, versionIds: string[]) {
    if (versionIds.length === 0) return new Map<string, number>()
    const rows = await dbOrTx
      .select({ id: srv.templateVersionId, n: count() })
      .from(srv)
      .where(and(inArray(srv.templateVersionId, versionIds), eq(srv.status, 'answered')))
      .groupBy(srv.templateVersionId)
    return new Map(rows.map((r) => [r.id!, Number(r.n)]))
  }

  function problemsOf(content: TemplateContent, translate: Translate) {
    const problems = qualityContentProblems(content)
    const fields = Object.fromEntries(Object.entries(problems).map(([field, key]) => [`content.${field}`, [translate(key)]]))
    if (Object.keys(fields).length) throw validationError(fields)
  }

  async function checkProvider(dbOrTx: Db, providerId: string | null, translate: Translate) {
    if (providerId === null) return
    const names = await ports.providerNames(dbOrTx, [providerId])
    if (!names.has(providerId)) throw validationError({ providerId: [translate('validation.unknownProvider')] })
  }

  /** Another active template for the same provider (or the default) is set aside: one is in use per provider. */
  async function setAsideOthers(tx: Db, actor: Actor, id: string, providerId: string | null, now: number) {
    const others = await tx
      .select({ id: tpl.id, version: tpl.version })
      .from(tpl)
      .where(and(eq(tpl.active, true), providerId === null ? isNull(tpl.providerId) : eq(tpl.providerId, providerId)))
    for (const other of others.filter((o) => o.id !== id)) {
      await tx
        .update(tpl)
        .set({ active: false, updatedAt: now, version: other.version + 1 })
        .where(eq(tpl.id, other.id))
      await logActivity(tx, t, {
        at: now,
        actorId: actor.id,
        entity: 'quality_template',
        entityId: other.id,
        action: 'updated',
        before: { active: true },
        after: { active: false },
      })
    }
  }

  async function templateRow(tx: Db, id: string) {
    const [row] = await tx.select().from(tpl).where(eq(tpl.id, id))
    if (!row) throw notFound()
    return row
  }

  async function surveyRow(tx: Db, id: string): Promise<SurveyRow> {
    const [row] = await tx.select().from(srv).where(eq(srv.id, id))
    if (!row) throw notFound()
    return row
  }

  /** The version a queued survey is answered with: the newest of its template. */
  async function versionFor(tx: Db, survey: SurveyRow) {
    if (survey.templateVersionId) {
      const [row] = await tx.select().from(ver).where(eq(ver.id, survey.templateVersionId))
      return row ?? null
    }
    return newestVersion(tx, survey.templateId)
  }

  /** An outcome's preconditions: seen, allowed, still queued, and based on the survey as it is. */
  async function forOutcome(tx: Db, actor: Actor, id: string, version: number, translate: Translate) {
    const survey = await surveyRow(tx, id)
    if (!maySee(actor, survey)) throw notFound()
    if (!mayRecord(actor, survey)) throw forbidden()
    if (survey.version !== version) throw new ApiError(409, 'changed_elsewhere', { details: { version: survey.version, status: survey.status } })
    if (survey.status !== 'queued') throw new ApiError(409, 'already_decided', { params: { state: translate(`quality.status.${survey.status}`) } })
    return survey
  }

  async function listItems(dbOrTx: Db, rows: SurveyRow[]): Promise<SurveyListItem[]> {
    const [people, teams, providers] = await Promise.all([
      ports.names(dbOrTx, [...new Set(rows.map((r) => r.sellerId))]),
      ports.teamNames(dbOrTx, [...new Set(rows.map((r) => r.teamId).filter((x): x is string => !!x))]),
      ports.providerNames(dbOrTx, [...new Set(rows.map((r) => r.providerId))]),
    ])
    return rows.map((r) => ({
      id: r.id,
      saleId: r.saleId,
      status: r.status,
      reason: r.reason,
      seller: { id: r.sellerId, name: people.get(r.sellerId) ?? '' },
      team: r.teamId ? { id: r.teamId, name: teams.get(r.teamId) ?? '' } : null,
      provider: { id: r.providerId, name: providers.get(r.providerId) ?? '' },
      sellDate: r.sellDate,
      attempts: r.attempts,
      nextTryAt: r.status === 'queued' ? r.nextTryAt : null,
      grade: r.grade,
      score: r.scoreTenths === null ? null : r.scoreTenths / 10,
      answeredAt: r.answeredAt,
      version: r.version,
    }))
  }

  const service = {
    statistics: qualityStatistics({ database }, ports),
    /** The BI assistant's quality scores (docs/decisions/053). */
    analytics: qualityAnalytics(database),
    templates: {
      async list(): Promise<TemplateListItem[]> {
        const rows = await db.select().from(tpl).orderBy(desc(tpl.active), asc(tpl.name))
        if (rows.length === 0) return []
        const ids = rows.map((r) => r.id)
        const [numbers, answered, providers] = await Promise.all([
          db
            .select({ id: ver.templateId, n: max(ver.number) })
            .from(ver)
            .where(inArray(ver.templateId, ids))
            .groupBy(ver.templateId),
          db
            .select({ id: srv.templateId, n: count() })
            .from(srv)
            .where(and(inArray(srv.templateId, ids), eq(srv.status, 'answered')))
            .groupBy(srv.templateId),
          ports.providerNames(
            db,
            rows.map((r) => r.providerId).filter((x): x is string => !!x),
          ),
        ])
        const numberOf = new Map(numbers.map((r) => [r.id, Number(r.n ?? 1)]))
        const answeredOf = new Map(answered.map((r) => [r.id, Number(r.n)]))
        return rows.map((r) => ({
          id: r.id,
          name: r.name,
          provider: r.providerId ? { id: r.providerId, name: providers.get(r.providerId) ?? '' } : null,
          active: r.active,
          versionNumber: numberOf.get(r.id) ?? 1,
          answered: answeredOf.get(r.id) ?? 0,
          updatedAt: r.updatedAt,
          version: r.version,
        }))
      },

      async detail(id: string): Promise<TemplateDetail | null> {
        const [row] = await db.select().from(tpl).where(eq(tpl.id, id))
        if (!row) return null
        const versions = await db.select().from(ver).where(eq(ver.templateId, id)).orderBy(desc(ver.number))
        const [answered, providers, people] = await Promise.all([
          answeredBy(
            db,
            versions.map((v) => v.id),
          ),
          ports.providerNames(db, row.providerId ? [row.providerId] : []),
          ports.names(
            db,
            versions.map((v) => v.createdBy).filter((x): x is string => !!x),
          ),
        ])
        const newest = versions[0]!
        const total = [...answered.values()].reduce((a, b) => a + b, 0)
        return {
          id: row.id,
          name: row.name,
          provider: row.providerId ? { id: row.providerId, name: providers.get(row.providerId) ?? '' } : null,
          active: row.active,
          versionNumber: newest.number,
          answered: total,
          updatedAt: row.updatedAt,
          version: row.version,
          content: newest.content,
          locked: (answered.get(newest.id) ?? 0) > 0,
          versions: versions.map((v) => ({
            id: v.id,
            number: v.number,
            createdAt: v.createdAt,
            createdBy: v.createdBy ? (people.get(v.createdBy) ?? null) : null,
            answered: answered.get(v.id) ?? 0,
          })),
        }
      },

      /** A new template, with its first version; active when no other is in use for its provider. */
      async create(actor: Actor, input: { name: string; providerId: string | null; content: TemplateContent }, ctx: { now: number; translate: Translate }) {
        problemsOf(input.content, ctx.translate)
        return database.transaction(async (tx) => {
          await checkProvider(tx, input.providerId, ctx.translate)
          const [inUse] = await tx
            .select({ id: tpl.id })
            .from(tpl)
            .where(and(eq(tpl.active, true), input.providerId === null ? isNull(tpl.providerId) : eq(tpl.providerId, input.providerId)))
            .limit(1)
          const id = crypto.randomUUID()
          await tx
            .insert(tpl)
            .values({ id, name: input.name, providerId: input.providerId, active: !inUse, createdAt: ctx.now, updatedAt: ctx.now, version: 1 })
          await tx.insert(ver).values({ id: crypto.randomUUID(), templateId: id, number: 1, content: input.content, createdAt: ctx.now, createdBy: actor.id })
          await logActivity(tx, t, {
            at: ctx.now,
            actorId: actor.id,
            entity: 'quality_template',
            entityId: id,
            action: 'created',
            after: { name: input.name, providerId: input.providerId, active: !inUse, questions: input.content.questions.length },
          })
          return id
        })
      },

      /**
       * Saves the name, provider and content as the editor saw them (`version`). Content of a version that has answers
       * is never changed: it becomes a new version; a version without answers is changed in place.
       */
      async update(
        actor: Actor,
        id: string,
        input: { name: string; providerId: string | null; content: TemplateContent; version: number },
        ctx: { now: number; translate: Translate },
      ) {
        problemsOf(input.content, ctx.translate)
        return database.transaction(async (tx) => {
          const row = await templateRow(tx, id)
          if (row.version !== input.version) throw new ApiError(409, 'changed_elsewhere', { details: { version: row.version } })
          await checkProvider(tx, input.providerId, ctx.translate)
          const newest = (await newestVersion(tx, id))!
          const contentChanged = JSON.stringify(newest.content) !== JSON.stringify(input.content)
          let newVersion: number | null = null
          if (contentChanged) {
            const answered = (await answeredBy(tx, [newest.id])).get(newest.id) ?? 0
            if (answered > 0) {
              newVersion = newest.number + 1
              await tx
                .insert(ver)
                .values({ id: crypto.randomUUID(), templateId: id, number: newVersion, content: input.content, createdAt: ctx.now, createdBy: actor.id })
            } else {
              await tx.update(ver).set({ content: input.content }).where(eq(ver.id, newest.id))
            }
          }
          if (row.active && input.providerId !== row.providerId) await setAsideOthers(tx, actor, id, input.providerId, ctx.now)
          await tx
            .update(tpl)
            .set({ name: input.name, providerId: input.providerId, updatedAt: ctx.now, version: row.version + 1 })
            .where(eq(tpl.id, id))
          const { before, after } = changedFields({ name: row.name, providerId: row.providerId }, { name: input.name, providerId: input.providerId })
          if (contentChanged) {
            Object.assign(before, { versionNumber: newest.number })
            Object.assign(after, { versionNumber: newVersion ?? newest.number, questions: input.content.questions.length })
          }
          if (Object.keys(after).length) {
            await logActivity(tx, t, { at: ctx.now, actorId: actor.id, entity: 'quality_template', entityId: id, action: 'updated', before, after })
          }
        })
      },

      /** Puts a template in use (setting aside the one in use for its provider) or out of use. */
      async setActive(actor: Actor, id: string, active: boolean, version: number, now: number) {
        await database.transaction(async (tx) => {
          const row = await templateRow(tx, id)
          if (row.version !== version) throw new ApiError(409, 'changed_elsewhere', { details: { version: row.version } })
          if (row.active === active) return
          if (active) await setAsideOthers(tx, actor, id, row.providerId, now)
          await tx
            .update(tpl)
            .set({ active, updatedAt: now, version: row.version + 1 })
            .where(eq(tpl.id, id))
          await logActivity(tx, t, {
            at: now,
            actorId: actor.id,
            entity: 'quality_template',
            entityId: id,
            action: 'updated',
            before: { active: row.active },
            after: { active },
          })
        })
      },
    },

    /**
     * The subscriber of `sale.created` (in the delivery's transaction, exactly once): the sale enters the queue when
     * its provider's template in use (or the default) samples it. A sale already queued is left as it is.
     */
    async fromSaleCreated(tx: Db, event: DomainEvent<'sale.created'>) {
      const sale = event.payload
      const templates = await tx
        .select({ id: tpl.id, providerId: tpl.providerId })
        .from(tpl)
        .where(and(eq(tpl.active, true)))
      const template = templates.find((x) => x.providerId === sale.providerId) ?? templates.find((x) => x.providerId === null)
      if (!template) return
      const version = await newestVersion(tx, template.id)
      if (!version) return
      const reason = samplingReason(version.content.sampling, { saleId: sale.saleId, sellDate: sale.sellDate }, await ports.employmentDate(tx, sale.sellerId))
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

    surveys: {
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
    },
    /**
     * The customer's side, reached by a token alone (no sign-in): the questions in the link's language and nothing
     * else of the sale; a used or expired link says so (410) and an unknown one is a 404.
     */
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
  return service

  /** Answers checked, graded and stored with the version; logged; `quality.graded` recorded. */
  async function recordAnswers(
    tx: Db,
    survey: SurveyRow,
    answers: Record<string, number | boolean | string>,
    ctx: { now: number; translate: Translate; channel: 'call' | 'link' | 'qr'; by: string | null },
  ) {
    const version = await versionFor(tx, survey)
    if (!version) throw notFound()
    const parsed = answersSchemaFor(version.content.questions).safeParse(answers)
    if (!parsed.success) {
      const fields: Record<string, string[]> = {}
      for (const issue of parsed.error.issues) {
        const key = issue.path.length ? `answers.${issue.path.join('.')}` : 'answers'
        ;(fields[key] ??= []).push(ctx.translate(issue.message))
      }
      throw validationError(fields)
    }
    const clean = parsed.data as Record<string, number | boolean | string>
    const score = surveyScore(version.content.questions, clean)
    const grade = gradeOf(score, version.content.grades)
    const nki = surveyNki(version.content.questions, clean)
    const scoreTenths = score === null ? null : Math.round(score * 10)
    const nkiTenths = nki === null ? null : Math.round(nki * 10)
    await tx
      .update(srv)
      .set({
        status: 'answered',
        templateVersionId: version.id,
        answers: clean,
        scoreTenths,
        grade,
        nkiTenths,
        channel: ctx.channel,
        attempts: survey.attempts + (ctx.channel === 'call' ? 1 : 0),
        answeredAt: ctx.now,
        answeredBy: ctx.by,
        updatedAt: ctx.now,
        version: survey.version + 1,
      })
      .where(eq(srv.id, survey.id))
    await changeMonthNki(tx, t, survey, survey.nkiTenths, nkiTenths)
    await logActivity(tx, t, {
      at: ctx.now,
      actorId: ctx.by,
      entity: 'quality_survey',
      entityId: survey.id,
      action: 'answered',
      before: { status: survey.status },
      after: { status: 'answered', grade, score, nki, channel: ctx.channel, versionNumber: version.number },
    })
    await events.record(
      tx,
      'quality.graded',
      {
        surveyId: survey.id,
        saleId: survey.saleId,
        sellerId: survey.sellerId,
        teamId: survey.teamId,
        officeId: survey.officeId,
        providerId: survey.providerId,
        grade,
        scoreTenths,
        nkiTenths,
        channel: ctx.channel,
      },
      { actorId: ctx.by, at: ctx.now },
    )
  }

  /** A new single-use token for a survey; only its hash is stored. */
  async function newLink(tx: Db, survey: SurveyRow, channel: 'link' | 'qr', language: LanguageCode, by: string, now: number) {
    const token = randomBytes(32).toString('base64url')
    const expiresAt = now + (channel === 'qr' ? QR_TTL_MS : LINK_TTL_MS)
    await tx
      .insert(t.qualitySurveyLinks)
      .values({ tokenHash: hashToken(token), surveyId: survey.id, channel, language, createdAt: now, createdBy: by, expiresAt })
    return { token, expiresAt }
  }

  /** The link behind a token and its survey, when it may still be answered: 404 unknown, 410 used or expired. */
  async function openLink(dbOrTx: Db, token: string, now = Date.now()) {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw notFound()
    const [link] = await dbOrTx
      .select()
      .from(t.qualitySurveyLinks)
      .where(eq(t.qualitySurveyLinks.tokenHash, hashToken(token)))
    if (!link) throw notFound()
    const survey = await surveyRow(dbOrTx, link.surveyId)
    if (link.usedAt !== null || survey.status !== 'queued') throw new ApiError(410, 'link_used')
    if (link.expiresAt <= now) throw new ApiError(410, 'link_expired')
    return { link, survey }
  }
}

/** An address shown as a hint of where a link went: "a***@example.se". */
function maskEmail(email: string): string {
  const [local, domain] = email.split('@')
  return `${(local ?? '').slice(0, 1)}***@${domain ?? ''}`
}

export type QualityService = ReturnType<typeof qualityService>
