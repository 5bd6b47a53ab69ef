import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq, ne } from 'drizzle-orm'
import { jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadGuideIndex } from '../../../shared/search/guide-search'
import type { GuideDoc } from '../../../shared/schemas/guide-document'
import type {
  AckReport,
  CategoryItem,
  EmbedItem,
  EmbedSession,
  GuideAdminDetail,
  GuidesOffline,
  GuideView,
  GuidesDashboard,
} from '../../../shared/schemas/guides'
import { createTestApp } from '../../test/harness'

/**
 * Guides and embeds (issue 43, decision 069) through the API, on both databases: management writes categories and
 * guides in three languages and publishes versions; a reader gets exactly the guides their audience admits — in
 * the dashboard, a guide's page, the search index, the files and the embeds — in their language; a must-read guide
 * is acknowledged per version and coaches see who has; signed embeds carry a token a BI server can verify.
 * One app for the file: the steps build on each other as in an organisation.
 */
const t = await createTestApp()
const { db, t: tables } = t.database
const cookies = new Map<string, string>()
const as = async (email: string) => cookies.get(email) ?? cookies.set(email, (await t.login(email)).cookie).get(email)!
const api = async (email: string, method: string, url: string, body?: unknown, headers?: Record<string, string>) =>
  t.request(method, url, { cookie: await as(email), body, headers })

const doc = (...paragraphs: string[]): GuideDoc => ({
  type: 'doc',
  content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
})
const text = (title: string, body: string, summary = '') => ({ title, summary, body: doc(body) })
const EVERYONE = { roles: [], offices: [], teams: [], providers: [] }

/** The demo's seller, and a seller of another team (and office when there is one). */
let seller: { id: string; teamId: string; officeId: string | null; roleId: string }
let other: { id: string; email: string; teamId: string }
let category: CategoryItem

beforeAll(async () => {
  const [s] = await db
    .select({ id: tables.users.id, teamId: tables.users.teamId, officeId: tables.teams.officeId, roleId: tables.users.roleId })
    .from(tables.users)
    .innerJoin(tables.teams, eq(tables.teams.id, tables.users.teamId))
    .where(eq(tables.users.email, 'seller@demo.test'))
  seller = { ...s!, teamId: s!.teamId! }
  // The other seller's team has a coach who does not coach the demo seller's team, and the other way round.
  const coached = await db.select({ userId: tables.teamCoaches.userId, teamId: tables.teamCoaches.teamId }).from(tables.teamCoaches)
  const coachesOf = (teamId: string) => new Set(coached.filter((c) => c.teamId === teamId).map((c) => c.userId))
  const mine = coachesOf(seller.teamId)
  const candidates = await db
    .select({ id: tables.users.id, email: tables.users.email, teamId: tables.users.teamId })
    .from(tables.users)
    .where(and(eq(tables.users.roleId, seller.roleId), ne(tables.users.teamId, seller.teamId), eq(tables.users.active, true)))
  // A seller of a team the demo seller's coaches do not coach.
  const o = candidates.find((c) => [...coachesOf(c.teamId!)].every((id) => !mine.has(id)))
  other = { ...o!, teamId: o!.teamId! }
})

const dashboard = async (email: string, lang = 'sv') =>
  (await api(email, 'GET', '/api/guides', undefined, { 'accept-language': lang })).json as unknown as GuidesDashboard
const titlesOf = (d: GuidesDashboard) => d.categories.flatMap((c) => c.guides.map((g) => g.title))

async function newGuide(title: string, extra: Record<string, unknown> = {}) {
  const r = await api('admin@demo.test', 'POST', '/api/guide-admin/guides', {
    categoryId: category.id,
    mustRead: false,
    texts: { sv: text(title, `${title}: brödtext.`), en: null, fi: null },
    audience: EVERYONE,
    ...extra,
  })
  expect(r.status, r.text).toBe(201)
  return r.json as unknown as GuideAdminDetail
}
async function publish(g: { id: string; version: number }) {
  const r = await api('admin@demo.test', 'POST', `/api/guide-admin/guides/${g.id}/publish`, { version: g.version })
  expect(r.status, r.text).toBe(200)
  return r.json as unknown as GuideAdminDetail
}

describe('managing guides', () => {
  it('is for who may admin embeds: a seller and a coach may not', async () => {
    for (const email of ['seller@demo.test', 'coach@demo.test']) {
      expect((await api(email, 'GET', '/api/guide-admin/categories')).status).toBe(403)
      expect((await api(email, 'POST', '/api/guide-admin/guides', {})).status).toBe(403)
      expect((await api(email, 'GET', '/api/embeds')).status).toBe(403)
    }
  })

  it('creates categories with a name per language, refuses a bad one, and keeps their order', async () => {
    const bad = await api('admin@demo.test', 'POST', '/api/guide-admin/categories', {
      name: { sv: ' ', en: null, fi: null },
      description: { sv: '', en: null, fi: null },
      icon: 'pitch',
      audience: EVERYONE,
    })
    expect(bad.status).toBe(400)
    expect(bad.json.fieldErrors).toHaveProperty(['name.sv'])
    const made: CategoryItem[] = []
    for (const [sv, en] of [
      ['Säljpitch test', 'Sales pitch test'],
      ['Husets regler test', 'House rules test'],
    ] as const) {
      const r = await api('admin@demo.test', 'POST', '/api/guide-admin/categories', {
        name: { sv, en, fi: null },
        description: { sv: `Om ${sv.toLowerCase()}`, en: null, fi: null },
        icon: 'pitch',
        audience: EVERYONE,
      })
      expect(r.status, r.text).toBe(201)
      made.push(r.json as unknown as CategoryItem)
    }
    category = made[0]!
    // New categories go last, in the order they were made.
    expect(made[1]!.position).toBe(made[0]!.position + 1)
    const all = ((await api('admin@demo.test', 'GET', '/api/guide-admin/categories')).json.items as CategoryItem[]).map((c) => c.id)
    expect(all.slice(-2)).toEqual(made.map((c) => c.id))
    const swapped = [...all.slice(0, -2), made[1]!.id, made[0]!.id]
    const reordered = await api('admin@demo.test', 'PUT', '/api/guide-admin/categories/order', { ids: swapped })
    expect(reordered.status, reordered.text).toBe(200)
    expect((reordered.json.items as CategoryItem[]).slice(-2).map((c) => c.name.sv)).toEqual(['Husets regler test', 'Säljpitch test'])
    // An order that leaves one out is somebody else's change in between: refused, nothing moved.
    expect((await api('admin@demo.test', 'PUT', '/api/guide-admin/categories/order', { ids: [made[0]!.id] })).status).toBe(409)
  })

  it('refuses a document with script, raw HTML or a javascript: link, and writes nothing', async () => {
    const before = (await api('admin@demo.test', 'GET', '/api/guide-admin/guides')).json.items as unknown[]
    for (const body of [
      { type: 'doc', content: [{ type: 'html', attrs: { html: '<script>alert(1)</script>' } }] },
      {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }] }],
      },
      { type: 'doc', content: [{ type: 'image', attrs: { src: 'https://evil.example/a.png' } }] },
    ]) {
      const r = await api('admin@demo.test', 'POST', '/api/guide-admin/guides', {
        categoryId: category.id,
        mustRead: false,
        texts: { sv: { title: 'Farlig', summary: '', body }, en: null, fi: null },
        audience: EVERYONE,
      })
      expect(r.status, r.text).toBe(400)
      expect(Object.keys(r.json.fieldErrors as object)[0]).toMatch(/^texts\.sv\.body/)
    }
    expect((await api('admin@demo.test', 'GET', '/api/guide-admin/guides')).json.items).toEqual(before)
  })

  it('keeps a draft from readers until it is published, then shows the version in their language', async () => {
    const g = await newGuide('Öppningsrepliken', {
      texts: {
        sv: text('Öppningsrepliken', 'Säljarna börjar med en fråga.', 'Så börjar du'),
        en: text('The opening line', 'Sellers start with a question.', 'How to start'),
        fi: null,
      },
    })
    expect(g).toMatchObject({ status: 'draft', unpublished: true, publishedNumber: null, missing: ['fi'] })
    expect(titlesOf(await dashboard('seller@demo.test'))).not.toContain('Öppningsrepliken')
    expect((await api('seller@demo.test', 'GET', `/api/guides/${g.id}`)).status).toBe(404)

    const v1 = await publish(g)
    expect(v1).toMatchObject({ status: 'published', unpublished: false, publishedNumber: 1, versions: [{ number: 1, publishedBy: { name: 'Astrid Admin' } }] })
    expect(titlesOf(await dashboard('seller@demo.test'))).toContain('Öppningsrepliken')
    expect(titlesOf(await dashboard('seller@demo.test', 'en'))).toContain('The opening line')
    // Finnish has no text: the Finnish reader reads Swedish.
    const fi = (await api('seller@demo.test', 'GET', `/api/guides/${g.id}`, undefined, { 'accept-language': 'fi' })).json as unknown as GuideView
    expect(fi).toMatchObject({ title: 'Öppningsrepliken', language: 'sv', number: 1, categoryName: 'Säljpitch test' })
    expect(fi.body).toEqual(doc('Säljarna börjar med en fråga.'))
    // Publishing again with nothing new is refused.
    expect((await api('admin@demo.test', 'POST', `/api/guide-admin/guides/${g.id}/publish`, { version: v1.version })).json.error).toBe('invalid_transition')
  })

  it('publishes versions, reads an earlier one and restores it as the next; the log has every step', async () => {
    const g = await publish(await newGuide('Prislistan'))
    const edited = await api('admin@demo.test', 'PUT', `/api/guide-admin/guides/${g.id}`, {
      categoryId: category.id,
      mustRead: false,
      texts: { sv: text('Prislistan', 'Nya priser från maj.'), en: null, fi: null },
      audience: EVERYONE,
      version: g.version,
    })
    expect(edited.status, edited.text).toBe(200)
    expect(edited.json).toMatchObject({ unpublished: true, publishedNumber: 1 })
    // A save on an old version is somebody else's change in between.
    expect((await api('admin@demo.test', 'PUT', `/api/guide-admin/guides/${g.id}`, { ...edited.json, version: g.version })).status).toBe(400)
    // Readers still read version 1 until the edit is published.
    expect(((await api('seller@demo.test', 'GET', `/api/guides/${g.id}`)).json as unknown as GuideView).body).toEqual(doc('Prislistan: brödtext.'))
    const v2 = await publish(edited.json as unknown as GuideAdminDetail)
    expect(((await api('seller@demo.test', 'GET', `/api/guides/${g.id}`)).json as unknown as GuideView).body).toEqual(doc('Nya priser från maj.'))

    const old = await api('admin@demo.test', 'GET', `/api/guide-admin/guides/${g.id}/versions/1`)
    expect(old.json).toMatchObject({ number: 1, texts: { sv: { body: doc('Prislistan: brödtext.') } } })
    expect((await api('admin@demo.test', 'GET', `/api/guide-admin/guides/${g.id}/versions/9`)).status).toBe(404)
    const restored = await api('admin@demo.test', 'POST', `/api/guide-admin/guides/${g.id}/versions/1/restore`, { version: v2.version })
    expect(restored.status, restored.text).toBe(200)
    expect((restored.json as unknown as GuideAdminDetail).versions.map((v) => v.number)).toEqual([3, 2, 1])
    expect((await api('seller@demo.test', 'GET', `/api/guides/${g.id}`)).json as unknown as GuideView).toMatchObject({
      number: 3,
      body: doc('Prislistan: brödtext.'),
    })
    const log = await db
      .select({ action: tables.activityLog.action })
      .from(tables.activityLog)
      .where(and(eq(tables.activityLog.entity, 'guide'), eq(tables.activityLog.entityId, g.id)))
    expect(log.map((l) => l.action).sort()).toEqual(['created', 'published', 'published', 'restored', 'updated'])
  })

  it('will not delete a category that holds guides', async () => {
    const r = await api('admin@demo.test', 'DELETE', `/api/guide-admin/categories/${category.id}?version=${category.version}`)
    expect(r.status).toBe(409)
    expect(r.json).toMatchObject({ error: 'category_in_use' })
  })
})

describe('who reads what', () => {
  let teamOnly: GuideAdminDetail
  it('a guide narrowed to a team is in that team’s answers only: dashboard, page, search, acknowledgement', async () => {
    teamOnly = await publish(await newGuide('Teamets hemliga knep', { audience: { ...EVERYONE, teams: [other.teamId] }, mustRead: true }))
    expect(titlesOf(await dashboard(other.email))).toContain('Teamets hemliga knep')
    expect(titlesOf(await dashboard('seller@demo.test'))).not.toContain('Teamets hemliga knep')
    expect((await api('seller@demo.test', 'GET', `/api/guides/${teamOnly.id}`)).status).toBe(404)
    expect((await api('seller@demo.test', 'POST', `/api/guides/${teamOnly.id}/acknowledge`, { number: 1 })).status).toBe(404)

    const mine = (await api('seller@demo.test', 'GET', '/api/guides/search-index')).json as { tag: string; index: string }
    expect(mine.index).not.toContain('hemliga')
    expect(loadGuideIndex(mine.index, 'sv').search('knep')).toEqual([])
    const theirs = (await api(other.email, 'GET', '/api/guides/search-index')).json as { tag: string; index: string }
    expect(
      loadGuideIndex(theirs.index, 'sv')
        .search('knepen')
        .map((h) => h.id),
    ).toEqual([teamOnly.id])
    // The index answers "not changed" while the reader's guides are the same.
    const again = await t.request('GET', '/api/guides/search-index', { cookie: await as(other.email), headers: { 'if-none-match': `"${theirs.tag}"` } })
    expect(again.status).toBe(304)
  })

  it.each([
    ['the role', () => ({ ...EVERYONE, roles: [seller.roleId] }), true],
    ['another role', () => ({ ...EVERYONE, roles: ['no-such-role'] }), false],
    ['the office', () => ({ ...EVERYONE, offices: [seller.officeId ?? 'none'] }), true],
    ['another office', () => ({ ...EVERYONE, offices: ['no-such-office'] }), false],
    ['a provider no team of theirs sells for', () => ({ ...EVERYONE, providers: ['no-such-provider'] }), false],
  ])('narrowed to %s: the seller reads it — %s', async (name, audience, reads) => {
    const g = await publish(await newGuide(`Riktad: ${name}`, { audience: audience() }))
    expect(titlesOf(await dashboard('seller@demo.test')).includes(`Riktad: ${name}`)).toBe(reads)
    expect((await api('seller@demo.test', 'GET', `/api/guides/${g.id}`)).status).toBe(reads ? 200 : 404)
  })

  it('a category’s audience narrows every guide in it', async () => {
    const c = await api('admin@demo.test', 'POST', '/api/guide-admin/categories', {
      name: { sv: 'Bara coacher', en: null, fi: null },
      description: { sv: '', en: null, fi: null },
      icon: 'training',
      audience: { ...EVERYONE, roles: ['no-such-role'] },
    })
    const g = await publish(await newGuide('Coachens guide', { categoryId: (c.json as unknown as CategoryItem).id }))
    expect((await api('seller@demo.test', 'GET', `/api/guides/${g.id}`)).status).toBe(404)
    expect((await dashboard('seller@demo.test')).categories.map((x) => x.name)).not.toContain('Bara coacher')
    // Who manages guides reads them all.
    expect((await api('admin@demo.test', 'GET', `/api/guides/${g.id}`)).status).toBe(200)
  })

  it('a guide’s image is read by its readers only', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
    const upload = async (type: string, bytes: Buffer) =>
      t.app.request('/api/guide-admin/files?name=karta.png', {
        method: 'POST',
        headers: { cookie: await as('admin@demo.test'), 'content-type': type, origin: 'http://localhost' },
        body: new Uint8Array(bytes),
      })
    // Checked by its content: an HTML page declared as an image is refused.
    expect((await upload('image/png', Buffer.from('<html><script>alert(1)</script></html>'))).status).toBe(415)
    const up = await upload('image/png', png)
    expect(up.status, await up.clone().text()).toBe(201)
    const file = (await up.json()) as { id: string; src: string }
    const body: GuideDoc = { type: 'doc', content: [{ type: 'image', attrs: { src: file.src, alt: 'Karta' } }] }
    await publish(
      await newGuide('Kartan', { texts: { sv: { title: 'Kartan', summary: '', body }, en: null, fi: null }, audience: { ...EVERYONE, teams: [other.teamId] } }),
    )
    expect((await api(other.email, 'GET', file.src)).status).toBe(200)
    expect((await api('seller@demo.test', 'GET', file.src)).status).toBe(404)
  })

  it('an acknowledgement is per version: a new version asks again, an older one never undoes a newer', async () => {
    expect((await dashboard(other.email)).toAcknowledge.map((g) => g.id)).toContain(teamOnly.id)
    expect((await api(other.email, 'POST', `/api/guides/${teamOnly.id}/acknowledge`, { number: 2 })).status).toBe(400)
    const ack = await api(other.email, 'POST', `/api/guides/${teamOnly.id}/acknowledge`, { number: 1 })
    expect(ack.status, ack.text).toBe(200)
    expect((await dashboard(other.email)).toAcknowledge.map((g) => g.id)).not.toContain(teamOnly.id)

    const edited = await api('admin@demo.test', 'PUT', `/api/guide-admin/guides/${teamOnly.id}`, {
      categoryId: category.id,
      mustRead: true,
      texts: { sv: text('Teamets hemliga knep', 'Ny regel från i dag.'), en: null, fi: null },
      audience: teamOnly.audience,
      version: teamOnly.version,
    })
    teamOnly = await publish(edited.json as unknown as GuideAdminDetail)
    const asked = (await dashboard(other.email)).toAcknowledge.find((g) => g.id === teamOnly.id)
    expect(asked).toMatchObject({ number: 2, acknowledged: false, newVersion: true })
    // The phone acknowledged version 1 offline again before it saw version 2: changes nothing.
    expect((await api(other.email, 'POST', `/api/guides/${teamOnly.id}/acknowledge`, { number: 1 })).json).toEqual({ number: 1, changed: false })
  })

  it('the device’s snapshot holds the reader’s guides with their bodies and nothing else; a queued acknowledgement syncs once', async () => {
    const snap = (await api(other.email, 'GET', '/api/guides/offline')).json as unknown as GuidesOffline
    const ids = snap.guides.map((g) => g.id)
    expect(ids).toContain(teamOnly.id)
    expect(snap.dashboard.categories.flatMap((c) => c.guides.map((g) => g.id)).sort()).toEqual([...ids].sort())
    expect(snap.guides.find((g) => g.id === teamOnly.id)!.body).toEqual(doc('Ny regel från i dag.'))
    expect(
      loadGuideIndex(snap.index, 'sv')
        .search('regel')
        .map((h) => h.id),
    ).toContain(teamOnly.id)
    const mine = (await api('seller@demo.test', 'GET', '/api/guides/offline')).json as unknown as GuidesOffline
    expect(mine.guides.map((g) => g.id)).not.toContain(teamOnly.id)
    expect(JSON.stringify(mine)).not.toContain('hemliga')

    // The seller acknowledged offline; the push applies it, a second push of the same changes nothing.
    const push = t.device(await as(other.email)).push
    expect(await push('acknowledgeGuide', { guideId: teamOnly.id, number: 2, at: Date.now() })).toMatchObject({ applied: 1, rejected: 0 })
    const after = (await api(other.email, 'GET', '/api/guides/offline')).json as unknown as GuidesOffline
    expect(after.tag).not.toBe(snap.tag)
    expect(after.guides.find((g) => g.id === teamOnly.id)).toMatchObject({ acknowledged: true, newVersion: false })
    // A guide the seller may not read is refused, never retried.
    const sellerPush = t.device(await as('seller@demo.test')).push
    expect(await sellerPush('acknowledgeGuide', { guideId: teamOnly.id, number: 2, at: Date.now() })).toMatchObject({ applied: 0, rejected: 1 })
    // Put back as it was for the report below: version 1 acknowledged.
    await db
      .update(tables.guideAcks)
      .set({ number: 1 })
      .where(and(eq(tables.guideAcks.guideId, teamOnly.id), eq(tables.guideAcks.userId, other.id)))
  })

  it('coaches see who has acknowledged in their own teams only, and remind those who have not', async () => {
    // Who may see everyone sees the team of a guide narrowed to it, and who acknowledged which version.
    const all = (await api('admin@demo.test', 'GET', `/api/guides/${teamOnly.id}/acknowledgements`)).json as unknown as AckReport
    expect(all.teams.map((x) => x.id)).toEqual([other.teamId])
    expect(all.teams[0]!.people.find((p) => p.id === other.id)).toMatchObject({ acknowledgedNumber: 1 })
    // A coach of other teams cannot read that guide: nothing about it; a seller sees no one.
    expect((await api('coach@demo.test', 'GET', `/api/guides/${teamOnly.id}/acknowledgements`)).status).toBe(404)
    expect(((await api(other.email, 'GET', `/api/guides/${teamOnly.id}/acknowledgements`)).json as unknown as AckReport).teams).toEqual([])
    expect((await api(other.email, 'POST', `/api/guides/${teamOnly.id}/remind`, {})).json.error).toBe('no_recipients')

    // A must-read guide for everyone: the coach sees their own teams, no others.
    const rule = await publish(await newGuide('Husregel: ID-kort synligt', { mustRead: true }))
    expect((await api('seller@demo.test', 'POST', `/api/guides/${rule.id}/acknowledge`, { number: 1 })).status).toBe(200)
    const report = (await api('coach@demo.test', 'GET', `/api/guides/${rule.id}/acknowledgements`)).json as unknown as AckReport
    const coached = (await db.select({ teamId: tables.teamCoaches.teamId }).from(tables.teamCoaches)).map((c) => c.teamId)
    expect(report.teams.length).toBeGreaterThan(0)
    expect(report.teams.every((x) => coached.includes(x.id))).toBe(true)
    expect(report.teams.flatMap((x) => x.people).find((p) => p.id === seller.id)).toMatchObject({ acknowledgedNumber: 1 })
    expect(report.teams.flatMap((x) => x.people).some((p) => p.id === other.id)).toBe(false)

    const pending = report.teams.flatMap((x) => x.people).filter((p) => p.acknowledgedNumber === null)
    const reminded = await api('coach@demo.test', 'POST', `/api/guides/${rule.id}/remind`, {})
    expect(reminded.status, reminded.text).toBe(200)
    expect(reminded.json).toEqual({ reminded: pending.length })
    await t.events.settled()
    const bell = await db
      .select({ userId: tables.notifications.userId, title: tables.notifications.title, link: tables.notifications.link })
      .from(tables.notifications)
      .where(eq(tables.notifications.link, `/guides/dashboard/${rule.id}`))
    expect(bell.map((n) => n.userId).sort()).toEqual(pending.map((p) => p.id).sort())
    expect(bell[0]).toMatchObject({ title: 'Läs och bekräfta: Husregel: ID-kort synligt' })
    // A guide that is not must-read asks no acknowledgement and sends no reminder.
    const plain = await publish(await newGuide('Bara läsning'))
    expect((await api('coach@demo.test', 'POST', `/api/guides/${plain.id}/remind`, {})).json.error).toBe('invalid_transition')
  })
})

describe('embeds', () => {
  let bi: Server
  let biUrl = ''
  const SECRET = 'a-metabase-secret-key-of-64-characters-0123456789abcdef0123456789'
  const verified: Array<Record<string, unknown>> = []
  beforeAll(async () => {
    // A small stand-in for a BI server's signed embedding: it opens a dashboard only for a token signed with its key.
    bi = createServer((req, res) => {
      const m = /^\/embed\/dashboard\/([^/#?]+)/.exec(req.url ?? '')
      if (!m) return void res.writeHead(404).end()
      jwtVerify(m[1]!, new TextEncoder().encode(SECRET))
        .then(({ payload }) => {
          verified.push(payload)
          res.writeHead(200).end('dashboard')
        })
        .catch(() => res.writeHead(401).end())
    })
    await new Promise<void>((resolve) => bi.listen(0, '127.0.0.1', resolve))
    biUrl = `https://bi.example.se:${(bi.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => bi.close(() => resolve())))

  const embed = (extra: Record<string, unknown> = {}) => ({
    name: 'Säljtavlan',
    kind: 'dashboard',
    url: biUrl,
    height: 600,
    signing: 'metabase',
    resource: { type: 'dashboard', id: 12 },
    scope: ['teamId', 'userId'],
    secret: SECRET,
    assignees: { users: [], roles: [seller.roleId], teams: [] },
    ...extra,
  })

  it('come only from allowed https hosts, and a signed one needs what it shows and a key', async () => {
    const notAllowed = await api('admin@demo.test', 'POST', '/api/embeds', embed())
    expect(notAllowed.status).toBe(400)
    expect(notAllowed.json.fieldErrors).toEqual({ url: ['Värden finns inte bland de tillåtna värdarna'] })
    expect((await api('admin@demo.test', 'PUT', '/api/embeds/hosts', { hosts: ['javascript:alert(1)'] })).status).toBe(400)
    const hosts = await api('admin@demo.test', 'PUT', '/api/embeds/hosts', { hosts: ['bi.example.se', '*.youtube.com'] })
    expect(hosts.json).toEqual({ hosts: ['*.youtube.com', 'bi.example.se'] })
    // The app's pages may frame exactly those hosts, over https.
    const page = await t.request('GET', '/guides/dashboard')
    expect(page.res.headers.get('content-security-policy')).toContain("frame-src 'self' https://*.youtube.com https://bi.example.se;")
    expect((await api('admin@demo.test', 'POST', '/api/embeds', embed({ url: 'http://bi.example.se' }))).status).toBe(400)
    const noKey = await api('admin@demo.test', 'POST', '/api/embeds', embed({ secret: null, resource: null }))
    expect(Object.keys(noKey.json.fieldErrors as object).sort()).toEqual(['resource', 'secret'])
  })

  it('a signed embed opens with a short-lived token that locks the reader’s own team, which the BI server verifies', async () => {
    const made = await api('admin@demo.test', 'POST', '/api/embeds', embed())
    expect(made.status, made.text).toBe(201)
    const item = made.json as unknown as EmbedItem
    expect(item.hasSecret).toBe(true)
    expect(made.text).not.toContain(SECRET)
    expect((await api('admin@demo.test', 'GET', '/api/embeds')).text).not.toContain(SECRET)

    const mine = await dashboard('seller@demo.test')
    expect(mine.embeds).toEqual([{ id: item.id, name: 'Säljtavlan', kind: 'dashboard', height: 600, signed: true, url: null }])
    const session = (await api('seller@demo.test', 'POST', `/api/embeds/${item.id}/open`)).json as unknown as EmbedSession
    expect(session.expiresAt - Date.now()).toBeLessThanOrEqual(10 * 60_000)
    const res = await fetch(session.url.replace('https://', 'http://').replace('bi.example.se', '127.0.0.1'))
    expect(res.status).toBe(200)
    expect(verified.at(-1)).toMatchObject({ resource: { dashboard: 12 }, params: { teamId: seller.teamId, userId: seller.id } })
    // A token signed with another key is refused by the BI server.
    const forged = session.url.replace(/\/embed\/dashboard\/[^#]+/, '/embed/dashboard/eyJhbGciOiJIUzI1NiJ9.eyJyZXNvdXJjZSI6e319.x')
    expect((await fetch(forged.replace('https://', 'http://').replace('bi.example.se', '127.0.0.1'))).status).toBe(401)

    // Who is not assigned (and reads no guide with it) cannot open it; it is as if it did not exist.
    const coach = await api('coach@demo.test', 'POST', `/api/embeds/${item.id}/open`)
    expect(coach.status).toBe(404)
    const log = await db
      .select()
      .from(tables.activityLog)
      .where(and(eq(tables.activityLog.entity, 'embed'), eq(tables.activityLog.entityId, item.id)))
    expect(log.map((l) => l.action)).toContain('opened')
  })

  it('a reader without a value the embed locks (a manager without a team) is refused, never given an unfiltered token (issue 68 Q5)', async () => {
    const [manager] = await db
      .select({ teamId: tables.users.teamId, roleId: tables.users.roleId })
      .from(tables.users)
      .where(eq(tables.users.email, 'manager@demo.test'))
    expect(manager!.teamId).toBeNull()
    const made = await api(
      'admin@demo.test',
      'POST',
      '/api/embeds',
      embed({ name: 'Teamets tavla', assignees: { users: [], roles: [manager!.roleId], teams: [] } }),
    )
    expect(made.status, made.text).toBe(201)
    const before = verified.length
    const refused = await api('manager@demo.test', 'POST', `/api/embeds/${(made.json as unknown as EmbedItem).id}/open`)
    expect(refused.status).toBe(409)
    expect(refused.json).toMatchObject({
      error: 'embed_scope_missing',
      message: 'Vyn visar bara det som gäller ditt team, och du har inget team registrerat. Be en administratör lägga in det.',
    })
    expect(refused.text).not.toContain('/embed/')
    expect(verified.length).toBe(before)
  })
})
