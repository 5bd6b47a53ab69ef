import { createHash, randomBytes } from 'node:crypto'
import { subject } from '@casl/ability'
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { LanguageCode } from '../../../shared/i18n'
import { answersSchemaFor, gradeOf, qualityContentProblems, surveyNki, surveyScore } from '../../../shared/rules/quality'
import type { Translate } from '../../../shared/schemas/errors'
import { type SurveyListItem, type TemplateContent } from '../../../shared/schemas/quality'
import type { Db } from '../../db/client'
import { ApiError, forbidden, notFound, validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import { changeMonthNki } from './quality.nki'
import type { Deps } from '../../platform/deps'
import type { QualityPorts } from './quality.ports'

/** How long a link by e-mail and a QR code at the door stay open (docs/decisions/045). */
export const LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000
export const QR_TTL_MS = 24 * 60 * 60 * 1000

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** How long a survey whose customer was not reached waits behind the others before its next try. */
export const RETRY_AFTER_MS = 2 * 60 * 60 * 1000

export type Actor = { id: string; ability: AppAbility }
export type SurveyRow = {
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

/** The quality area's tables, who may see and record a survey, its templates' versions and its list rows. */
function qualityBasics({ database, events, mail }: Pick<Deps, 'database' | 'events' | 'mail'>, ports: QualityPorts) {
  const { db, t } = database
  const tpl = t.qualityTemplates
  const ver = t.qualityTemplateVersions
  const srv = t.qualitySurveys

  /** The fields rule conditions may use: a survey is seen by whoever may see its sale report. */
  const conditionColumns = { sellerId: srv.sellerId, teamId: srv.teamId, officeId: srv.officeId }
  const maySee = (actor: Actor, s: SurveyRow) =>
    actor.ability.can('view', subject('sale_reports', { sellerId: s.sellerId, teamId: s.teamId, officeId: s.officeId }))
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

  return {
    database,
    events,
    mail,
    ports,
    answeredBy,
    checkProvider,
    conditionColumns,
    db,
    forOutcome,
    listItems,
    mayRecord,
    maySee,
    newestVersion,
    problemsOf,
    setAsideOthers,
    srv,
    surveyRow,
    t,
    templateRow,
    tpl,
    ver,
    versionFor,
  }
}

/** A call's answers recorded, and the links and door codes a customer answers by. */
function qualityLinks(basics: ReturnType<typeof qualityBasics>) {
  const { events, srv, surveyRow, t, versionFor } = basics
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
  return { newLink, openLink, recordAnswers }
}

/** What the quality area's parts share. */
export function qualityContext(deps: Pick<Deps, 'database' | 'events' | 'mail'>, ports: QualityPorts) {
  const basics = qualityBasics(deps, ports)
  return { ...basics, ...qualityLinks(basics) }
}
export type QualityContext = ReturnType<typeof qualityContext>

/** An address shown as a hint of where a link went: "a***@example.se". */
export function maskEmail(email: string): string {
  const [local, domain] = email.split('@')
  return `${(local ?? '').slice(0, 1)}***@${domain ?? ''}`
}
