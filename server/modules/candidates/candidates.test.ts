import { createHash, createHmac } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { and, eq } from 'drizzle-orm'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { directoryEmployeeId } from '../../../shared/rules/candidates'
import type { CandidateDetail, CandidateListItem, CandidateOwnPage, SigningPage } from '../../../shared/schemas/candidates'
import type { ListAnswer } from '../../../shared/schemas/pagination'
import { createTestApp } from '../../test/harness'
import { PUBLIC_CANDIDATE_THROTTLE } from './candidates.public-routes'
import { docusealStandIn, fakeGraph, fakeSmtp, fakeSpaces, pdfText, signaturePng } from './candidates.fakes'
import { expectAnsweredThroughout, healthWhile, pngBomb } from '../../test/hostile'

/**
 * Recruiting and onboarding (issue 44, decision 070) through the API, on both databases: a recruiter's candidates and
 * who else sees them, the validation of what is entered, the four steps as jobs — the candidate's own page behind a
 * mailed link, a contract made from its template and signed on the candidate's page (or at an e-signing service whose
 * webhook is verified), the local and the Graph directory account — with their failures, retries and a run after a
 * killed one, and the erasure and export of a candidate's data.
 */
const smtp = await fakeSmtp()
const graph = await fakeGraph({ tenant: 'tenant-1', clientId: 'app-1', secret: 'graph-secret', domain: 'saljkraft.test' })
const SIGNED = await (async () => {
  const d = await PDFDocument.create()
  d.addPage().drawText('Signed at the service')
  return d.save()
})()
// DocuSeal's webhook signing secret has its own form: `whsec_` and 24 random bytes in base64 (signatures.rb).
const SECRET = `whsec_${Buffer.alloc(24, 7).toString('base64')}`
const esign = await docusealStandIn({ token: 'esign-key', signedPdf: SIGNED, hmacSecret: SECRET })
const spaces = await fakeSpaces({ token: 'space-token' })
afterAll(() => Promise.all([smtp.close(), graph.close(), esign.close(), spaces.close()]))

const t = await createTestApp(
  {
    SMTP_URL: smtp.url,
    GRAPH_TENANT_ID: 'tenant-1',
    GRAPH_CLIENT_ID: 'app-1',
    GRAPH_CLIENT_SECRET: 'graph-secret',
    GRAPH_DOMAIN: 'saljkraft.test',
    GRAPH_URL: graph.url,
    GRAPH_LOGIN_URL: graph.base,
  },
  { deps: { jobs: { pollMs: 50, backoffMs: () => 100 } } },
)
const { db, t: tables } = t.database
const cookies = new Map<string, string>()
const as = async (email: string) => cookies.get(email) ?? cookies.set(email, (await t.login(email)).cookie).get(email)!
const api = async (email: string, method: string, url: string, body?: unknown, headers?: Record<string, string>) =>
  t.request(method, url, { cookie: await as(email), body, headers })
const pub = (method: string, url: string, body?: unknown, headers?: Record<string, string>) => t.request(method, url, { body, headers })
const settle = async () => {
  await t.jobs.settled()
  await t.events.settled()
}
const tokenOf = (link: string) => /\/candidate\/([A-Za-z0-9_-]{43})/.exec(link)![1]!

const RECRUITER = 'recruiter@demo.test'
let region: string
let otherRegion: string
let teamInRegion: string
let teamElsewhere: string

beforeAll(async () => {
  const [r] = await db
    .select({ regionId: tables.offices.regionId })
    .from(tables.users)
    .innerJoin(tables.offices, eq(tables.offices.id, tables.users.officeId))
    .where(eq(tables.users.email, RECRUITER))
  region = r!.regionId
  const teams = await db
    .select({ id: tables.teams.id, regionId: tables.offices.regionId })
    .from(tables.teams)
    .innerJoin(tables.offices, eq(tables.offices.id, tables.teams.officeId))
  teamInRegion = teams.find((x) => x.regionId === region)!.id
  const elsewhere = teams.find((x) => x.regionId !== region)!
  teamElsewhere = elsewhere.id
  otherRegion = elsewhere.regionId
})

let counter = 0
async function newCandidate(email = RECRUITER, extra: Record<string, unknown> = {}) {
  counter++
  const r = await api(email, 'POST', '/api/candidates', {
    firstName: 'Åsa',
    lastName: `Öberg${counter}`,
    email: `asa.oberg.${counter}.${Date.now()}@example.test`,
    phone: '070-123 45 67',
    language: 'sv',
    regionId: region,
    startDate: '2027-01-04',
    ...extra,
  })
  expect(r.status, r.text).toBe(201)
  return (r.json as { id: string }).id
}
const detail = async (id: string, email = RECRUITER) => (await api(email, 'GET', `/api/candidates/${id}`)).json as unknown as CandidateDetail
const stepOf = async (id: string, step: string) => (await detail(id, 'admin@demo.test')).steps.find((s) => s.step === step)!

const OWN_DETAILS = {
  phone: '070-765 43 21',
  address: 'Storgatan 1',
  postalCode: '111 22',
  city: 'Stockholm',
  personalNumber: '19811218-9876',
  bankClearing: '6789',
  bankAccount: '123 456 789',
  favouriteCake: 'Prinsesstårta',
  specialDiet: null,
  tshirtSize: 'M',
  shoeSize: '42',
  driversLicense: true,
  iceType: 'parent',
  iceName: 'Eva Öberg',
  icePhone: '070-111 22 33',
}

/** A candidate through preonboarding: the step run, the link mailed, their details sent from it. */
async function preonboarded(id: string) {
  const r = await api(RECRUITER, 'POST', `/api/candidates/${id}/steps/preonboarding`, {})
  expect(r.status, r.text).toBe(202)
  await settle()
  const d = await detail(id)
  const link = smtp.linkTo(d.email)
  const sent = await pub('POST', `/api/public/candidates/${tokenOf(link)}`, OWN_DETAILS)
  expect(sent.status, sent.text).toBe(204)
  await settle()
  return link
}

/** A contract step started and its link's token. */
async function contractSent(id: string, step: 'work_contract' | 'education_contract') {
  const r = await api(RECRUITER, 'POST', `/api/candidates/${id}/steps/${step}`, {})
  expect(r.status, r.text).toBe(202)
  await settle()
  const d = await detail(id)
  return tokenOf(smtp.linkTo(d.email))
}

/** A drawn signature as a signature pad hands it over: a PNG data URL. */
const drawn = async () => `data:image/png;base64,${signaturePng().toString('base64')}`

describe('candidates', () => {
  it('a recruiter adds a candidate of their own; what cannot be valid is refused with its field and changes nothing', async () => {
    const bad = await api(RECRUITER, 'POST', '/api/candidates', { firstName: '', lastName: 'X', email: 'nope', phone: '12', regionId: region })
    expect(bad.status).toBe(400)
    expect(Object.keys((bad.json as { fieldErrors: object }).fieldErrors).sort()).toEqual(['email', 'firstName', 'phone'])
    const unknownRegion = await api(RECRUITER, 'POST', '/api/candidates', {
      firstName: 'A',
      lastName: 'B',
      email: 'a.b@example.test',
      regionId: crypto.randomUUID(),
    })
    expect(unknownRegion.status).toBe(400)
    expect((unknownRegion.json as { fieldErrors: Record<string, string[]> }).fieldErrors.regionId).toEqual(['Regionen finns inte'])
    const id = await newCandidate()
    const d = await detail(id)
    expect(d).toMatchObject({ firstName: 'Åsa', status: 'active', stage: 'preonboarding', startDate: '2027-01-04', recruiter: { name: 'Rut Rekryterare' } })
    expect(d.steps.map((s) => [s.step, s.status, s.blockedBy])).toEqual([
      ['preonboarding', 'waiting', null],
      ['work_contract', 'waiting', 'candidates.blocked.details'],
      ['education_contract', 'waiting', 'candidates.blocked.details'],
      ['accounts', 'waiting', 'candidates.blocked.workContract'],
    ])
    // The same e-mail twice while the first is in progress: refused.
    const twice = await api(RECRUITER, 'POST', '/api/candidates', { firstName: 'A', lastName: 'B', email: d.email, regionId: region })
    expect((twice.json as { fieldErrors: Record<string, string[]> }).fieldErrors.email).toEqual(['Det finns redan en pågående kandidat med den e-postadressen'])
  })

  it('identity and bank numbers are checked: a Swedish or Finnish identity number by its check digit, an account by its bank', async () => {
    const id = await newCandidate()
    const d = await detail(id)
    const edit = (body: Record<string, unknown>) =>
      api(RECRUITER, 'PATCH', `/api/candidates/${id}`, {
        firstName: d.firstName,
        lastName: d.lastName,
        email: d.email,
        language: 'sv',
        regionId: region,
        recruiterId: d.recruiter.id,
        version: d.version,
        ...body,
      })
    const wrong = await edit({ personalNumber: '19811218-9875' })
    expect(wrong.status).toBe(400)
    expect((wrong.json as { fieldErrors: Record<string, string[]> }).fieldErrors).toEqual({
      personalNumber: ['Ogiltigt personnummer eller finsk personbeteckning (kontrollsiffran stämmer inte)'],
    })
    const wrongBank = await edit({ bankClearing: '5000', bankAccount: '1234567' })
    expect((wrongBank.json as { fieldErrors: Record<string, string[]> }).fieldErrors).toEqual({
      bankAccount: ['Kontonumret stämmer inte med clearingnumret (längd eller kontrollsiffra)'],
    })
    expect((await detail(id)).version).toBe(d.version)
    const finnish = await edit({ personalNumber: '131052-308T', bankClearing: '6789', bankAccount: '123456789', shoeSize: '43' })
    expect(finnish.status, finnish.text).toBe(200)
    const after = await detail(id)
    expect(after.private).toEqual({ personalNumber: '131052-****', bankClearing: '6789', bankAccount: '••••6789' })
    expect(after.shoeSize).toBe('43')
  })

  it('who sees which candidate: the recruiter their own, another recruiter none of them, a region rule its region, back office all, a seller nothing', async () => {
    const mine = await newCandidate()
    const elsewhere = await newCandidate('backoffice@demo.test', { regionId: otherRegion, recruiterId: (await detail(mine)).recruiter.id })
    const ids = (l: ListAnswer<CandidateListItem>) => l.items.map((c) => c.id)
    const list = async (email: string, q = '') =>
      (await api(email, 'GET', `/api/candidates?itemsPerPage=100${q}`)).json as unknown as ListAnswer<CandidateListItem>
    expect(ids(await list(RECRUITER))).toEqual(expect.arrayContaining([mine, elsewhere]))
    // Another recruiter, in the same office: none of them (their rule is "own").
    const admin = await as('admin@demo.test')
    const roles = (await t.request('GET', '/api/roles', { cookie: admin })).json as unknown as { items: Array<{ id: string; key: string }> }
    const recruiterRole = roles.items.find((r) => r.key === 'recruiter')!.id
    const [office] = await db.select({ officeId: tables.users.officeId }).from(tables.users).where(eq(tables.users.email, RECRUITER))
    const created = await t.request('POST', '/api/users', {
      cookie: admin,
      body: {
        email: `rekryterare2.${Date.now()}@demo.test`,
        firstName: 'Rasmus',
        lastName: 'Rekryterare',
        password: 'saljkraft-demo-2',
        roleId: recruiterRole,
      },
    })
    expect(created.status, created.text).toBe(201)
    const other = (created.json as { id: string }).id
    await db.update(tables.users).set({ officeId: office!.officeId }).where(eq(tables.users.id, other))
    const otherEmail = (await db.select({ email: tables.users.email }).from(tables.users).where(eq(tables.users.id, other)))[0]!.email
    const cookie = (await t.login(otherEmail, 'saljkraft-demo-2')).cookie
    const theirs = (await t.request('GET', '/api/candidates?itemsPerPage=100', { cookie })).json as unknown as ListAnswer<CandidateListItem>
    expect(ids(theirs)).not.toContain(mine)
    expect((await t.request('GET', `/api/candidates/${mine}`, { cookie })).status).toBe(404)
    expect((await t.request('PATCH', `/api/candidates/${mine}`, { cookie, body: {} })).status).toBe(400)
    // Given the region rule, they see the region's candidates and not another region's.
    const perms = await t.request('PUT', `/api/users/${other}/permissions`, {
      cookie: admin,
      body: { permissions: [{ action: 'view', subject: 'candidates', scope: 'region' }], version: 1 },
    })
    expect(perms.status, perms.text).toBe(200)
    const widened = ids(
      (await t.request('GET', '/api/candidates?itemsPerPage=100', { cookie: (await t.login(otherEmail, 'saljkraft-demo-2')).cookie })).json as never,
    )
    expect(widened).toContain(mine)
    expect(widened).not.toContain(elsewhere)
    // Back office sees them all; a seller may not list them at all.
    expect(ids(await list('backoffice@demo.test'))).toEqual(expect.arrayContaining([mine, elsewhere]))
    expect((await api('seller@demo.test', 'GET', '/api/candidates')).status).toBe(403)
    expect((await api('seller@demo.test', 'GET', `/api/candidates/${mine}`)).status).toBe(403)
  })

  it('the list filters by region, stage and start date and searches name, e-mail and phone', async () => {
    const a = await newCandidate(RECRUITER, { startDate: '2031-03-01', firstName: 'Filtrera', phone: '073-999 88 77' })
    const list = async (q: string) =>
      ((await api('backoffice@demo.test', 'GET', `/api/candidates?itemsPerPage=100&${q}`)).json as unknown as ListAnswer<CandidateListItem>).items.map(
        (c) => c.id,
      )
    expect(await list('q=filtrera')).toEqual([a])
    expect(await list('q=0739998877')).toEqual([a])
    expect(await list('startFrom=2031-02-01&startTo=2031-03-31')).toEqual([a])
    expect(await list(`regionId=${otherRegion}&q=filtrera`)).toEqual([])
    expect(await list('stage=preonboarding&q=filtrera')).toEqual([a])
    expect(await list('stage=onboarded&q=filtrera')).toEqual([])
    const sorted = (await api('backoffice@demo.test', 'GET', '/api/candidates?itemsPerPage=5&sortBy=name&orderBy=asc'))
      .json as unknown as ListAnswer<CandidateListItem>
    const names = sorted.items.map((c) => c.lastName)
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)))
    expect((await api('backoffice@demo.test', 'GET', '/api/candidates?itemsPerPage=7')).status).toBe(400)
  })

  it('numbers are masked in answers and logs; reading them in full is for who may, and is logged', async () => {
    const id = await newCandidate()
    await preonboarded(id)
    const d = await detail(id)
    expect(d.private.personalNumber).toBe('19811218-****')
    expect(d.may.readPrivate).toBe(false)
    expect((await api(RECRUITER, 'POST', `/api/candidates/${id}/private`, { fields: ['personalNumber'] })).status).toBe(403)
    const full = await api('backoffice@demo.test', 'POST', `/api/candidates/${id}/private`, { fields: ['personalNumber', 'bankAccount'] })
    expect(full.json).toEqual({ personalNumber: '198112189876', bankAccount: '123456789' })
    const logs = await db
      .select()
      .from(tables.activityLog)
      .where(and(eq(tables.activityLog.entity, 'candidate'), eq(tables.activityLog.entityId, id)))
    expect(logs.map((l) => l.action)).toEqual(expect.arrayContaining(['created', 'step_started', 'details_submitted', 'private_read']))
    const text = JSON.stringify(logs)
    expect(text).not.toContain('198112189876')
    expect(text).not.toContain('123456789')
    expect(text).not.toContain('Storgatan')
  })
})

describe('step 1: preonboarding', () => {
  it('mails a personal link; the candidate fills in their details on a page without an account; the recruiter is told', async () => {
    const id = await newCandidate()
    const started = await api(RECRUITER, 'POST', `/api/candidates/${id}/steps/preonboarding`, {})
    expect(started.status).toBe(202)
    await settle()
    expect(await stepOf(id, 'preonboarding')).toMatchObject({ status: 'waiting_candidate', runs: 1 })
    const d = await detail(id)
    const link = smtp.linkTo(d.email)
    expect(link).toMatch(/^http:\/\/localhost\/candidate\/[A-Za-z0-9_-]{43}$/)
    const mail = smtp.received.findLast((m) => m.to.includes(d.email))!
    expect(mail.text).toContain('Hej Åsa!')
    const token = tokenOf(link)
    const page = (await pub('GET', `/api/public/candidates/${token}`)).json as unknown as CandidateOwnPage
    expect(page).toMatchObject({ firstName: 'Åsa', language: 'sv', recruiterName: 'Rut Rekryterare' })
    expect(JSON.stringify(page)).not.toContain(d.email)
    // Bad details: refused, nothing stored.
    const bad = await pub('POST', `/api/public/candidates/${token}`, { ...OWN_DETAILS, personalNumber: '19811218-9875', bankAccount: '1' })
    expect(bad.status).toBe(400)
    expect((await detail(id)).hasAdditionalInfo).toBe(false)
    const ok = await pub('POST', `/api/public/candidates/${token}`, OWN_DETAILS)
    expect(ok.status, ok.text).toBe(204)
    await settle()
    const after = await detail(id)
    expect(after).toMatchObject({ hasAdditionalInfo: true, stage: 'work_contract', address: 'Storgatan 1', favouriteCake: 'Prinsesstårta', iceType: 'parent' })
    expect(after.steps[0]!.status).toBe('done')
    expect(after.steps[1]!.blockedBy).toBeNull()
    const [recruiter] = await db.select({ id: tables.users.id }).from(tables.users).where(eq(tables.users.email, RECRUITER))
    const notes = await db.select().from(tables.notifications).where(eq(tables.notifications.userId, recruiter!.id))
    expect(notes.map((n) => n.title)).toContain(`Åsa ${d.lastName} har fyllt i sina uppgifter`)
    // The link is used: again it answers 410; starting the step again is refused (it is done).
    expect((await pub('POST', `/api/public/candidates/${token}`, OWN_DETAILS)).status).toBe(410)
    expect((await pub('GET', `/api/public/candidates/${token}`)).json).toMatchObject({ error: 'candidate_link_used' })
    const again = await api(RECRUITER, 'POST', `/api/candidates/${id}/steps/preonboarding`, {})
    expect(again.status).toBe(409)
    expect((again.json as { message: string }).message).toBe('Steget är klart.')
  })

  it('a link expires, a new one ends the old one, and a token shows nothing of anyone else', async () => {
    const id = await newCandidate()
    await api(RECRUITER, 'POST', `/api/candidates/${id}/steps/preonboarding`, {})
    await settle()
    const first = tokenOf(smtp.linkTo((await detail(id)).email))
    // Sent again: the first link ends.
    expect((await api(RECRUITER, 'POST', `/api/candidates/${id}/steps/preonboarding`, {})).status).toBe(202)
    await settle()
    const second = tokenOf(smtp.linkTo((await detail(id)).email))
    expect(second).not.toBe(first)
    expect((await pub('GET', `/api/public/candidates/${first}`)).json).toMatchObject({ error: 'candidate_link_expired' })
    expect((await pub('GET', `/api/public/candidates/${second}`)).status).toBe(200)
    // Past its days: expired.
    const hash = createHash('sha256').update(second).digest('hex')
    await db
      .update(tables.candidateLinks)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(tables.candidateLinks.tokenHash, hash))
    expect((await pub('POST', `/api/public/candidates/${second}`, OWN_DETAILS)).status).toBe(410)
    // A token nobody was given, a malformed one, a details link used for signing: not found.
    expect((await pub('GET', `/api/public/candidates/${'A'.repeat(43)}`)).status).toBe(404)
    expect((await pub('GET', '/api/public/candidates/short')).status).toBe(400)
    expect((await pub('GET', `/api/public/candidates/${second}/contract`)).status).toBe(404)
  })

  it('the candidate’s pages are rate-limited per address: one guessing tokens is told how long to wait, another address is not', async () => {
    const guess = (ip: string) => t.request('GET', `/api/public/candidates/${'G'.repeat(43)}`, { ip })
    const statuses: number[] = []
    for (let i = 0; i < PUBLIC_CANDIDATE_THROTTLE.points; i++) statuses.push((await guess('203.0.113.9')).status)
    expect(statuses.every((s) => s === 404)).toBe(true)
    const over = await guess('203.0.113.9')
    expect(over.status).toBe(429)
    expect(over.json).toMatchObject({ error: 'too_many_requests' })
    const wait = Number(over.res.headers.get('retry-after'))
    expect(wait).toBeGreaterThan(0)
    expect(over.json.message).toContain(`Vänta ${wait} sekunder`)
    expect((await guess('203.0.113.10')).status).toBe(404)
  })
})

describe('steps 2 and 3: the contracts', () => {
  it('a contract is a PDF from its template with the candidate filled in; the candidate signs it on their page', async () => {
    const id = await newCandidate()
    // Before the details: refused with the reason.
    const early = await api(RECRUITER, 'POST', `/api/candidates/${id}/steps/work_contract`, {})
    expect(early.status).toBe(409)
    expect((early.json as { message: string }).message).toBe('Kandidaten har inte fyllt i sina uppgifter ännu.')
    await preonboarded(id)
    const token = await contractSent(id, 'work_contract')
    const d = await detail(id)
    expect(d.steps[1]).toMatchObject({ status: 'waiting_candidate' })
    expect(d.workContractSentAt).not.toBeNull()
    const [contract] = d.contracts
    expect(contract).toMatchObject({ kind: 'work', status: 'sent', signer: 'builtin' })
    const pdf = await pub('GET', `/api/public/candidates/${token}/contract.pdf`)
    expect(pdf.res.headers.get('content-type')).toBe('application/pdf')
    const bytes = Buffer.from(await (await t.app.request(`http://localhost/api/public/candidates/${token}/contract.pdf`)).arrayBuffer())
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(contract!.sha256)
    const text = pdfText(bytes)
    expect(text).toContain('Anställningsavtal')
    expect(text).toContain(`Åsa ${d.lastName}`)
    expect(text).toContain('19811218-9876')
    expect(text).toContain('2027-01-04')
    // The back office reads the file too; a seller does not.
    expect((await api('backoffice@demo.test', 'GET', `/api/files/${contract!.fileId}`)).status).toBe(200)
    expect((await api('seller@demo.test', 'GET', `/api/files/${contract!.fileId}`)).status).toBe(404)
    const page = (await pub('GET', `/api/public/candidates/${token}/contract`)).json as unknown as SigningPage
    expect(page).toMatchObject({ kind: 'work', fullName: `Åsa ${d.lastName}`, sha256: contract!.sha256 })
    // Signing: the name as on the contract, a drawn signature, agreement.
    const signature = await drawn()
    const wrongName = await pub('POST', `/api/public/candidates/${token}/sign`, { name: 'Någon Annan', signature, agree: true })
    expect(wrongName.status).toBe(400)
    expect((wrongName.json as { fieldErrors: Record<string, string[]> }).fieldErrors.name).toEqual([
      `Skriv ditt namn som det står i avtalet: Åsa ${d.lastName}`,
    ])
    expect(
      (await pub('POST', `/api/public/candidates/${token}/sign`, { name: `Åsa ${d.lastName}`, signature: 'data:image/png;base64,AAAA', agree: true })).status,
    ).toBe(400)
    expect((await detail(id)).workContractSignedAt).toBeNull()
    const signed = await pub(
      'POST',
      `/api/public/candidates/${token}/sign`,
      { name: ` åsa  ${d.lastName.toUpperCase()} `, signature, agree: true },
      { 'user-agent': 'TestPhone/1.0' },
    )
    expect(signed.status, signed.text).toBe(200)
    await settle()
    const after = await detail(id)
    expect(after.workContractSignedAt).not.toBeNull()
    expect(after.steps[1]!.status).toBe('done')
    expect(after.steps[3]!.blockedBy).toBeNull()
    const k = after.contracts[0]!
    expect(k.status).toBe('signed')
    const signedBytes = Buffer.from(
      await (await t.app.request(`http://localhost/api/files/${k.signedFileId}`, { headers: { cookie: await as(RECRUITER) } })).arrayBuffer(),
    )
    expect(createHash('sha256').update(signedBytes).digest('hex')).toBe((signed.json as { sha256: string }).sha256)
    const signedText = pdfText(signedBytes)
    expect(signedText).toContain('Elektronisk signering')
    expect(signedText).toContain(`Åsa ${d.lastName}`)
    expect(signedText).toContain(contract!.sha256)
    expect(signedText).toContain('TestPhone/1.0')
    expect(signedText).toMatch(/IP-adress: 10\.0\.\d+\.\d+/)
    // The original's pages come first, unchanged in number.
    expect((await PDFDocument.load(signedBytes)).getPageCount()).toBe((await PDFDocument.load(bytes)).getPageCount() + 1)
    // Used: signing again is refused; the flag cannot be set from the back office (no route writes it).
    expect((await pub('POST', `/api/public/candidates/${token}/sign`, { name: `Åsa ${d.lastName}`, signature, agree: true })).status).toBe(410)
    const patch = await api('admin@demo.test', 'PATCH', `/api/candidates/${id}`, { workContractSignedAt: Date.now() })
    expect(patch.status).toBe(400)
  })

  it('a signature declaring more pixels than a pad makes is refused from its header while the server keeps answering (issue 68 Q1)', async () => {
    const id = await newCandidate()
    await preonboarded(id)
    const token = await contractSent(id, 'work_contract')
    const name = `Åsa ${(await detail(id)).lastName}`
    const sign = (png: Buffer) =>
      pub('POST', `/api/public/candidates/${token}/sign`, { name, signature: `data:image/png;base64,${png.toString('base64')}`, agree: true })
    // 50 kB on the wire, well inside the byte limit; 16,000 × 16,000 pixels: a gigabyte once decoded.
    const bomb = pngBomb()
    expect(bomb.length).toBeLessThan(64 * 1024)
    const { result, health } = await healthWhile(t.request, () => sign(bomb))
    expect(result.status, result.text).toBe(400)
    expect((result.json as { fieldErrors: Record<string, string[]> }).fieldErrors.signature).toEqual(['Rita din namnteckning i rutan'])
    expectAnsweredThroughout(health)
    // Wider or taller than a pad, or animated (every frame is decoded): refused the same way.
    for (const png of [pngBomb(5_000, 100), pngBomb(1_000, 2_100), pngBomb(600, 160, { animated: true })]) expect((await sign(png)).status).toBe(400)
    expect((await detail(id)).workContractSignedAt).toBeNull()
    // A pad's drawing on a screen of pixel ratio 3 signs it.
    const signed = await sign(signaturePng(1_800, 480))
    expect(signed.status, signed.text).toBe(200)
    await settle()
    expect((await detail(id)).workContractSignedAt).not.toBeNull()
  })

  it('an unsigned contract is reminded once after the days set, with a new link', async () => {
    const id = await newCandidate()
    await preonboarded(id)
    const first = await contractSent(id, 'education_contract')
    await db
      .update(tables.candidateContracts)
      .set({ sentAt: Date.now() - 4 * 24 * 3600_000 })
      .where(eq(tables.candidateContracts.candidateId, id))
    const sent = smtp.received.length
    await t.jobs.enqueue(db, 'candidates.remindUnsigned', {})
    await settle()
    const d = await detail(id)
    expect(d.reminderSentAt).not.toBeNull()
    expect(d.contracts[0]!.remindedAt).not.toBeNull()
    const reminder = smtp.received.slice(sent).find((m) => m.to.includes(d.email))!
    expect(reminder.subject).toContain('Påminnelse')
    const second = tokenOf(smtp.linkTo(d.email))
    expect(second).not.toBe(first)
    expect((await pub('GET', `/api/public/candidates/${first}/contract`)).status).toBe(410)
    // Once: a second run sends nothing more.
    const count = smtp.received.length
    await t.jobs.enqueue(db, 'candidates.remindUnsigned', {}, { uniqueKey: `again-${id}` })
    await settle()
    expect(smtp.received.length).toBe(count)
  })
})

describe('step 4: the accounts', () => {
  it('makes the local seller and the Graph account once, names taken get a number, and the new seller signs in', async () => {
    const id = await newCandidate()
    await preonboarded(id)
    const token = await contractSent(id, 'work_contract')
    const d = await detail(id)
    await pub('POST', `/api/public/candidates/${token}/sign`, { name: `Åsa ${d.lastName}`, signature: await drawn(), agree: true })
    // Someone has the name already in the directory.
    graph.users.push({ id: 'taken', userPrincipalName: `asa.${d.lastName.toLowerCase().replace('ö', 'o')}@saljkraft.test` })
    expect((await api(RECRUITER, 'POST', `/api/candidates/${id}/steps/accounts`, { teamId: teamElsewhere })).status).toBe(400)
    graph.state.hiddenReads = 2
    const started = await api(RECRUITER, 'POST', `/api/candidates/${id}/steps/accounts`, { teamId: teamInRegion })
    expect(started.status, started.text).toBe(202)
    const password = (started.json as { password: string }).password
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/)
    await settle()
    graph.state.hiddenReads = 0
    const after = await detail(id)
    expect(after.steps[3], JSON.stringify(after.steps[3])).toMatchObject({ status: 'done' })
    const upn = `asa.${d.lastName.toLowerCase().replace('ö', 'o')}2@saljkraft.test`
    expect(after.directoryEmail).toBe(upn)
    const made = graph.users.filter((u) => u.employeeId === directoryEmployeeId(id))
    expect(made).toHaveLength(1)
    expect(made[0]).toMatchObject({ accountEnabled: true, mailNickname: upn.split('@')[0], usageLocation: 'SE', displayName: `Åsa ${d.lastName}` })
    expect(after.userId).not.toBeNull()
    const login = await t.request('POST', '/api/auth/login', { body: { email: d.email, password } })
    expect(login.status).toBe(200)
    // The recruiter saw that password: the seller chooses their own before anything else (decision 082).
    expect((login.json as { userData: { role: string } }).userData).toMatchObject({ role: 'seller', passwordChangeRequired: true })
    const [user] = await db.select().from(tables.users).where(eq(tables.users.id, after.userId!))
    expect(user).toMatchObject({
      teamId: teamInRegion,
      personalNumber: '198112189876',
      bankAccount: '123456789',
      shoeSize: '42',
      favouriteCake: 'Prinsesstårta',
    })
    // Done: not again.
    expect((await api(RECRUITER, 'POST', `/api/candidates/${id}/steps/accounts`, { teamId: teamInRegion })).status).toBe(409)
    // The education contract signed too: the candidate is onboarded and linked to their user.
    const edu = await contractSent(id, 'education_contract')
    await pub('POST', `/api/public/candidates/${edu}/sign`, { name: `Åsa ${d.lastName}`, signature: await drawn(), agree: true })
    await settle()
    const done = await detail(id)
    expect(done).toMatchObject({ status: 'onboarded', stage: 'onboarded' })
    expect(done.onboardedAt).not.toBeNull()
  })

  it('Graph answers a property past its documented limit with its own 400, which the directory step never sends', async () => {
    // The stand-in, as Graph's user resource documents employeeId (at most 16 characters): 17 is refused.
    const token = await fetch(`${graph.base}/tenant-1/oauth2/v2.0/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'app-1',
        client_secret: 'graph-secret',
        scope: 'https://graph.microsoft.com/.default',
      }),
    })
    const { access_token } = (await token.json()) as { access_token: string }
    const create = (employeeId: string) =>
      fetch(`${graph.url}/users`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          accountEnabled: true,
          displayName: 'Gränsen Provsson',
          mailNickname: `gransen.${employeeId.length}`,
          userPrincipalName: `gransen.${employeeId.length}@saljkraft.test`,
          employeeId,
          passwordProfile: { forceChangePasswordNextSignIn: true, password: 'Aa1-aaaaaaaa' },
        }),
      })
    const refused = await create('x'.repeat(17))
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'Request_BadRequest',
      message: 'One or more properties contains invalid values.',
    })
    expect((await create('x'.repeat(16))).status).toBe(201)
    // What the step sends for a candidate (a 36-character id) fits.
    expect(directoryEmployeeId(crypto.randomUUID())).toHaveLength(16)
  })

  it('a directory that refuses the account fails the step at once with Graph’s reason, and nothing is left running', async () => {
    const id = await newCandidate()
    await preonboarded(id)
    const token = await contractSent(id, 'work_contract')
    const d = await detail(id)
    await pub('POST', `/api/public/candidates/${token}/sign`, { name: `Åsa ${d.lastName}`, signature: await drawn(), agree: true })
    // The tenant has not verified the domain the app is configured with: Graph refuses every such name.
    graph.state.verifiedDomain = 'other.test'
    const creates = graph.state.creates
    try {
      await api(RECRUITER, 'POST', `/api/candidates/${id}/steps/accounts`, { teamId: teamInRegion })
      await t.jobs.settled()
      const failed = await stepOf(id, 'accounts')
      expect(failed).toMatchObject({ status: 'failed', runs: 1 })
      expect(failed.error).toBe('the directory refused the account (400 Request_BadRequest One or more properties contains invalid values.)')
      // Asked once: a request Graph refuses itself is not sent again and again.
      expect(graph.state.creates - creates).toBe(1)
      expect((await detail(id)).userId).toBeNull()
    } finally {
      graph.state.verifiedDomain = 'saljkraft.test'
    }
    expect((await api(RECRUITER, 'POST', `/api/candidates/${id}/steps/accounts`, { teamId: teamInRegion })).status).toBe(202)
    await settle()
    expect(await stepOf(id, 'accounts')).toMatchObject({ status: 'done', runs: 2 })
  })

  it('a directory failure is retried and the step says so; after the last attempt it has failed with the reason, and a retry finishes it', async () => {
    const id = await newCandidate()
    await preonboarded(id)
    const token = await contractSent(id, 'work_contract')
    const d = await detail(id)
    await pub('POST', `/api/public/candidates/${token}/sign`, { name: `Åsa ${d.lastName}`, signature: await drawn(), agree: true })
    graph.state.failCreates = 5
    await api(RECRUITER, 'POST', `/api/candidates/${id}/steps/accounts`, { teamId: teamInRegion })
    await t.jobs.settled()
    const failed = await stepOf(id, 'accounts')
    expect(failed.status).toBe('failed')
    expect(failed.error).toContain('503')
    expect((await detail(id)).userId).toBeNull()
    graph.state.failCreates = 0
    // The account's usage location is its region's country.
    expect((await api('admin@demo.test', 'PUT', `/api/regions/${region}/country`, { country: 'FI' })).status).toBe(200)
    const retry = await api(RECRUITER, 'POST', `/api/candidates/${id}/steps/accounts`, { teamId: teamInRegion })
    expect(retry.status).toBe(202)
    await settle()
    expect(await stepOf(id, 'accounts')).toMatchObject({ status: 'done', runs: 2 })
    const made = graph.users.filter((u) => u.employeeId === directoryEmployeeId(id))
    expect(made).toHaveLength(1)
    expect(made[0]!.usageLocation).toBe('FI')
    await api('admin@demo.test', 'PUT', `/api/regions/${region}/country`, { country: 'SE' })
  })

  it('a run whose process died after the directory account was made finishes it without a second account or user', async () => {
    const id = await newCandidate()
    await preonboarded(id)
    const token = await contractSent(id, 'work_contract')
    const d = await detail(id)
    await pub('POST', `/api/public/candidates/${token}/sign`, { name: `Åsa ${d.lastName}`, signature: await drawn(), agree: true })
    await settle()
    await t.jobs.stop()
    const started = await api(RECRUITER, 'POST', `/api/candidates/${id}/steps/accounts`, { teamId: teamInRegion })
    expect(started.status).toBe(202)
    // What the dead process did: it claimed the job and made the directory account, then died before writing it down.
    graph.users.push({ id: `dead-${id}`, userPrincipalName: `dead.${counter}@saljkraft.test`, employeeId: directoryEmployeeId(id) })
    const [step] = await db
      .select()
      .from(tables.candidateSteps)
      .where(and(eq(tables.candidateSteps.candidateId, id), eq(tables.candidateSteps.step, 'accounts')))
    await db
      .update(tables.jobs)
      .set({ status: 'running', lockedBy: 'dead-instance', lockedUntil: Date.now() - 1, attempts: 1 })
      .where(eq(tables.jobs.id, step!.jobId!))
    t.jobs.start()
    await settle()
    const after = await detail(id)
    expect(after.steps[3]).toMatchObject({ status: 'done' })
    expect(after.directoryEmail).toBe(`dead.${counter}@saljkraft.test`)
    expect(graph.users.filter((u) => u.employeeId === directoryEmployeeId(id))).toHaveLength(1)
    expect(await db.select({ id: tables.users.id }).from(tables.users).where(eq(tables.users.email, d.email))).toHaveLength(1)
  })
})

const sigApp = await createTestApp(
  {
    SMTP_URL: smtp.url,
    ESIGN_URL: esign.url,
    ESIGN_TOKEN: 'esign-key',
    ESIGN_WEBHOOK_SECRET: SECRET,
    GRAPH_TENANT_ID: 'tenant-1',
    GRAPH_CLIENT_ID: 'app-1',
    GRAPH_CLIENT_SECRET: 'graph-secret',
    GRAPH_DOMAIN: 'saljkraft.test',
    GRAPH_URL: graph.url,
    GRAPH_LOGIN_URL: graph.base,
    ONBOARDING_SPACE_URL: spaces.url,
    ONBOARDING_SPACE_TOKEN: 'space-token',
  },
  { deps: { jobs: { pollMs: 50, backoffMs: () => 100 } } },
)

describe('an e-signing service', () => {
  /** A candidate whose work contract was sent to the e-signing service: its id, the submission, and calls as its recruiter. */
  async function sentForSigning(firstName: string) {
    const admin = (await sigApp.login(RECRUITER)).cookie
    const call = (method: string, url: string, body?: unknown) => sigApp.request(method, url, { cookie: admin, body })
    const created = await call('POST', '/api/candidates', {
      firstName,
      lastName: 'Esign',
      email: `${firstName.toLowerCase()}.${Date.now()}@example.test`,
      regionId: region,
      language: 'fi',
    })
    const id = (created.json as { id: string }).id
    await call('POST', `/api/candidates/${id}/steps/preonboarding`, {})
    await sigApp.jobs.settled()
    const token = tokenOf(smtp.linkTo(((await call('GET', `/api/candidates/${id}`)).json as unknown as CandidateDetail).email))
    expect((await sigApp.request('POST', `/api/public/candidates/${token}`, { body: { ...OWN_DETAILS, personalNumber: '131052-308T' } })).status).toBe(204)
    const before = esign.submissions.length
    await call('POST', `/api/candidates/${id}/steps/work_contract`, {})
    await sigApp.jobs.settled()
    expect(esign.submissions).toHaveLength(before + 1)
    return { id, sub: esign.submissions.at(-1)!, call }
  }
  const hook = (delivery: { body: string; headers: Record<string, string> }, headers: Record<string, string | undefined> = {}) =>
    sigApp.request('POST', '/api/public/esign/webhook', {
      body: delivery.body,
      headers: { ...delivery.headers, origin: undefined as never, ...headers } as never,
    })

  it('gets the PDF with its signature field and the filled-in name; only a webhook signed as DocuSeal signs it signs the contract, once', async () => {
    const { id, sub, call } = await sentForSigning('Eino')
    // What was sent is as DocuSeal's API describes it (the stand-in checked it against the description).
    expect(esign.state.requestErrors).toEqual([])
    const d = (await call('GET', `/api/candidates/${id}`)).json as unknown as CandidateDetail
    expect(d.contracts[0]).toMatchObject({ signer: 'esign', status: 'sent' })
    expect(d.steps[1]!.status).toBe('waiting_candidate')
    // The name DocuSeal shows the signer is the contract's title filled in, never a raw {{field}}.
    expect(sub.name).toBe(`Työsopimus – Eino Esign`)
    expect(sub.name).not.toContain('{{')
    const signer = (sub.body.submitters as Array<Record<string, unknown>>)[0]!
    expect(signer).toMatchObject({ role: 'First Party', email: expect.stringMatching(/^eino\./), external_id: d.contracts[0]!.id })
    // The PDF carries DocuSeal's field tags for the signer: a signature and the signing date, in their role.
    const sent = Buffer.from((sub.body.documents as Array<{ file: string }>)[0]!.file, 'base64')
    expect(pdfText(sent)).toMatch(/\{\{Allekirjoitus;type=signature;width=220;height=60;role=First Party\}\}/)
    expect(pdfText(sent)).toContain('type=datenow')
    // DocuSeal's own e-mail goes out in the candidate's language (Finnish here), with its link variable.
    expect(sub.body.message).toMatchObject({ subject: 'Allekirjoitettavaksi: työsopimus', body: expect.stringContaining('{{submitter.link}}') })

    const ok = esign.delivery(sub.id, 'form.completed')
    const now = Math.floor(Date.now() / 1000)
    // Unsigned, signed with another secret, signed long ago, or a body changed after signing: refused.
    expect((await hook(ok, { 'x-docuseal-signature': undefined })).status).toBe(401)
    expect((await hook(ok, { 'x-docuseal-signature': `${now}.${createHmac('sha256', 'whsec_other').update(`${now}.${ok.body}`).digest('hex')}` })).status).toBe(
      401,
    )
    expect((await hook(esign.delivery(sub.id, 'form.completed', { timestamp: now - 301 }))).status).toBe(401)
    expect((await hook({ ...ok, body: ok.body.replace('192.0.2.7', '192.0.2.8') })).status).toBe(401)
    // The format this app once accepted, which DocuSeal never sends.
    expect((await hook(ok, { 'x-docuseal-signature': undefined, 'x-signature': `t=${now},v1=${'0'.repeat(64)}` })).status).toBe(401)
    expect(((await call('GET', `/api/candidates/${id}`)).json as unknown as CandidateDetail).workContractSignedAt).toBeNull()
    const accepted = await hook(ok)
    expect(accepted.status, accepted.text).toBe(200)
    expect(accepted.json).toEqual({ handled: true })
    await sigApp.jobs.settled()
    const after = (await call('GET', `/api/candidates/${id}`)).json as unknown as CandidateDetail
    expect(after.workContractSignedAt).not.toBeNull()
    expect(after.steps[1]!.status).toBe('done')
    expect(after.contracts[0]!.signedFileId).not.toBeNull()
    // A second delivery (DocuSeal retries until it hears 2xx) changes nothing.
    expect((await hook(ok)).json).toEqual({ handled: false })
  })

  it('end to end as the references answer: contract signed at DocuSeal, account made in Entra ID, the new seller signs in', async () => {
    const { id, sub, call } = await sentForSigning('Emil')
    const refusedBefore = graph.state.refused.length
    expect((await hook(esign.delivery(sub.id, 'form.completed'))).json).toEqual({ handled: true })
    await sigApp.jobs.settled()
    const signed = (await call('GET', `/api/candidates/${id}`)).json as unknown as CandidateDetail
    expect(signed.contracts[0]).toMatchObject({ status: 'signed', signer: 'esign' })
    expect(signed.contracts[0]!.signedFileId).not.toBeNull()
    const started = await call('POST', `/api/candidates/${id}/steps/accounts`, { teamId: teamInRegion })
    expect(started.status, started.text).toBe(202)
    const password = (started.json as { password: string }).password
    await sigApp.jobs.settled()
    await sigApp.events.settled()
    const done = (await call('GET', `/api/candidates/${id}`)).json as unknown as CandidateDetail
    expect(done.steps[3], JSON.stringify(done.steps[3])).toMatchObject({ status: 'done', detail: { directory: 'graph' } })
    // In Entra ID as Graph documents a user: every property within its limits, found again by its employee id.
    const [account] = graph.users.filter((u) => u.employeeId === directoryEmployeeId(id))
    expect(account).toMatchObject({ userPrincipalName: done.directoryEmail, usageLocation: 'SE', employeeId: expect.stringMatching(/^[0-9a-f]{16}$/) })
    expect(graph.state.refused.slice(refusedBefore)).toEqual([])
    const login = await sigApp.request('POST', '/api/auth/login', { body: { email: done.email, password } })
    expect(login.status, login.text).toBe(200)
  })

  it('sends its token to no address but the service’s own origin, however the document address begins (issue 68 Q10)', async () => {
    const { id, sub } = await sentForSigning('Eeva')
    const { db: sdb, t: st } = sigApp.database
    // An address that begins with the service's address and leads elsewhere (for https://sign.example.se, the same
    // holds of https://sign.example.se.evil.example).
    const elsewhere = `${esign.base}@evil.example/file/signed.pdf`
    expect(new URL(elsewhere).origin).toBe('http://evil.example')
    const ok = await hook(esign.delivery(sub.id, 'form.completed', { documentUrl: elsewhere }))
    expect(ok.json).toEqual({ handled: true })
    const [contract] = await sdb.select().from(st.candidateContracts).where(eq(st.candidateContracts.candidateId, id))
    const [fetch] = await sdb
      .select()
      .from(st.jobs)
      .where(eq(st.jobs.uniqueKey, `signed-fetch:${contract!.id}`))
    // The job refuses an address with credentials in it outright, without the token and without asking again.
    await sigApp.jobs.settled()
    const [done] = await sdb.select().from(st.jobs).where(eq(st.jobs.id, fetch!.id))
    expect(done).toMatchObject({ status: 'done', attempts: 1 })
    expect(JSON.stringify(done!.result)).toMatch(/failed/)
  })

  it('a DocuSeal without the Pro edition’s PDF submissions fails the contract step at once with DocuSeal’s own words', async () => {
    esign.state.edition = 'community'
    try {
      const admin = (await sigApp.login(RECRUITER)).cookie
      const call = (method: string, url: string, body?: unknown) => sigApp.request(method, url, { cookie: admin, body })
      const email = `edda.${Date.now()}@example.test`
      const id = ((await call('POST', '/api/candidates', { firstName: 'Edda', lastName: 'Esign', email, regionId: region })).json as { id: string }).id
      await call('POST', `/api/candidates/${id}/steps/preonboarding`, {})
      await sigApp.jobs.settled()
      expect((await sigApp.request('POST', `/api/public/candidates/${tokenOf(smtp.linkTo(email))}`, { body: OWN_DETAILS })).status).toBe(204)
      await call('POST', `/api/candidates/${id}/steps/work_contract`, {})
      await sigApp.jobs.settled()
      const step = ((await call('GET', `/api/candidates/${id}`)).json as unknown as CandidateDetail).steps[1]!
      expect(step).toMatchObject({ status: 'failed', runs: 1 })
      expect(step.error).toBe(
        'the e-signing service answered 404 creating the submission: This feature is available in Pro Edition: https://www.docuseal.com/pricing',
      )
    } finally {
      esign.state.edition = 'pro'
    }
  })

  it('a candidate who declines at the service fails the step with their reason, and a new one can be sent', async () => {
    const { id, sub, call } = await sentForSigning('Elina')
    const declined = await hook(esign.delivery(sub.id, 'form.declined', { declineReason: 'Fel startdatum' }))
    expect(declined.json).toEqual({ handled: true })
    const d = (await call('GET', `/api/candidates/${id}`)).json as unknown as CandidateDetail
    expect(d.steps[1]).toMatchObject({ status: 'failed', error: 'declined: Fel startdatum' })
    expect(d.contracts[0]!.status).toBe('cancelled')
    expect(d.workContractSignedAt).toBeNull()
    // Sent again: a new submission for a new contract, not the declined one found again.
    await call('POST', `/api/candidates/${id}/steps/work_contract`, {})
    await sigApp.jobs.settled()
    const again = (await call('GET', `/api/candidates/${id}`)).json as unknown as CandidateDetail
    expect(esign.submissions.at(-1)!.id).not.toBe(sub.id)
    expect(again.steps[1]).toMatchObject({ status: 'waiting_candidate' })
    expect(again.contracts.map((c) => c.status).sort()).toEqual(['cancelled', 'sent'])
  })

  it.each(['submission.expired', 'submission.archived'] as const)(
    'a %s at the service fails the step instead of waiting for a signature that cannot come; sent again, it is a new submission',
    async (event) => {
      const { id, sub, call } = await sentForSigning(event === 'submission.expired' ? 'Eero' : 'Elsa')
      expect((await hook(esign.submissionDelivery(sub.id, event))).json).toEqual({ handled: true })
      const d = (await call('GET', `/api/candidates/${id}`)).json as unknown as CandidateDetail
      expect(d.steps[1]).toMatchObject({ status: 'failed', error: event === 'submission.expired' ? 'expired' : 'archived' })
      expect(d.contracts[0]!.status).toBe('cancelled')
      // A second delivery of the same event (DocuSeal retries up to 10 times) changes nothing more.
      expect((await hook(esign.submissionDelivery(sub.id, event))).json).toEqual({ handled: false })
      await call('POST', `/api/candidates/${id}/steps/work_contract`, {})
      await sigApp.jobs.settled()
      expect(esign.submissions.at(-1)!.id).not.toBe(sub.id)
      const again = (await call('GET', `/api/candidates/${id}`)).json as unknown as CandidateDetail
      expect(again.steps[1]).toMatchObject({ status: 'waiting_candidate' })
    },
  )
})

/** A step's job as a process that died holding it leaves it: running, leased to an instance that is gone. */
async function dies(app: typeof t, candidateId: string, step: string) {
  const { db: adb, t: at } = app.database
  const [row] = await adb
    .select()
    .from(at.candidateSteps)
    .where(and(eq(at.candidateSteps.candidateId, candidateId), eq(at.candidateSteps.step, step as never)))
  await adb
    .update(at.jobs)
    .set({ status: 'running', lockedBy: 'dead-instance', lockedUntil: Date.now() - 1, attempts: 1 })
    .where(eq(at.jobs.id, row!.jobId!))
}
const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email))

describe('each step after a failure and after a killed run', () => {
  it('preonboarding: a run whose process died mails the link once', async () => {
    const id = await newCandidate()
    const { email } = await detail(id)
    await t.jobs.stop()
    expect((await api(RECRUITER, 'POST', `/api/candidates/${id}/steps/preonboarding`, {})).status).toBe(202)
    await dies(t, id, 'preonboarding')
    t.jobs.start()
    await settle()
    expect(await stepOf(id, 'preonboarding')).toMatchObject({ status: 'waiting_candidate', runs: 1 })
    expect(mailsTo(email)).toHaveLength(1)
    const open = await db.select().from(tables.candidateLinks).where(eq(tables.candidateLinks.candidateId, id))
    expect(open.filter((l) => l.expiresAt > Date.now())).toHaveLength(1)
  })

  it('a contract: a run whose process died makes one contract, one PDF and one mail', async () => {
    const id = await newCandidate()
    await preonboarded(id)
    const { email } = await detail(id)
    const before = mailsTo(email).length
    await t.jobs.stop()
    expect((await api(RECRUITER, 'POST', `/api/candidates/${id}/steps/work_contract`, {})).status).toBe(202)
    await dies(t, id, 'work_contract')
    t.jobs.start()
    await settle()
    const d = await detail(id)
    expect(d.steps[1]).toMatchObject({ status: 'waiting_candidate', runs: 1 })
    expect(d.contracts).toHaveLength(1)
    expect(mailsTo(email).length - before).toBe(1)
  })

  it('an onboarding space that fails: the step fails with the reason, a retry makes the space once and mails the link', async () => {
    const cookie = (await sigApp.login(RECRUITER)).cookie
    const call = (method: string, url: string, body?: unknown) => sigApp.request(method, url, { cookie, body })
    const email = `space.${Date.now()}@example.test`
    const id = ((await call('POST', '/api/candidates', { firstName: 'Saga', lastName: 'Space', email, regionId: region })).json as { id: string }).id
    spaces.state.fail = 5
    await call('POST', `/api/candidates/${id}/steps/preonboarding`, {})
    await sigApp.jobs.settled()
    const failed = ((await call('GET', `/api/candidates/${id}`)).json as unknown as CandidateDetail).steps[0]!
    expect(failed).toMatchObject({ status: 'failed' })
    expect(failed.error).toBe('the onboarding space service answered 502 making the space: bad gateway')
    expect(mailsTo(email)).toHaveLength(0)
    expect((await call('POST', `/api/candidates/${id}/steps/preonboarding`, {})).status).toBe(202)
    await sigApp.jobs.settled()
    const d = (await call('GET', `/api/candidates/${id}`)).json as unknown as CandidateDetail
    expect(d.steps[0]).toMatchObject({ status: 'waiting_candidate', runs: 2 })
    expect(d.spaceUrl).toMatch(/^https:\/\/spaces\.example\.test\/space-\d+$/)
    expect([...spaces.spaces.values()].filter((x) => x.body.externalId === id)).toHaveLength(1)
    expect(mailsTo(email)).toHaveLength(1)
  })

  it('an onboarding space service that refuses: the step fails at once with its words, not tried again', async () => {
    const cookie = (await sigApp.login(RECRUITER)).cookie
    const call = (method: string, url: string, body?: unknown) => sigApp.request(method, url, { cookie, body })
    const id = (
      (await call('POST', '/api/candidates', { firstName: 'Sune', lastName: 'Space', email: `sune.${Date.now()}@example.test`, regionId: region })).json as {
        id: string
      }
    ).id
    spaces.state.refuse = 'space quota reached'
    const calls = spaces.state.calls
    try {
      await call('POST', `/api/candidates/${id}/steps/preonboarding`, {})
      await sigApp.jobs.settled()
    } finally {
      spaces.state.refuse = ''
    }
    const step = ((await call('GET', `/api/candidates/${id}`)).json as unknown as CandidateDetail).steps[0]!
    expect(step).toMatchObject({ status: 'failed', error: 'the onboarding space service answered 403 making the space: space quota reached' })
    expect(spaces.state.calls - calls).toBe(1)
  })

  it('an e-signing service that fails: the contract step fails with the reason, a retry sends it once', async () => {
    const cookie = (await sigApp.login(RECRUITER)).cookie
    const call = (method: string, url: string, body?: unknown) => sigApp.request(method, url, { cookie, body })
    const email = `esign.${Date.now()}@example.test`
    const id = ((await call('POST', '/api/candidates', { firstName: 'Ebba', lastName: 'Esign', email, regionId: region })).json as { id: string }).id
    await call('POST', `/api/candidates/${id}/steps/preonboarding`, {})
    await sigApp.jobs.settled()
    const token = tokenOf(smtp.linkTo(email))
    expect((await sigApp.request('POST', `/api/public/candidates/${token}`, { body: OWN_DETAILS })).status).toBe(204)
    const sent = esign.submissions.length
    esign.state.fail = 5
    await call('POST', `/api/candidates/${id}/steps/work_contract`, {})
    await sigApp.jobs.settled()
    const failed = ((await call('GET', `/api/candidates/${id}`)).json as unknown as CandidateDetail).steps[1]!
    expect(failed.status).toBe('failed')
    expect(failed.error).toContain('500')
    expect((await call('POST', `/api/candidates/${id}/steps/work_contract`, {})).status).toBe(202)
    await sigApp.jobs.settled()
    const d = (await call('GET', `/api/candidates/${id}`)).json as unknown as CandidateDetail
    expect(d.steps[1]).toMatchObject({ status: 'waiting_candidate', runs: 2 })
    expect(esign.submissions.length - sent).toBe(1)
    expect(d.contracts.filter((k) => k.status === 'sent')).toHaveLength(1)
  })
})

describe('data protection', () => {
  it('a candidate not hired is erased after the retention period: personal data gone, counts and log lines kept', async () => {
    const id = await newCandidate()
    await preonboarded(id)
    await api(RECRUITER, 'POST', `/api/candidates/${id}/notes`, { text: 'Ringde, trevligt samtal.' })
    const d = await detail(id)
    expect((await api(RECRUITER, 'POST', `/api/candidates/${id}/close`, { reason: 'Tackade nej', version: d.version })).status).toBe(200)
    expect((await api(RECRUITER, 'GET', `/api/candidates/${id}`)).json).toMatchObject({ status: 'closed', closedReason: 'Tackade nej' })
    // Not yet: the retention period has not passed.
    await t.jobs.enqueue(db, 'candidates.eraseExpired', {}, { uniqueKey: `erase-1-${id}` })
    await settle()
    expect((await detail(id)).status).toBe('closed')
    await db
      .update(tables.candidates)
      .set({ closedAt: Date.now() - 181 * 24 * 3600_000 })
      .where(eq(tables.candidates.id, id))
    await t.jobs.enqueue(db, 'candidates.eraseExpired', {}, { uniqueKey: `erase-2-${id}` })
    await settle()
    const [row] = await db.select().from(tables.candidates).where(eq(tables.candidates.id, id))
    expect(row).toMatchObject({ status: 'erased', firstName: '—', phone: null, personalNumber: null, bankAccount: null, address: null, iceName: null })
    expect(row!.email).toBe(`erased-${id}@invalid`)
    expect(await db.select().from(tables.candidateNotes).where(eq(tables.candidateNotes.candidateId, id))).toHaveLength(0)
    const logs = await db.select().from(tables.activityLog).where(eq(tables.activityLog.entityId, id)).orderBy(tables.activityLog.id)
    expect(logs.length).toBeGreaterThan(3)
    expect(JSON.stringify(logs)).not.toMatch(/Åsa|Öberg|Storgatan|070-123 45|070-765|Prinsesstårta/)
    expect(logs.at(-1)).toMatchObject({ action: 'erased', reason: 'retention' })
  })

  it('an admin exports or erases one candidate on request; a recruiter may not', async () => {
    const id = await newCandidate()
    await preonboarded(id)
    expect((await api(RECRUITER, 'POST', `/api/candidates/${id}/export`)).status).toBe(403)
    const exported = await api('admin@demo.test', 'POST', `/api/candidates/${id}/export`)
    expect(exported.status).toBe(200)
    expect(exported.res.headers.get('content-disposition')).toContain(`candidate-${id}.json`)
    expect(exported.json).toMatchObject({ candidate: { id, personalNumber: '198112189876', address: 'Storgatan 1' } })
    expect((await api(RECRUITER, 'POST', `/api/candidates/${id}/erase`)).status).toBe(403)
    expect((await api('admin@demo.test', 'POST', `/api/candidates/${id}/erase`)).status).toBe(204)
    expect((await detail(id, 'admin@demo.test')).status).toBe('erased')
    expect((await api('admin@demo.test', 'POST', `/api/candidates/${id}/erase`)).status).toBe(409)
  })

  it('settings and templates are for who administers recruiting, version-checked', async () => {
    expect((await api(RECRUITER, 'PUT', '/api/candidates/settings', { retentionDays: 90, reminderDays: 2, linkDays: 7, version: 1 })).status).toBe(403)
    const s = (await api('admin@demo.test', 'GET', '/api/candidates/settings')).json as { version: number }
    expect(
      (await api('admin@demo.test', 'PUT', '/api/candidates/settings', { retentionDays: 5, reminderDays: 2, linkDays: 7, version: s.version })).status,
    ).toBe(400)
    const saved = await api('admin@demo.test', 'PUT', '/api/candidates/settings', { retentionDays: 180, reminderDays: 3, linkDays: 14, version: s.version })
    expect(saved.status, saved.text).toBe(200)
    const bad = await api('backoffice@demo.test', 'PUT', '/api/candidates/templates', {
      kind: 'work',
      language: 'en',
      title: 'Contract {{fullName}}',
      body: 'Salary {{salary}}',
      version: null,
    })
    expect((bad.json as { fieldErrors: Record<string, string[]> }).fieldErrors.body).toEqual(['Mallen använder fält som inte finns: {{salary}}'])
    const list = (await api('backoffice@demo.test', 'GET', '/api/candidates/templates')).json as {
      items: Array<{ kind: string; language: string; version: number }>
    }
    const en = list.items.find((x) => x.kind === 'work' && x.language === 'en')
    const stale = await api('backoffice@demo.test', 'PUT', '/api/candidates/templates', {
      kind: 'work',
      language: 'en',
      title: 'Work contract',
      body: 'Hello {{firstName}}',
      version: (en?.version ?? 0) + 5,
    })
    expect(stale.status).toBe(409)
  })
})

describe('an existing database', () => {
  /** The role rules part of migration 0058 (its statements after the marker), as an existing database runs them. */
  const rolePart = (dialect: 'sqlite' | 'pg') => {
    const file = readFileSync(new URL(`../../db/migrations/${dialect}/0058_candidates.sql`, import.meta.url), 'utf8')
    return file
      .slice(file.indexOf('-- Recruiting (shared/permissions/roles.ts'))
      .split('--> statement-breakpoint')
      .map((x) => x.trim())
      .filter(Boolean)
  }
  const run = async (statements: string[]) => {
    const raw = t.database.raw
    for (const text of statements) {
      if (raw.kind === 'sqlite') raw.sqlite.exec(text)
      else await raw.pool.query(text)
    }
  }
  const rulesOf = async (key: string) => {
    const [role] = await db.select({ id: tables.roles.id }).from(tables.roles).where(eq(tables.roles.key, key))
    return db.select().from(tables.permissionRules).where(eq(tables.permissionRules.roleId, role!.id))
  }

  it('gains the recruiting rules once: back office every candidate, the recruiter their own, both the accounts step', async () => {
    // As before the migration: the recruiter's rules without a condition, back office without candidates.
    const recruiter = await rulesOf('recruiter')
    for (const r of recruiter.filter((x) => x.subject === 'candidates'))
      await db.update(tables.permissionRules).set({ conditions: null }).where(eq(tables.permissionRules.id, r.id))
    for (const r of [...recruiter, ...(await rulesOf('backoffice'))].filter((x) => x.subject.startsWith('candidate'))) {
      if (r.subject !== 'candidates' || (await rulesOf('backoffice')).some((b) => b.id === r.id))
        await db.delete(tables.permissionRules).where(eq(tables.permissionRules.id, r.id))
    }
    const statements = rolePart(t.database.dialect === 'pg' ? 'pg' : 'sqlite')
    await run(statements)
    await run(statements)
    const pairs = (rules: Array<{ action: string; subject: string; conditions: unknown }>) =>
      rules
        .filter((r) => r.subject.startsWith('candidate'))
        .map((r) => `${r.action} ${r.subject}${r.conditions ? ` ${JSON.stringify(r.conditions)}` : ''}`)
        .sort()
    expect(pairs(await rulesOf('backoffice'))).toEqual([
      'admin candidates',
      'create candidate_accounts',
      'create candidates',
      'update candidates',
      'view candidate_private_data',
      'view candidates',
    ])
    expect(pairs(await rulesOf('recruiter'))).toEqual([
      'create candidate_accounts',
      'create candidates {"recruiterId":"${user.id}"}',
      'update candidates {"recruiterId":"${user.id}"}',
      'view candidates {"recruiterId":"${user.id}"}',
    ])
  })
})
