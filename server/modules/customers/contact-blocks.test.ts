import { and, eq } from 'drizzle-orm'
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import type { ContactBlock } from '../../../shared/schemas/customers'
import type { LeadFormat, LeadList } from '../../../shared/schemas/leads'
import type { PullResult } from '../../../shared/schemas/sync'
import { blockHash, phoneBlocked } from '../../../shared/rules/contact-blocks'
import { saleArgs } from '../../test/fixtures'
import { createTestApp, productsIn } from '../../test/harness'

/**
 * The do-not-contact register (issue 75, docs/decisions/096), on SQLite and PostgreSQL: recorded once by whoever meets
 * the customer, read and removed by back office; a lead list never carries what it holds; a sale to it keeps a warning
 * in its log.
 */
const app = await createTestApp()
const { db, t } = app.database
const backoffice = await app.login('backoffice@demo.test')
const seller = await app.login('seller@demo.test')
const coach = await app.login('coach@demo.test')

const add = (body: Record<string, unknown>, cookie = backoffice.cookie) => app.request('POST', '/api/contact-blocks', { cookie, body })

describe('recording and reading the register', () => {
  it('a seller records a number at the door; the same number again is the same entry; bad input is named at its field', async () => {
    const first = await add({ phone: '070-555 12 34', name: 'Nils Nej', source: 'door', note: 'Vill inte bli kontaktad igen' }, seller.cookie)
    expect(first.status).toBe(201)
    expect(first.json).toMatchObject({ phone: '+46705551234', name: 'Nils Nej', source: 'door', createdByName: 'Sven Säljare' })
    const again = await add({ phone: '+46 70 555 12 34', source: 'call' })
    expect(again.status).toBe(200)
    expect(again.json.id).toBe(first.json.id)

    const bad = await add({ phone: '12', identityNumber: '121212-1213', source: 'call' })
    expect(bad.status).toBe(400)
    expect(bad.json.fieldErrors).toEqual({
      phone: ['Numret kan inte vara ett giltigt telefonnummer'],
      identityNumber: ['Person-/organisationsnumret är inte giltigt'],
    })
    const none = await add({ source: 'call' })
    expect(Object.keys(none.json.fieldErrors as object)).toEqual(['phone'])

    const person = await add({ identityNumber: '19811218-9876', source: 'quality' })
    expect(person.status).toBe(201)
    // Back office may read identity numbers in full; the seller's answer was masked.
    expect((person.json as unknown as ContactBlock).identityNumber).toBe('19811218-9876')

    const list = (await app.request('GET', '/api/contact-blocks?itemsPerPage=50&orderBy=desc', { cookie: backoffice.cookie })).json
    expect(list.total).toBe(2)
    expect((await app.request('GET', '/api/contact-blocks?q=nils', { cookie: backoffice.cookie })).json.total).toBe(1)
    expect((await app.request('GET', '/api/contact-blocks', { cookie: seller.cookie })).status).toBe(403)
    expect((await app.request('GET', '/api/contact-blocks', { cookie: coach.cookie })).status).toBe(403)
  })
})

describe('where the register is checked', () => {
  it('a lead list drops the blocked person’s row and a blocked number, keeps the rest, and never writes the number out', async () => {
    const r = await app.request('POST', '/api/lead-lists?country=SE&campaign=Spärrtest', {
      cookie: backoffice.cookie,
      body: new TextEncoder().encode(
        'Namn;Personnummer;Telefon;Mobil\nKarin Kund;19811218-9876;0851829374;\nNils Nej;;070-555 12 34;0739182746\nOlle Ok;;0762819305;\nSpärrad Bara;;0705551234;\n',
      ),
      headers: { 'content-type': 'text/csv', 'x-file-name': 'sparr.csv' },
    })
    expect(r.status, r.text).toBe(201)
    const list = r.json as unknown as LeadList
    const format = (
      await app.request('POST', '/api/lead-formats', {
        cookie: backoffice.cookie,
        body: {
          name: 'Spärrformat',
          fileType: 'csv',
          delimiter: ';',
          encoding: 'utf-8',
          columns: [
            { field: 'name', header: 'Namn' },
            { field: 'phone1', header: 'Tel 1' },
            { field: 'phone2', header: 'Tel 2' },
            { field: 'problems', header: 'Fel' },
          ],
        },
      })
    ).json as unknown as LeadFormat
    // The person's choices cannot keep the register's rows: "mark" everything, they are dropped all the same.
    const choices = { invalid: 'mark', nix: 'mark', duplicate: 'mark', earlier: 'mark', customer: 'mark' }
    const run = await app.request('POST', `/api/lead-lists/${list.id}/run`, {
      cookie: backoffice.cookie,
      body: { mapping: list.mapping, choices, formatId: format.id },
    })
    expect(run.status, run.text).toBe(202)
    const markAll = await app.request('POST', `/api/lead-lists/${list.id}/run`, {
      cookie: backoffice.cookie,
      body: { mapping: list.mapping, choices: { ...choices, blocked: 'mark' }, formatId: format.id },
    })
    expect(markAll.status).toBe(400)
    await app.jobs.settled()
    const done = (await app.request('GET', `/api/lead-lists/${list.id}`, { cookie: backoffice.cookie })).json as unknown as LeadList
    expect(done.summary).toMatchObject({ rowsIn: 4, rowsOut: 2, dropped: { blocked: 2 } })
    const file = await app.request('GET', `/api/downloads/${done.downloadId}/file`, { cookie: backoffice.cookie })
    const rows = parse(file.text, { delimiter: ';', relax_column_count: true }) as string[][]
    expect(rows).toEqual([
      ['Namn', 'Tel 1', 'Tel 2', 'Fel'],
      ['Nils Nej', '+46739182746', '', ''],
      ['Olle Ok', '+46762819305', '', ''],
    ])
    expect(file.text).not.toContain('705551234')
  })

  it('a sale to a blocked number keeps a warning in its log; one to another number does not', async () => {
    const phone = app.device(seller.cookie)
    const alarm = productsIn(await phone.pull()).find((p) => p.name === 'Hemlarm Standard')!
    const blocked = saleArgs(
      { providerId: alarm.providerId, products: [{ productId: alarm.id, quantity: 1 }] },
      { phone: '0705551234', customerSsn: '19560314-2422' },
    )
    const fine = saleArgs(
      { providerId: alarm.providerId, products: [{ productId: alarm.id, quantity: 1 }] },
      { phone: '0709998877', customerSsn: '19560314-2422' },
    )
    expect(await phone.push('createSale', blocked)).toMatchObject({ applied: 1 })
    expect(await phone.push('createSale', fine)).toMatchObject({ applied: 1 })
    await app.events.settled()
    const warnings = (id: string) =>
      db
        .select()
        .from(t.activityLog)
        .where(and(eq(t.activityLog.entity, 'sale_report'), eq(t.activityLog.entityId, id), eq(t.activityLog.action, 'contact_blocked')))
    expect(await warnings(blocked.id)).toHaveLength(1)
    expect((await warnings(blocked.id))[0]!.after).toMatchObject({ matched: ['+46705551234'] })
    expect(await warnings(fine.id)).toHaveLength(0)
    // Back office sees it in the report's log.
    const report = (await app.request('GET', `/api/sale-reports/${blocked.id}`, { cookie: backoffice.cookie })).json as { activity: Array<{ action: string }> }
    expect(report.activity.map((a) => a.action)).toContain('contact_blocked')
  })
})

describe('removing an entry', () => {
  it('back office only, with a reason, logged', async () => {
    const list = (await app.request('GET', '/api/contact-blocks?q=nils', { cookie: backoffice.cookie })).json.items as ContactBlock[]
    const id = list[0]!.id
    expect((await app.request('POST', `/api/contact-blocks/${id}/remove`, { cookie: seller.cookie, body: { reason: 'x' } })).status).toBe(403)
    expect((await app.request('POST', `/api/contact-blocks/${id}/remove`, { cookie: backoffice.cookie, body: { reason: '' } })).status).toBe(400)
    const r = await app.request('POST', `/api/contact-blocks/${id}/remove`, {
      cookie: backoffice.cookie,
      body: { reason: 'Kunden ringde och vill bli kontaktad' },
    })
    expect(r.status).toBe(204)
    expect((await app.request('GET', '/api/contact-blocks?q=nils', { cookie: backoffice.cookie })).json.total).toBe(0)
    const [log] = await db
      .select()
      .from(t.activityLog)
      .where(and(eq(t.activityLog.entity, 'contact_block'), eq(t.activityLog.entityId, id), eq(t.activityLog.action, 'removed')))
    expect(log).toMatchObject({ reason: 'Kunden ringde och vill bli kontaktad', before: { phone: '+46705551234' } })
  })
})

describe('the register on the seller’s phone (decision 099)', () => {
  const registerIn = (pulled: PullResult) =>
    (pulled.patch.find((p) => p.op === 'put' && p.table === 'contactBlocks')?.value as { hashes: string[] } | undefined)?.hashes
  it('holds each number’s fingerprint, never the number; an entry made or removed reaches it on the next pull', async () => {
    const phone = app.device(seller.cookie)
    const made = await add({ phone: '070-555 98 76', source: 'call' }, seller.cookie)
    expect(made.status).toBe(201)
    const first = await phone.pull()
    const hashes = registerIn(first)!
    expect(hashes).toContain(await blockHash('+46705559876'))
    expect(JSON.stringify(first.patch)).not.toContain('+46705559876')
    // The phone tells a number it is given from one it is not, as the seller typed it.
    expect(await phoneBlocked('070-555 98 76', new Set(hashes))).toBe(true)
    expect(await phoneBlocked('070-555 98 77', new Set(hashes))).toBe(false)
    // Unchanged, the next pull sends it no more; removed, the next pull sends the register without it.
    const same = (await app.request('POST', '/api/sync/pull', { cookie: seller.cookie, body: { clientId: phone.clientId, cookie: first.cookie } }))
      .json as unknown as PullResult
    expect(registerIn(same)).toBeUndefined()
    const removed = await app.request('POST', `/api/contact-blocks/${made.json.id}/remove`, { cookie: backoffice.cookie, body: { reason: 'Fel nummer' } })
    expect(removed.status).toBe(204)
    const after = (await app.request('POST', '/api/sync/pull', { cookie: seller.cookie, body: { clientId: phone.clientId, cookie: first.cookie } }))
      .json as unknown as PullResult
    expect(registerIn(after)).not.toContain(await blockHash('+46705559876'))
  })
})
