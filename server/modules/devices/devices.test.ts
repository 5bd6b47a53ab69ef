import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import type { DeviceDetail, DeviceImportPreview, DeviceItem } from '../../../shared/schemas/devices'
import { XLSX_TYPE } from '../../../shared/schemas/files'
import { createTestApp } from '../../test/harness'
import { workbookBomb } from '../../test/workbooks'
import { ALERTS_JOB } from './devices.alerts'

const t = await createTestApp()
const { db, t: s } = t.database

const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

let backoffice = ''
let coachId = ''
beforeAll(async () => {
  backoffice = (await t.login('backoffice@demo.test')).cookie
  coachId = (await t.login('coach@demo.test')).answer.userData.id
})

/** An installation of the app: its id and secret, as the app makes them at its first start. */
const installation = () => ({ deviceId: crypto.randomUUID(), key: randomBytes(32).toString('base64url') })

async function report(cookie: string, device: { deviceId: string; key: string }, extra: Record<string, unknown> = {}, ua = ANDROID) {
  return t.request('POST', '/api/devices/report', {
    cookie,
    headers: { 'user-agent': ua },
    body: {
      ...device,
      appVersion: '0.1.0',
      hints: { model: 'SM-A546B', platform: 'Android', platformVersion: '14.0.0', mobile: true },
      storage: { usage: 12 * 1024 * 1024, quota: 2 * 1024 ** 3, persisted: true },
      lastSyncAt: Date.now(),
      pending: 0,
      ...extra,
    },
  })
}

const list = async (query = '') =>
  (await t.request('GET', `/api/devices?itemsPerPage=100${query}`, { cookie: backoffice })).json.items as unknown as DeviceItem[]
const detail = async (id: string) => (await t.request('GET', `/api/devices/${id}`, { cookie: backoffice })).json as unknown as DeviceDetail
const upload = (body: Uint8Array | string, type = 'text/csv') =>
  t.request('POST', '/api/device-imports', {
    cookie: backoffice,
    body: typeof body === 'string' ? new TextEncoder().encode(body) : body,
    headers: { 'content-type': type, 'x-file-name': 'intune.csv' },
  })

/** A fresh seller of the demo's seller team (the coach coaches it), signed in. */
async function newSeller(tag: string) {
  const admin = (await t.login('admin@demo.test')).cookie
  const seller = (await t.login('seller@demo.test')).answer.userData
  const roles = (await t.request('GET', '/api/roles?itemsPerPage=100', { cookie: admin })).json.items as Array<{ id: string; key: string }>
  const email = `saljare.${tag}.${Date.now().toString(36)}@demo.test`
  const made = await t.request('POST', '/api/users', {
    cookie: admin,
    body: {
      email,
      firstName: 'Sam',
      lastName: tag,
      password: 'ett-langt-losenord',
      roleId: roles.find((r) => r.key === 'seller')!.id,
      teamId: seller.teamIds[0],
    },
  })
  expect(made.status, made.text).toBe(201)
  const login = await t.login(email, 'ett-langt-losenord')
  return { email, cookie: login.cookie, id: login.answer.userData.id }
}

describe('the app registers itself', () => {
  it('at its first report, with what the browser tells; later reports keep it current, one device', async () => {
    const seller = await newSeller('reg')
    const device = installation()
    // The demo records positions on sales (docs/decisions/074): the device is told so.
    expect((await report(seller.cookie, device)).json).toEqual({ wipe: false, positions: true })
    const [item] = await list(`&userId=${seller.id}`)
    expect(item).toMatchObject({
      label: 'Samsung SM-A546B',
      manufacturer: 'Samsung',
      model: 'SM-A546B',
      os: 'Android 14.0.0',
      browser: 'Chrome 131',
      appVersion: '0.1.0',
      userName: `Sam reg`,
      source: 'app',
      state: 'active',
      pending: 0,
      alerts: [],
    })
    expect(item!.freeStorageBytes).toBe(2 * 1024 ** 3 - 12 * 1024 * 1024)
    expect(item!.enrolledAt).toBeGreaterThan(Date.now() - 60_000)
    expect((await report(seller.cookie, device, { pending: 4, appVersion: '0.2.0' })).status).toBe(200)
    const again = await list(`&userId=${seller.id}`)
    expect(again).toHaveLength(1)
    expect(again[0]).toMatchObject({ id: item!.id, pending: 4, appVersion: '0.2.0' })
    expect((await detail(item!.id)).activity.map((a) => a.action)).toEqual(['registered'])
  })

  it('are found by their owner’s name, and told apart: the seller’s phone, a tablet, the computer they once signed in on', async () => {
    const seller = await newSeller(`Agare${Date.now().toString(36)}`)
    await report(seller.cookie, installation())
    await report(seller.cookie, installation(), { hints: { model: 'SM-X210', platform: 'Android', platformVersion: '14.0.0', mobile: false } })
    await report(seller.cookie, installation(), { hints: undefined }, WINDOWS)
    const mine = await list(`&userId=${seller.id}`)
    expect(mine.map((d) => d.kind).sort()).toEqual(['computer', 'phone', 'tablet'])
    // "Erik lost his phone": back office types the name, any part of it, in any case.
    const name = `sam ${mine[0]!.userName!.split(' ')[1]!.toLowerCase()}`
    expect((await list(`&q=${encodeURIComponent(name)}`)).map((d) => d.id).sort()).toEqual(mine.map((d) => d.id).sort())
    expect((await list(`&q=${encodeURIComponent(name)}&kind=mobile`)).map((d) => d.kind).sort()).toEqual(['phone', 'tablet'])
    expect((await list(`&q=${encodeURIComponent(name)}&kind=computer`)).map((d) => d.kind)).toEqual(['computer'])
    // The phone and the tablet joining are in the log; the computer is listed, not logged.
    for (const d of mine)
      expect(
        (await detail(d.id)).activity.map((x) => x.action),
        d.kind,
      ).toEqual(d.kind === 'computer' ? [] : ['registered'])
    expect((await t.request('GET', '/api/devices?kind=laptop', { cookie: backoffice })).status).toBe(400)
  })

  it('refuses another key for a known installation and changes nothing', async () => {
    const seller = await newSeller('key')
    const device = installation()
    await report(seller.cookie, device)
    const r = await report(seller.cookie, { deviceId: device.deviceId, key: randomBytes(32).toString('base64url') }, { pending: 9 })
    expect(r.status).toBe(403)
    expect((await list(`&userId=${seller.id}`))[0]!.pending).toBe(0)
  })

  it('refuses a report that is not one, with translated field errors', async () => {
    const seller = await newSeller('bad')
    const r = await t.request('POST', '/api/devices/report', {
      cookie: seller.cookie,
      headers: { 'accept-language': 'en' },
      body: { deviceId: 'nope', key: 'x', appVersion: '', lastSyncAt: null, pending: -1 },
    })
    expect(r.status).toBe(400)
    expect(Object.keys((r.json as { fieldErrors: object }).fieldErrors).sort()).toEqual(['appVersion', 'deviceId', 'key', 'pending'])
    expect(await list(`&userId=${seller.id}`)).toEqual([])
  })

  it('is not for a seller or a coach to read', async () => {
    for (const email of ['seller@demo.test', 'coach@demo.test']) {
      const cookie = (await t.login(email)).cookie
      expect((await t.request('GET', '/api/devices', { cookie })).status).toBe(403)
    }
  })
})

describe('the MDM list', () => {
  it('is previewed with each row’s action and problems, then applied once; the app’s registration is joined', async () => {
    const seller = await newSeller('mdm')
    const device = installation()
    await report(seller.cookie, device, {}, IPHONE)
    const serial = `F2LX${Date.now().toString(36).toUpperCase()}`
    // Windows-1252 with semicolons, as a Swedish Excel saves it: "Ö" is one byte.
    const csv = [
      'Enhetsnamn;Serienummer;Tillverkare;Modell;Ledigt utrymme (MB);Registrerad;Primary user email address',
      `SAM-IPHONE;${serial};Apple;iPhone 15;2048;2026-03-02;${seller.email.toUpperCase()}`,
      `LAGER-ÖST;${serial}X;Samsung;SM-T220;512,5;2026-03-04;`,
      `TRASIG;${serial}Y;Apple;iPad;mycket;2026-03-04;`,
      `OKÄND;${serial}Z;Apple;iPad;100;2026-03-04;nobody@nowhere.test`,
      `DUBBEL;${serial};Apple;iPhone 15;100;2026-03-04;`,
    ].join('\r\n')
    const up = await upload(Buffer.from(csv, 'latin1'))
    expect(up.status, up.text).toBe(201)
    const preview = up.json as unknown as DeviceImportPreview
    expect(preview.mapping).toMatchObject({
      serialNumber: 'Serienummer',
      name: 'Enhetsnamn',
      freeStorage: 'Ledigt utrymme (MB)',
      email: 'Primary user email address',
    })
    expect(preview.counts).toEqual({ create: 1, update: 0, matchApp: 1, errors: 3 })
    expect(preview.rows.slice(0, 3).map((r) => [r.row, Object.keys(r.errors)])).toEqual([
      [4, ['freeStorage']],
      [5, ['email']],
      [6, ['serialNumber']],
    ])
    expect(preview.rows.find((r) => r.row === 2)).toMatchObject({ action: 'matchApp', userName: 'Sam mdm' })
    expect(await list(`&q=${serial}`)).toEqual([])

    const applied = await t.request('POST', `/api/device-imports/${preview.id}/apply`, { cookie: backoffice, body: { mapping: preview.mapping } })
    expect(applied.json).toEqual({ created: 1, updated: 0, matchedApp: 1, skipped: 3 })
    const again = await t.request('POST', `/api/device-imports/${preview.id}/apply`, { cookie: backoffice, body: { mapping: preview.mapping } })
    expect(again.status).toBe(409)

    const joined = (await list(`&userId=${seller.id}`))[0]!
    expect(joined).toMatchObject({
      label: 'SAM-IPHONE',
      serialNumber: serial,
      source: 'both',
      freeStorageBytes: 2048 * 1024 * 1024,
      manufacturer: 'Apple',
      model: 'iPhone 15',
    })
    const shelf = (await list(`&q=${serial}X`))[0]!
    expect(shelf).toMatchObject({ label: 'LAGER-ÖST', source: 'mdm', userId: null, freeStorageBytes: Math.round(512.5 * 1024 * 1024) })

    // The list again a week later: the same serial numbers update, nothing new.
    const next = await upload(Buffer.from(csv.replace('2048', '1024'), 'latin1'))
    const p2 = next.json as unknown as DeviceImportPreview
    expect(p2.counts).toMatchObject({ create: 0, update: 2 })
    await t.request('POST', `/api/device-imports/${p2.id}/apply`, { cookie: backoffice, body: { mapping: p2.mapping } })
    expect((await list(`&userId=${seller.id}`))[0]!.freeStorageBytes).toBe(1024 * 1024 * 1024)
  })

  it('reads an XLSX export with Intune’s English columns', async () => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Devices')
    sheet.addRow(['Device name', 'Serial number', 'Manufacturer', 'Model', 'Free storage (GB)', 'Enrollment date', 'Last check-in'])
    const serial = `XL${Date.now().toString(36)}`
    sheet.addRow(['TAB-1', serial, 'Lenovo', 'TB-X606F', 12.5, '11/20/2026 1:45:00 PM', '2026-11-27T08:00:00Z'])
    const up = await upload(new Uint8Array(await workbook.xlsx.writeBuffer()), XLSX_TYPE)
    expect(up.status, up.text).toBe(201)
    const preview = up.json as unknown as DeviceImportPreview
    expect(preview.counts).toEqual({ create: 1, update: 0, matchApp: 0, errors: 0 })
    await t.request('POST', `/api/device-imports/${preview.id}/apply`, { cookie: backoffice, body: { mapping: preview.mapping } })
    const [made] = await list(`&q=${serial}`)
    expect(made).toMatchObject({ freeStorageBytes: 12.5 * 1024 ** 3, enrolledAt: Date.UTC(2026, 10, 20, 12, 45), lastSyncAt: Date.UTC(2026, 10, 27, 8) })
  })

  it('refuses a zip bomb, a wrong type and a file without headings, translated, writing nothing', async () => {
    const before = await db.select().from(s.deviceImports)
    const bomb = await upload(workbookBomb(170 * 1024 * 1024), XLSX_TYPE)
    expect(bomb.status).toBe(400)
    expect(bomb.json).toMatchObject({ fieldErrors: { file: ['Filen packas upp till mer än vad en enhetslista kan vara'] } })
    const png = await upload(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'image/png')
    expect(png.status).toBe(415)
    const headless = await upload('a;a\r\n1;2')
    expect(headless.status).toBe(400)
    expect(await db.select().from(s.deviceImports)).toHaveLength(before.length)
  })

  it('refuses a mapping without the serial number column', async () => {
    const up = await upload('Serial;Mail\r\nA1;x@y.se')
    const preview = up.json as unknown as DeviceImportPreview
    const r = await t.request('POST', `/api/device-imports/${preview.id}/preview`, { cookie: backoffice, body: { mapping: { email: 'Mail' } } })
    expect(r.status).toBe(400)
    expect(r.json).toMatchObject({ fieldErrors: { mapping: ['Välj kolumnen med serienummer: enheterna känns igen på den'] } })
  })
})

describe('back office keeps a device', () => {
  it('edits it by hand: a stale version is a conflict, a taken serial number a field error, a new owner in the history', async () => {
    const seller = await newSeller('edit')
    const other = await newSeller('edit2')
    await report(seller.cookie, installation())
    await report(other.cookie, installation(), {}, IPHONE)
    const mine = (await list(`&userId=${seller.id}`))[0]!
    const theirs = (await list(`&userId=${other.id}`))[0]!
    const serial = `ED${Date.now().toString(36)}`
    const base = { version: 1, name: 'Sams telefon', serialNumber: serial, freeStorageMb: 900, userId: seller.id }
    expect((await t.request('PUT', `/api/devices/${mine.id}`, { cookie: backoffice, body: base })).status).toBe(200)
    const stale = await t.request('PUT', `/api/devices/${mine.id}`, { cookie: backoffice, body: { ...base, name: 'x' } })
    expect(stale.status).toBe(409)
    const taken = await t.request('PUT', `/api/devices/${theirs.id}`, { cookie: backoffice, body: { version: 1, serialNumber: serial } })
    expect(taken.status).toBe(400)
    expect(taken.json).toMatchObject({ fieldErrors: { serialNumber: ['En annan enhet har redan det serienumret'] } })
    const moved = await t.request('PUT', `/api/devices/${mine.id}`, { cookie: backoffice, body: { ...base, version: 2, userId: other.id } })
    expect(moved.json).toMatchObject({ userId: other.id, label: 'Sams telefon', serialNumber: serial, freeStorageBytes: 900 * 1024 * 1024 })
    expect((moved.json as unknown as DeviceDetail).activity.map((a) => a.action)).toEqual(['assigned', 'edited', 'registered'])
  })
})

describe('a store the browser emptied (docs/decisions/090)', () => {
  const storeA = () => crypto.randomUUID()

  it('on the same installation: its new store is told once what waited at the last contact, and the device keeps it', async () => {
    const seller = await newSeller('tomd')
    const device = installation()
    const store = storeA()
    expect((await report(seller.cookie, device, { storeId: store, pending: 3 })).json).not.toHaveProperty('lostWork')
    const [item] = await list(`&userId=${seller.id}`)
    const contact = (await detail(item!.id)).lastContactAt!
    // The same store reporting again is no loss, whatever waits.
    expect((await report(seller.cookie, device, { storeId: store, pending: 3 })).json).not.toHaveProperty('lostWork')
    const contactBefore = (await detail(item!.id)).lastContactAt!
    expect(contactBefore).toBeGreaterThanOrEqual(contact)
    // A new store where three changes waited: they never arrived.
    const told = await report(seller.cookie, device, { storeId: storeA(), pending: 0, lastSyncAt: Date.now() })
    expect(told.status).toBe(200)
    expect(told.json).toMatchObject({ wipe: false, lostWork: { pending: 3, lastContactAt: contactBefore } })
    // Once: the next report of the new store says nothing more.
    expect((await report(seller.cookie, device, { pending: 0 })).json).not.toHaveProperty('lostWork')
    const kept = await detail(item!.id)
    expect(kept).toMatchObject({ pendingAtStoreLoss: 3, storeLostAt: expect.any(Number), pending: 0 })
    expect(kept.activity.map((a) => a.action)).toEqual(['store_lost', 'registered'])
  })

  it('with the installation’s id gone too (Safari): a new installation of the same person on the same browser is told, once', async () => {
    const seller = await newSeller('safari')
    const before = installation()
    await report(seller.cookie, before, { storeId: storeA(), pending: 2, hints: undefined }, IPHONE)
    const [old] = await list(`&userId=${seller.id}`)
    // Signed in again on the emptied phone: a new session, a new installation, a new store.
    const again = (await t.login(seller.email, 'ett-langt-losenord')).cookie
    const told = await report(again, installation(), { storeId: storeA(), hints: undefined }, IPHONE)
    expect(told.json).toMatchObject({ lostWork: { pending: 2 } })
    expect((await report(again, installation(), { storeId: storeA(), hints: undefined }, IPHONE)).json).not.toHaveProperty('lostWork')
    expect(await detail(old!.id)).toMatchObject({ pendingAtStoreLoss: 2, storeLostAt: expect.any(Number) })
  })

  it('is not claimed for another person on a shared phone, a store renewed with nothing waiting, or another browser of the person', async () => {
    const first = await newSeller('delad1')
    const second = await newSeller('delad2')
    const shared = installation()
    await report(first.cookie, shared, { storeId: storeA(), pending: 4 })
    // Another person signs in on the same phone: their own store, no loss of the first person's.
    expect((await report(second.cookie, shared, { storeId: storeA(), pending: 0 })).json).not.toHaveProperty('lostWork')
    // A store made anew where nothing waited.
    const calm = installation()
    await report(second.cookie, calm, { storeId: storeA(), pending: 0 })
    expect((await report(second.cookie, calm, { storeId: storeA(), pending: 0 })).json).not.toHaveProperty('lostWork')
    // The first person's computer, signed in on its own: not the phone.
    const computer = (await t.login(first.email, 'ett-langt-losenord')).cookie
    expect((await report(computer, installation(), { storeId: storeA(), hints: undefined }, WINDOWS)).json).not.toHaveProperty('lostWork')
  })

  it('refuses a store id that is not one, with a field error', async () => {
    const seller = await newSeller('fel')
    const r = await report(seller.cookie, installation(), { storeId: 'inte-ett-id' })
    expect(r.status).toBe(400)
    expect(Object.keys((r.json as { fieldErrors: object }).fieldErrors)).toEqual(['storeId'])
  })
})

describe('a lost device', () => {
  it('ends its session, and its app is told to wipe at its next contact, signed in or not; what waited is kept with the mark', async () => {
    const seller = await newSeller('lost')
    const device = installation()
    await report(seller.cookie, device, { pending: 3 })
    const item = (await list(`&userId=${seller.id}`))[0]!
    expect((await t.request('POST', '/api/devices/check', { body: device })).json).toEqual({ wipe: false })

    const marked = await t.request('PUT', `/api/devices/${item.id}/lost`, { cookie: backoffice, body: { version: 1, lost: true } })
    expect(marked.json).toMatchObject({ state: 'lost', pendingAtLoss: 3, wipedAt: null, lostByName: expect.any(String) })
    // The session on it has ended.
    expect((await t.request('GET', '/api/auth/me', { cookie: seller.cookie })).status).toBe(401)
    // Someone else's key asks in vain; the device's own is told to wipe, once recorded.
    expect((await t.request('POST', '/api/devices/check', { body: { ...device, key: randomBytes(32).toString('base64url') } })).json).toEqual({ wipe: false })
    expect((await t.request('POST', '/api/devices/check', { body: device })).json).toEqual({ wipe: true })
    const after = await detail(item.id)
    expect(after.wipedAt).toBeGreaterThan(0)
    expect(after.activity.map((a) => a.action)).toEqual(['wiped', 'marked_lost', 'registered'])

    // Signed in again on it (the finder knows the password): that report wipes too, and its session ends.
    const again = await t.login(seller.email, 'ett-langt-losenord')
    expect((await report(again.cookie, device)).json).toEqual({ wipe: true })
    expect((await t.request('GET', '/api/auth/me', { cookie: again.cookie })).status).toBe(401)

    // Found again: the mark is taken back.
    const found = await t.request('PUT', `/api/devices/${item.id}/lost`, { cookie: backoffice, body: { version: 2, lost: false } })
    expect(found.json).toMatchObject({ state: 'active', pendingAtLoss: null })
  })
})

describe('alerts', () => {
  it('show in the list by the limits, and reach the seller’s coach once', async () => {
    const settings = (await t.request('GET', '/api/devices/settings', { cookie: backoffice })).json as { version: number }
    const saved = await t.request('PUT', '/api/devices/settings', {
      cookie: backoffice,
      body: { version: settings.version, staleHours: 12, lowSpaceMb: 100, minAppVersion: '0.1.5' },
    })
    expect(saved.json).toMatchObject({ staleHours: 12, lowSpaceMb: 100, minAppVersion: '0.1.5', version: settings.version + 1 })
    const conflict = await t.request('PUT', '/api/devices/settings', {
      cookie: backoffice,
      body: { version: settings.version, staleHours: 1, lowSpaceMb: 1, minAppVersion: null },
    })
    expect(conflict.status).toBe(409)

    const seller = await newSeller('alert')
    await report(seller.cookie, installation(), {
      pending: 2,
      lastSyncAt: Date.now() - 13 * 3600_000,
      storage: { usage: 0, quota: 50 * 1024 * 1024, persisted: false },
    })
    const [item] = await list(`&userId=${seller.id}`)
    expect(item!.alerts).toEqual(['stale', 'lowSpace', 'oldVersion'])
    expect((await list(`&userId=${seller.id}&alert=stale`)).map((d) => d.id)).toEqual([item!.id])
    expect((await list(`&userId=${seller.id}&alert=any`)).map((d) => d.id)).toEqual([item!.id])
    const fine = await newSeller('fine')
    await report(fine.cookie, installation(), { appVersion: '0.2.0' })
    expect(await list(`&userId=${fine.id}&alert=any`)).toEqual([])

    const told = async () =>
      (
        await db
          .select()
          .from(s.notifications)
          .where(and(eq(s.notifications.userId, coachId)))
      ).filter((n) => n.title.includes('Sam alert'))
    await t.jobs.enqueue(db, ALERTS_JOB, {})
    await t.jobs.settled()
    await t.events.settled()
    expect((await told()).map((n) => n.message)).toEqual([
      expect.stringMatching(
        /^Samsung SM-A546B har inte synkat på länge och har 2 ändringar som väntar\. .* nästan inget lagringsutrymme .* för gammal version/,
      ),
    ])
    await t.jobs.enqueue(db, ALERTS_JOB, {})
    await t.jobs.settled()
    await t.events.settled()
    expect(await told()).toHaveLength(1)
  })
})
