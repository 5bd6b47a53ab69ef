import { randomUUID } from 'node:crypto'
import { desc, eq, isNotNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { starterContent } from '../../../shared/rules/quality'
import type { SurveyDetail, SurveyListPage, TemplateContent, TemplateDetail } from '../../../shared/schemas/quality'
import type { SaleRecord } from '../../../shared/schemas/sales'
import type { PullResult } from '../../../shared/schemas/sync'
import { qualityNkiRecount, qualityProviderNkiRecount } from './quality.fill'
import { activityOf } from '../../platform/activity-log'
import { saleArgs } from '../../test/fixtures'
import { createTestApp, productsIn } from '../../test/harness'

/**
 * Sale quality (docs/decisions/045): templates with versions, the call queue fed by synced sales through the
 * sampling rule, and the outcomes of a call, each moving the sale through its lifecycle and reaching the seller.
 */
const app = await createTestApp()
const { db, t } = app.database

const backoffice = await app.login('backoffice@demo.test')
const coach = await app.login('coach@demo.test')
const seller = await app.login('seller@demo.test')
const westSeller = await app.login('sara.nystrom@demo.test')
const push = app.device(seller.cookie).push
const pushWest = app.device(westSeller.cookie).push
const pull = async (): Promise<PullResult> =>
  (await app.request('POST', '/api/sync/pull', { cookie: seller.cookie, body: { clientId: randomUUID(), cookie: null } })).json as unknown as PullResult
const products = productsIn(await pull())
const alarm = products.find((p) => p.name === 'Hemlarm Standard')!

const every = (): TemplateContent => ({ ...starterContent(), sampling: { newSellerDays: 0, sharePercent: 100, maxAttempts: 3 } })
const createTemplate = (body: Record<string, unknown>, cookie = backoffice.cookie) => app.request('POST', '/api/quality/templates', { cookie, body })

/** The demo's default template, in use and answered; set to sample every sale here (which makes its version 2). */
const seeded = (await app.request('GET', '/api/quality/templates', { cookie: backoffice.cookie })).json.items as Array<{ id: string }>
const before = (await app.request('GET', `/api/quality/templates/${seeded[0]!.id}`, { cookie: backoffice.cookie })).json as unknown as TemplateDetail
const created = await app.request('PUT', `/api/quality/templates/${before.id}`, {
  cookie: backoffice.cookie,
  body: { name: before.name, providerId: null, content: every(), version: before.version },
})
const defaultTemplate = created.json as unknown as TemplateDetail

/** A sale from a seller's device, and its survey once the sale's event has been handled. */
async function surveyOfNewSale(pusher = push) {
  const args = saleArgs({ providerId: alarm.providerId, products: [{ productId: alarm.id, quantity: 1 }] }, { phone: '0701234567' })
  expect(await pusher('createSale', args)).toMatchObject({ applied: 1 })
  await app.events.settled()
  const [row] = await db.select().from(t.qualitySurveys).where(eq(t.qualitySurveys.saleId, args.id))
  return { saleId: args.id, survey: row! }
}
const detail = async (id: string, cookie = backoffice.cookie) => app.request('GET', `/api/quality/surveys/${id}`, { cookie })
const outcome = (id: string, kind: 'answer' | 'not-reached' | 'regret', body: Record<string, unknown>, cookie = backoffice.cookie) =>
  app.request('POST', `/api/quality/surveys/${id}/${kind}`, { cookie, body })
const saleOf = async (id: string) => (await db.select().from(t.sales).where(eq(t.sales.id, id)))[0]!
const good = { satisfied: 5, understood: true, recommend: 4, comment: 'Trevlig säljare' }

describe('templates', () => {
  it('the demo’s default template is in use; changing an answered version made the next one; content is checked with the reason under each field', async () => {
    expect(seeded).toHaveLength(1)
    expect(before).toMatchObject({ name: 'Standard', provider: null, active: true, versionNumber: 1, locked: true })
    expect(before.answered).toBeGreaterThan(0)
    expect(created.status).toBe(200)
    expect(defaultTemplate).toMatchObject({ name: 'Standard', provider: null, active: true, versionNumber: 2, locked: false })
    const content = every()
    content.grades[2]!.min = 90
    content.questions[3]!.weight = 2
    const r = await createTemplate({ name: 'Fel', providerId: null, content })
    expect(r.status).toBe(400)
    expect(r.json.fieldErrors).toEqual({
      'content.questions.3.weight': ['En fritextfråga räknas inte in i poängen: vikten ska vara 0'],
      'content.grades.2.min': ['Gränserna ska sjunka uppifrån: den här måste vara lägre än den ovanför'],
    })
    const unknownProvider = await createTemplate({ name: 'Fel', providerId: randomUUID(), content: every() })
    expect(unknownProvider.status).toBe(400)
    expect(Object.keys(unknownProvider.json.fieldErrors as object)).toEqual(['providerId'])
    expect((await app.request('GET', '/api/quality/templates', { cookie: backoffice.cookie })).json.items).toHaveLength(1)
    const fromDemo = (await app.request('GET', '/api/quality/surveys?status=answered', { cookie: backoffice.cookie })).json as unknown as SurveyListPage
    expect(fromDemo.items.map((i) => i.grade).sort()).toEqual(['A', 'B'])
  })

  it('a second default starts out of use; putting it in use sets the first aside', async () => {
    const second = (await createTemplate({ name: 'Prov', providerId: null, content: every() })).json as unknown as TemplateDetail
    expect(second.active).toBe(false)
    const on = await app.request('POST', `/api/quality/templates/${second.id}/active`, {
      cookie: backoffice.cookie,
      body: { active: true, version: second.version },
    })
    expect(on.json).toMatchObject({ active: true })
    const first = (await app.request('GET', `/api/quality/templates/${defaultTemplate.id}`, { cookie: backoffice.cookie })).json as unknown as TemplateDetail
    expect(first.active).toBe(false)
    // Back again, based on the version seen: an old version is a conflict.
    const stale = await app.request('POST', `/api/quality/templates/${defaultTemplate.id}/active`, {
      cookie: backoffice.cookie,
      body: { active: true, version: defaultTemplate.version },
    })
    expect(stale.status).toBe(409)
    expect(stale.json.error).toBe('changed_elsewhere')
    const back = await app.request('POST', `/api/quality/templates/${defaultTemplate.id}/active`, {
      cookie: backoffice.cookie,
      body: { active: true, version: first.version },
    })
    expect(back.json).toMatchObject({ active: true })
    expect((await app.request('GET', `/api/quality/templates/${second.id}`, { cookie: backoffice.cookie })).json.active).toBe(false)
  })

  it('only those with the permission see or write templates', async () => {
    expect((await app.request('GET', '/api/quality/templates', { cookie: coach.cookie })).status).toBe(403)
    expect((await createTemplate({ name: 'X', providerId: null, content: every() }, coach.cookie)).status).toBe(403)
    expect((await app.request('GET', '/api/quality/surveys', { cookie: seller.cookie })).status).toBe(403)
  })
})

describe('the call queue and its outcomes', () => {
  it('a synced sale enters the queue, oldest first, seen by back office and the seller’s coach', async () => {
    const { saleId, survey } = await surveyOfNewSale()
    expect(survey).toMatchObject({ status: 'queued', reason: 'sample', sellerId: seller.answer.userData.id, attempts: 0, templateId: defaultTemplate.id })
    const page = (await app.request('GET', '/api/quality/surveys?status=queued', { cookie: backoffice.cookie })).json as unknown as SurveyListPage
    expect(page.items.map((i) => i.saleId)).toContain(saleId)
    const times = page.items.map((i) => i.nextTryAt!)
    expect([...times].sort((a, b) => a - b)).toEqual(times)
    const asBackoffice = (await detail(survey.id)).json as unknown as SurveyDetail
    expect(asBackoffice).toMatchObject({ canRecord: true, sale: { phone: '0701234567', status: 'finalized' }, template: { versionNumber: 2 } })
    // The coach sees it (their team's sale) but records nothing and does not get the phone.
    const asCoach = (await detail(survey.id, coach.cookie)).json as unknown as SurveyDetail
    expect(asCoach).toMatchObject({ canRecord: false, sale: { phone: null } })
    expect((await outcome(survey.id, 'answer', { version: survey.version, answers: good }, coach.cookie)).status).toBe(403)
  })

  it('a sale of another team is not the coach’s to see', async () => {
    const { survey } = await surveyOfNewSale(pushWest)
    expect((await detail(survey.id, coach.cookie)).status).toBe(404)
    const page = (await app.request('GET', '/api/quality/surveys', { cookie: coach.cookie })).json as unknown as SurveyListPage
    expect(page.items.map((i) => i.id)).not.toContain(survey.id)
  })

  it('answers are checked against the version: a missing or out-of-range answer is a field error and nothing is stored', async () => {
    const { survey } = await surveyOfNewSale()
    const r = await outcome(survey.id, 'answer', { version: survey.version, answers: { satisfied: 7, recommend: 3, extra: 'x' } })
    expect(r.status).toBe(400)
    expect(r.json.fieldErrors).toEqual({
      'answers.satisfied': ['Välj ett värde från 1 till 5'],
      'answers.understood': ['Svara på frågan'],
      answers: ['Svaret innehåller en fråga som inte finns i enkäten'],
    })
    const [row] = await db.select().from(t.qualitySurveys).where(eq(t.qualitySurveys.id, survey.id))
    expect(row).toMatchObject({ status: 'queued', answers: null, version: survey.version })
  })

  it('answered: graded with its version; the grade reaches the seller’s device', async () => {
    const { saleId, survey } = await surveyOfNewSale()
    const r = await outcome(survey.id, 'answer', { version: survey.version, answers: good })
    expect(r.status).toBe(200)
    // satisfied 5 (w3: 1), understood yes (w4: 1), recommend 4 (w2: 0.75) → 8.5 / 9 = 94.4
    expect(r.json).toMatchObject({
      status: 'answered',
      grade: 'A',
      score: 94.4,
      nki: 87.5,
      channel: 'call',
      answeredBy: { id: backoffice.answer.userData.id },
      template: { versionNumber: 2 },
    })
    await app.events.settled()
    expect((await saleOf(saleId)).qualityGrade).toBe('A')
    const onDevice = (await pull()).patch.find((p) => p.table === 'sales' && p.key === saleId) as { value: SaleRecord }
    expect(onDevice.value.qualityGrade).toBe('A')
    const log = await activityOf(app.database, 'quality_survey', survey.id)
    expect(log[0]).toMatchObject({ action: 'answered', after: { grade: 'A', versionNumber: 2 } })
    // Answered once: a second answer is refused, whatever version it names.
    const again = await outcome(survey.id, 'answer', { version: survey.version + 1, answers: good })
    expect(again.status).toBe(409)
    expect(again.json.error).toBe('already_decided')
  })

  it('a version with answers is never changed: saving makes the next one, and answered surveys keep theirs', async () => {
    const answered = await db
      .select({ id: t.qualitySurveys.id })
      .from(t.qualitySurveys)
      .where(eq(t.qualitySurveys.templateVersionId, (await db.select().from(t.qualityTemplateVersions).where(eq(t.qualityTemplateVersions.number, 2)))[0]!.id))
    expect(answered.length).toBeGreaterThan(0)
    const before = (await app.request('GET', `/api/quality/templates/${defaultTemplate.id}`, { cookie: backoffice.cookie })).json as unknown as TemplateDetail
    expect(before.locked).toBe(true)
    const content = structuredClone(before.content)
    content.grades[0]!.min = 95
    const saved = await app.request('PUT', `/api/quality/templates/${defaultTemplate.id}`, {
      cookie: backoffice.cookie,
      body: { name: 'Standard', providerId: null, content, version: before.version },
    })
    expect(saved.status).toBe(200)
    expect(saved.json).toMatchObject({ versionNumber: 3, locked: false })
    // Version 3 has no answers: changed in place.
    content.grades[0]!.min = 90
    const again = await app.request('PUT', `/api/quality/templates/${defaultTemplate.id}`, {
      cookie: backoffice.cookie,
      body: { name: 'Standard', providerId: null, content, version: (saved.json as { version: number }).version },
    })
    expect(again.json).toMatchObject({ versionNumber: 3, content: { grades: [{ grade: 'A', min: 90 }, {}, {}, {}] } })
    const old = (await detail(answered[0]!.id)).json as unknown as SurveyDetail
    expect(old.template).toMatchObject({ versionNumber: 2, content: { grades: [{ grade: 'A', min: 85 }, {}, {}, {}] } })
    // A queued survey is answered with the newest.
    const { survey } = await surveyOfNewSale()
    expect(((await detail(survey.id)).json as unknown as SurveyDetail).template?.versionNumber).toBe(3)
  })

  it('not reached: counted and put back; at the maximum the survey ends and the sale becomes unanswered', async () => {
    const { saleId, survey } = await surveyOfNewSale()
    let version = survey.version
    for (const n of [1, 2]) {
      const r = await outcome(survey.id, 'not-reached', { version })
      expect(r.json).toMatchObject({ status: 'queued', attempts: n })
      expect(r.json.nextTryAt as number).toBeGreaterThan(Date.now() + 60 * 60 * 1000)
      version = r.json.version as number
    }
    // Another controller's click on the same attempt: a conflict that writes nothing.
    const stale = await outcome(survey.id, 'not-reached', { version: survey.version })
    expect(stale.status).toBe(409)
    expect(stale.json.error).toBe('changed_elsewhere')
    const last = await outcome(survey.id, 'not-reached', { version })
    expect(last.json).toMatchObject({ status: 'unreached', attempts: 3 })
    expect((await saleOf(saleId)).status).toBe('unanswered')
    const onDevice = (await pull()).patch.find((p) => p.table === 'sales' && p.key === saleId) as { value: SaleRecord }
    expect(onDevice.value.status).toBe('unanswered')
  })

  it('regret: the sale becomes regret with the customer’s reason, which the seller reads', async () => {
    const { saleId, survey } = await surveyOfNewSale()
    const missing = await outcome(survey.id, 'regret', { version: survey.version, reason: '  ' })
    expect(missing.status).toBe(400)
    const reason = 'Kunden har redan ett larm och vill inte ha två.'
    const r = await outcome(survey.id, 'regret', { version: survey.version, reason })
    expect(r.json).toMatchObject({ status: 'regret', regretReason: reason })
    const sale = await saleOf(saleId)
    expect(sale.status).toBe('regret')
    const onDevice = (await pull()).patch.find((p) => p.table === 'sales' && p.key === saleId) as { value: SaleRecord }
    expect(onDevice.value.statusHistory.at(-1)).toMatchObject({ status: 'regret', note: reason })
    expect((await activityOf(app.database, 'sale_report', saleId))[0]).toMatchObject({
      action: 'status_changed',
      actorId: backoffice.answer.userData.id,
      reason,
    })
  })

  it('a sale back office already regretted keeps its status; the survey records the call and says so', async () => {
    const { saleId, survey } = await surveyOfNewSale()
    const sale = await saleOf(saleId)
    const moved = await app.request('POST', `/api/sale-reports/${saleId}/status`, {
      cookie: backoffice.cookie,
      body: { status: 'regret', version: sale.version, reason: 'Ångrade via kundtjänst' },
    })
    expect(moved.status).toBe(200)
    const r = await outcome(survey.id, 'regret', { version: survey.version, reason: 'Ångrar' })
    expect(r.json).toMatchObject({ status: 'regret' })
    expect((await saleOf(saleId)).status).toBe('regret')
    expect((await activityOf(app.database, 'quality_survey', survey.id))[0]).toMatchObject({
      action: 'regret',
      after: { saleMoved: false, saleStatus: 'regret' },
    })
  })

  it('a provider’s own template decides its sales; a share of 0 calls nobody but new sellers', async () => {
    const content: TemplateContent = { ...starterContent(), sampling: { newSellerDays: 30, sharePercent: 0, maxAttempts: 3 } }
    const own = await createTemplate({ name: 'Larm', providerId: alarm.providerId, content })
    expect(own.json).toMatchObject({ active: true, provider: { id: alarm.providerId } })
    // The seller has no employment date in the demo: not new, and 0 % of the rest.
    const args = saleArgs({ providerId: alarm.providerId, products: [{ productId: alarm.id, quantity: 1 }] })
    await push('createSale', args)
    await app.events.settled()
    expect(await db.select().from(t.qualitySurveys).where(eq(t.qualitySurveys.saleId, args.id))).toHaveLength(0)
    // Employed ten days before the sale: every sale is called.
    const soldOn = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10)
    await db.update(t.users).set({ employmentDate: soldOn }).where(eq(t.users.id, seller.answer.userData.id))
    const { survey } = await surveyOfNewSale()
    expect(survey).toMatchObject({ reason: 'new_seller', templateId: (own.json as { id: string }).id })
  })
})

describe('the customer’s own answer', () => {
  const tokenIn = async (to: string) => {
    const [message] = await db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, to)).orderBy(desc(t.mailOutbox.createdAt)).limit(1)
    return /\/survey\/([A-Za-z0-9_-]{43})/.exec(message!.text)![1]!
  }
  async function surveyWithEmail(email: string) {
    const args = saleArgs({ providerId: alarm.providerId, products: [{ productId: alarm.id, quantity: 1 }] }, { email, customerName: 'Karin Sjö' })
    await push('createSale', args)
    await app.events.settled()
    const [row] = await db.select().from(t.qualitySurveys).where(eq(t.qualitySurveys.saleId, args.id))
    return { saleId: args.id, survey: row! }
  }

  it('a link by e-mail opens the questions in the customer’s language, nothing of the sale, and is answered once', async () => {
    const { saleId, survey } = await surveyWithEmail('karin.sjo@example.se')
    const sent = await app.request('POST', `/api/quality/surveys/${survey.id}/send-link`, { cookie: backoffice.cookie, body: { language: 'en' } })
    expect(sent.status).toBe(201)
    expect(sent.json).toMatchObject({ sentTo: 'k***@example.se' })
    const [message] = await db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, 'karin.sjo@example.se'))
    expect(message).toMatchObject({ subject: 'How was your purchase?', language: 'en' })
    const token = await tokenIn('karin.sjo@example.se')

    const page = await app.request('GET', `/api/public/surveys/${token}`)
    expect(page.status).toBe(200)
    expect(page.json).toMatchObject({
      language: 'en',
      questions: [{ id: 'satisfied', kind: 'scale', text: 'How satisfied are you with how the seller treated you?' }, {}, {}, {}],
    })
    expect(JSON.stringify(page.json)).not.toMatch(/Karin|Sjö|Hemlarm|811218/)

    // Field errors in the customer's language, nothing stored.
    const bad = await app.request('POST', `/api/public/surveys/${token}`, { body: { answers: { satisfied: 9 } }, headers: { 'accept-language': 'en' } })
    expect(bad.status).toBe(400)
    expect(bad.json.fieldErrors).toMatchObject({ 'answers.satisfied': ['Choose a value from 1 to 5'], 'answers.understood': ['Answer the question'] })
    const ok = await app.request('POST', `/api/public/surveys/${token}`, { body: { answers: { satisfied: 4, understood: true, recommend: 4 } } })
    expect(ok.status).toBe(204)
    const [row] = await db.select().from(t.qualitySurveys).where(eq(t.qualitySurveys.id, survey.id))
    // The alarm provider's own template (above) grades it: 7.75 of 9 = 86.1, an A from 85.
    expect(row).toMatchObject({ status: 'answered', channel: 'link', answeredBy: null, grade: 'A', scoreTenths: 861 })
    await app.events.settled()
    expect((await saleOf(saleId)).qualityGrade).toBe('A')

    // Used: it says so, and a second answer changes nothing.
    const again = await app.request('POST', `/api/public/surveys/${token}`, { body: { answers: { satisfied: 1, understood: false, recommend: 1 } } })
    expect(again.status).toBe(410)
    expect(again.json.error).toBe('link_used')
    expect((await app.request('GET', `/api/public/surveys/${token}`)).json.error).toBe('link_used')
    expect((await db.select().from(t.qualitySurveys).where(eq(t.qualitySurveys.id, survey.id)))[0]!.scoreTenths).toBe(861)
  })

  it('an expired link says so; an unknown one is not found; a sale without e-mail gets no link', async () => {
    const { survey } = await surveyWithEmail('olle.ek@example.se')
    await app.request('POST', `/api/quality/surveys/${survey.id}/send-link`, { cookie: backoffice.cookie, body: { language: 'sv' } })
    const token = await tokenIn('olle.ek@example.se')
    await db
      .update(t.qualitySurveyLinks)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(t.qualitySurveyLinks.surveyId, survey.id))
    const expired = await app.request('GET', `/api/public/surveys/${token}`)
    expect(expired.status).toBe(410)
    expect(expired.json).toMatchObject({ error: 'link_expired', message: 'Länken har gått ut. Hör av dig till oss om du ändå vill svara.' })
    expect((await app.request('GET', `/api/public/surveys/${'x'.repeat(43)}`)).status).toBe(404)
    expect((await app.request('GET', '/api/public/surveys/kort')).status).toBe(404)

    const { survey: noEmail } = await surveyWithEmail('')
    const refused = await app.request('POST', `/api/quality/surveys/${noEmail.id}/send-link`, { cookie: backoffice.cookie, body: { language: 'sv' } })
    expect(refused.status).toBe(400)
    expect(Object.keys(refused.json.fieldErrors as object)).toEqual(['email'])
  })

  it('the seller shows a QR code at the door for their own queued sale only', async () => {
    const { saleId, survey } = await surveyWithEmail('qr@example.se')
    const code = await app.request('POST', `/api/quality/sales/${saleId}/door-code`, { cookie: seller.cookie, body: { language: 'sv' } })
    expect(code.status).toBe(201)
    expect(code.json.url as string).toMatch(/\/survey\/[A-Za-z0-9_-]{43}$/)
    expect(code.json.qrSvg as string).toMatch(/^<svg/)
    // Another seller's sale is not found; the customer answers through the code.
    expect((await app.request('POST', `/api/quality/sales/${saleId}/door-code`, { cookie: westSeller.cookie, body: { language: 'sv' } })).status).toBe(404)
    const token = (code.json.url as string).split('/').at(-1)!
    expect((await app.request('POST', `/api/public/surveys/${token}`, { body: { answers: { satisfied: 5, understood: true, recommend: 5 } } })).status).toBe(
      204,
    )
    expect((await db.select().from(t.qualitySurveys).where(eq(t.qualitySurveys.id, survey.id)))[0]).toMatchObject({ channel: 'qr', grade: 'A' })
    // Answered: no new code.
    const late = await app.request('POST', `/api/quality/sales/${saleId}/door-code`, { cookie: seller.cookie, body: { language: 'sv' } })
    expect(late.status).toBe(409)
  })

  it('the public page is rate-limited per address', async () => {
    const ip = '203.0.113.7'
    const statuses: number[] = []
    for (let i = 0; i < 61; i++) statuses.push((await app.request('GET', `/api/public/surveys/${'y'.repeat(43)}`, { ip })).status)
    expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true)
    expect(statuses[60]).toBe(429)
  })
})

describe('the satisfaction index by month (decision 051)', () => {
  it('after this file’s answers by call and by link, equals a recount from the surveys', async () => {
    const key = (r: { month: string; sellerId: string; teamId: string; officeId: string }) => `${r.month}|${r.sellerId}|${r.teamId}|${r.officeId}`
    const rows = <R extends { month: string; sellerId: string; teamId: string; officeId: string }>(list: R[]) =>
      list.map((r) => ({ ...r })).sort((a, b) => key(a).localeCompare(key(b)))
    const kept = rows(await db.select().from(t.qualityMonthNki))
    expect(kept).toEqual(rows(await qualityNkiRecount(db, t)))
    const byProvider = <R extends { month: string; providerId: string; officeId: string }>(list: R[]) =>
      list.map((r) => ({ ...r })).sort((a, b) => `${a.month}|${a.providerId}|${a.officeId}`.localeCompare(`${b.month}|${b.providerId}|${b.officeId}`))
    const keptByProvider = byProvider(await db.select().from(t.qualityMonthProviderNki))
    expect(keptByProvider).toEqual(byProvider(await qualityProviderNkiRecount(db, t)))
    expect(keptByProvider.reduce((n, r) => n + r.answers, 0)).toBe(kept.reduce((n, r) => n + r.answers, 0))
    // Answers given here (not only the demo's seeded ones) are in it.
    const answeredHere = await db.select({ n: t.qualitySurveys.id }).from(t.qualitySurveys).where(isNotNull(t.qualitySurveys.answeredBy))
    expect(answeredHere.length).toBeGreaterThan(0)
    expect(kept.reduce((n, r) => n + r.answers, 0)).toBeGreaterThan(0)
  })
})
