import { randomUUID } from 'node:crypto'
import ExcelJS from 'exceljs'
import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { maskPersonalNumber, personalNumberOf } from '../../../shared/rules/identity'
import { businessDay } from '../../../shared/rules/work'
import { XLSX_TYPE } from '../../../shared/schemas/files'
import type { OrderImportState, OrderListItem, OrderPreviewAnswer, OrderUploadAnswer } from '../../../shared/schemas/orders'
import type { ListAnswer } from '../../../shared/schemas/pagination'
import { activityOf } from '../../platform/activity-log'
import { saleArgs } from '../../test/fixtures'
import { tableReads } from '../../lib/table-file'
import { createTestApp } from '../../test/harness'
import { wideWorkbook, workbookBomb } from '../../test/workbooks'

/**
 * Order files (docs/decisions/026): uploaded and checked, mapped (remembered per provider), previewed without
 * writing, run as a job that creates or updates order registrations and matches them to sale reports — by order
 * number, then by customer and date — and flags approved sales the file has no order for.
 */
const app = await createTestApp()
const { db, t } = app.database
const seller = await app.login('seller@demo.test')
const backoffice = await app.login('backoffice@demo.test')
const coach = await app.login('coach@demo.test')

const phone = app.device(seller.cookie)
const catalog = await app.products(seller.cookie)
const alarm = catalog.find((p) => p.name === 'Hemlarm Standard')!
const [alarmProvider] = await db.select().from(t.providers).where(eq(t.providers.id, alarm.providerId))
const ssn = (n: number) => personalNumberOf(`1958${String(1 + (n % 12)).padStart(2, '0')}${String(1 + n).padStart(2, '0')}`, String(300 + n))
// The business day (Stockholm), as the sales are dated: between 23:00 and midnight UTC it is already tomorrow.
const today = businessDay(Date.now())

async function sell(customer: number, orderNumber: string | null) {
  const args = saleArgs(
    { providerId: alarm.providerId, products: [{ productId: alarm.id, quantity: 1 }] },
    { customerSsn: ssn(customer), customerName: `Orderkund ${customer}`, externalOrderNumber: orderNumber },
  )
  expect(await phone.push('createSale', args)).toMatchObject({ applied: 1 })
  return args.id
}
const status = async (id: string) => (await db.select({ s: t.sales.status, v: t.sales.version }).from(t.sales).where(eq(t.sales.id, id)))[0]!
async function approve(id: string) {
  const r = await app.request('POST', `/api/sale-reports/${id}/status`, {
    cookie: backoffice.cookie,
    body: { status: 'approved', version: (await status(id)).v },
  })
  expect(r.status).toBe(200)
}
const upload = (body: Uint8Array, type: string, providerId = alarm.providerId, cookie = backoffice.cookie) =>
  app.request('POST', `/api/order-imports?providerId=${providerId}`, { cookie, body, headers: { 'content-type': type, 'x-file-name': 'ordrar.csv' } })
const csv = (lines: string[]) => new TextEncoder().encode(lines.join('\r\n'))
async function waitDone(id: string): Promise<OrderImportState> {
  for (;;) {
    const r = await app.request('GET', `/api/order-imports/${id}`, { cookie: backoffice.cookie })
    const state = r.json as unknown as OrderImportState
    if (state.status === 'done' || state.status === 'failed') return state
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('an order file', () => {
  it('is previewed row by row without writing, then imported: matched by order number, then by customer and date', async () => {
    const byNumber = await sell(1, 'FL-5001')
    const byCustomer = await sell(2, null)
    const approvedWithout = await sell(3, null)
    await approve(byNumber)
    await approve(approvedWithout)
    const file = csv([
      'Ordernr;Personnummer;Kund;Datum;Status;Signerad',
      `FL-5001;${ssn(1)};Orderkund 1;${today};Levererad;Ja`,
      `;${ssn(2)};Orderkund 2;${today};Registrerad;Nej`,
      `FL-5003;${ssn(9)};Okänd kund;${today};Registrerad;`,
      `FL-5004;19811218-9875;Fel nummer;${today};;`,
      `FL-5005;;Fel datum;2026-13-45;;`,
    ])
    const up = await upload(file, 'text/csv')
    expect(up.status, JSON.stringify(up.json)).toBe(201)
    const uploaded = up.json as unknown as OrderUploadAnswer
    expect(uploaded).toMatchObject({ rowCount: 5, headers: ['Ordernr', 'Personnummer', 'Kund', 'Datum', 'Status', 'Signerad'], mappingRemembered: false })
    expect(uploaded.mapping).toEqual({
      externalOrderNumber: 'Ordernr',
      customerNumber: 'Personnummer',
      customerName: 'Kund',
      orderDate: 'Datum',
      externalStatus: 'Status',
      esignStatus: 'Signerad',
    })

    // The demo's own orders are there from the start; the preview adds none.
    const registrationsBefore = (await db.select().from(t.orderRegistrations)).length
    const preview = await app.request('POST', `/api/order-imports/${uploaded.id}/preview`, { cookie: backoffice.cookie, body: { mapping: uploaded.mapping } })
    expect(preview.status).toBe(200)
    const plan = preview.json as unknown as OrderPreviewAnswer
    expect(plan.summary).toMatchObject({ rows: 5, invalid: 2, created: 3, updated: 0, matchedByOrderNumber: 1, matchedByCustomer: 1, unmatched: 1 })
    expect(plan.rows.slice(0, 2)).toMatchObject([
      { row: 5, errors: { customerNumber: 'Inget giltigt person- eller organisationsnummer' } },
      { row: 6, errors: { orderDate: 'Datumet går inte att läsa (ÅÅÅÅ-MM-DD)' } },
    ])
    expect(await db.select().from(t.orderRegistrations)).toHaveLength(registrationsBefore)

    const run = await app.request('POST', `/api/order-imports/${uploaded.id}/run`, { cookie: backoffice.cookie, body: { mapping: uploaded.mapping } })
    expect(run.status).toBe(202)
    const done = await waitDone(uploaded.id)
    expect(done).toMatchObject({ status: 'done', progress: { done: 3, total: 3 } })
    expect(done.summary).toMatchObject({ created: 3, matchedByOrderNumber: 1, matchedByCustomer: 1, unmatched: 1, flagged: 0 })

    // The rows with problems are a file in the importer's downloads (decision 071), in their language.
    const downloads = (await app.request('GET', '/api/downloads?kind=orderImportErrors', { cookie: backoffice.cookie })).json.items as Array<{
      id: string
      name: string
      state: string
    }>
    expect(downloads[0]).toMatchObject({ name: 'fel-ordrar.csv', state: 'ready' })
    const report = await app.request('GET', `/api/downloads/${downloads[0]!.id}/file`, { cookie: backoffice.cookie })
    expect(report.text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Rad;Fält;Fel',
      '5;Person- eller organisationsnummer;Inget giltigt person- eller organisationsnummer',
      '6;Orderdatum;Datumet går inte att läsa (ÅÅÅÅ-MM-DD)',
    ])

    const list = (await app.request('GET', `/api/order-registrations?importId=${uploaded.id}&itemsPerPage=50`, { cookie: backoffice.cookie }))
      .json as unknown as ListAnswer<OrderListItem>
    const byOrder = new Map(list.items.map((i) => [i.externalOrderNumber ?? i.customerName, i]))
    expect(byOrder.get('FL-5001')).toMatchObject({ matchedBy: 'order_number', esignStatus: 'signed', externalStatus: 'Levererad', sale: { id: byNumber } })
    expect(byOrder.get('Orderkund 2')).toMatchObject({ matchedBy: 'customer_date', esignStatus: 'unsigned', sale: { id: byCustomer } })
    expect(byOrder.get('FL-5003')).toMatchObject({ matchedBy: null, sale: null })
    // The sale report links its order registration.
    const saleReport = await app.request('GET', `/api/sale-reports/${byNumber}`, { cookie: backoffice.cookie })
    expect(saleReport.json.orderRegistration).toMatchObject({ id: byOrder.get('FL-5001')!.id, externalOrderNumber: 'FL-5001', externalStatus: 'Levererad' })

    // The provider does not require order numbers: nothing is flagged; the approved sale without an order is listed.
    expect((await status(approvedWithout)).s).toBe('approved')
    const unmatched = await app.request('GET', `/api/order-registrations/unmatched-sales?providerId=${alarm.providerId}&from=${today}&to=${today}`, {
      cookie: backoffice.cookie,
    })
    expect((unmatched.json.items as Array<{ id: string }>).map((s) => s.id)).toContain(approvedWithout)
    expect((unmatched.json.items as Array<{ id: string }>).map((s) => s.id)).not.toContain(byNumber)

    // Each registration has its log; the mapping is remembered for the provider's next file.
    const created = list.items.find((i) => i.externalOrderNumber === 'FL-5001')!
    expect((await activityOf(app.database, 'order_registration', created.id))[0]).toMatchObject({ action: 'created', actorId: backoffice.answer.userData.id })
    const next = (await upload(csv(['Ordernr;Personnummer;Kund;Datum;Status;Signerad', `FL-5001;;;${today};Makulerad;`]), 'text/csv'))
      .json as unknown as OrderUploadAnswer
    expect(next.mappingRemembered).toBe(true)
    // The same order again updates its registration, keeps its sale and logs what changed.
    await app.request('POST', `/api/order-imports/${next.id}/run`, { cookie: backoffice.cookie, body: { mapping: next.mapping } })
    expect((await waitDone(next.id)).summary).toMatchObject({ created: 0, updated: 1, matchedByOrderNumber: 1 })
    const detail = await app.request('GET', `/api/order-registrations/${created.id}`, { cookie: backoffice.cookie })
    expect(detail.json).toMatchObject({ externalStatus: 'Makulerad', sale: { id: byNumber }, customerNumber: maskPersonalNumber(ssn(1)) })
    // The whole number on request, logged on the order (decision 058); a manager without the rule is refused.
    const full = await app.request('POST', `/api/order-registrations/${created.id}/identity`, { cookie: backoffice.cookie })
    expect(full.json).toEqual({ number: ssn(1) })
    expect((await activityOf(app.database, 'order_registration', created.id))[0]).toMatchObject({
      action: 'identity_read',
      actorId: backoffice.answer.userData.id,
    })
    const manager = await app.login('manager@demo.test')
    expect((await app.request('POST', `/api/order-registrations/${created.id}/identity`, { cookie: manager.cookie })).status).toBe(403)
    expect((await activityOf(app.database, 'order_registration', created.id)).find((l) => l.action !== 'identity_read')).toMatchObject({
      action: 'updated',
      before: { externalStatus: 'Levererad' },
      after: { externalStatus: 'Makulerad' },
    })
  })

  it('a file naming the same order twice makes one registration, which the later row updates', async () => {
    const file = csv([
      'Ordernr;Personnummer;Kund;Datum;Status;Signerad',
      `FL-7001;;Dubbelrad;${today};Registrerad;`,
      `FL-7001;;Dubbelrad;${today};Levererad;Ja`,
      `;${ssn(7)};Utan nummer;${today};Registrerad;`,
      `;${ssn(7)};Utan nummer;${today};Makulerad;`,
    ])
    const up = (await upload(file, 'text/csv')).json as unknown as OrderUploadAnswer
    await app.request('POST', `/api/order-imports/${up.id}/run`, { cookie: backoffice.cookie, body: { mapping: up.mapping } })
    expect((await waitDone(up.id)).summary).toMatchObject({ rows: 4, created: 2, updated: 2 })
    const list = (await app.request('GET', `/api/order-registrations?importId=${up.id}&itemsPerPage=50`, { cookie: backoffice.cookie }))
      .json as unknown as ListAnswer<OrderListItem>
    expect(list.items.map((i) => [i.externalOrderNumber ?? i.customerName, i.externalStatus, i.esignStatus]).sort()).toEqual([
      ['FL-7001', 'Levererad', 'signed'],
      ['Utan nummer', 'Makulerad', null],
    ])
    const numbered = list.items.find((i) => i.externalOrderNumber === 'FL-7001')!
    expect((await activityOf(app.database, 'order_registration', numbered.id)).map((a) => a.action)).toEqual(['updated', 'created'])
  })

  it('reads XLSX, and flags approved sales without an order where the provider requires order numbers', async () => {
    await db.update(t.providers).set({ requireExternalOrderNumber: true }).where(eq(t.providers.id, alarm.providerId))
    try {
      const matched = await sell(4, 'XL-1')
      const missing = await sell(5, 'XL-2')
      await approve(matched)
      await approve(missing)
      const workbook = new ExcelJS.Workbook()
      const sheet = workbook.addWorksheet('Ordrar')
      sheet.addRow(['Order number', 'Order date', 'Status'])
      sheet.addRow(['XL-1', new Date(`${today}T00:00:00Z`), 'Delivered'])
      const bytes = new Uint8Array(await workbook.xlsx.writeBuffer())
      const up = await upload(bytes, XLSX_TYPE)
      expect(up.status, JSON.stringify(up.json)).toBe(201)
      const uploaded = up.json as unknown as OrderUploadAnswer
      expect(uploaded.sample).toEqual([{ 'Order number': 'XL-1', 'Order date': today, Status: 'Delivered' }])
      await app.request('POST', `/api/order-imports/${uploaded.id}/run`, { cookie: backoffice.cookie, body: { mapping: uploaded.mapping } })
      const done = await waitDone(uploaded.id)
      expect(done.summary).toMatchObject({ created: 1, matchedByOrderNumber: 1 })
      expect(done.summary!.flagged).toBeGreaterThanOrEqual(1)
      expect((await status(matched)).s).toBe('approved')
      expect((await status(missing)).s).toBe('flagged')
      const history = await db.select().from(t.saleStatusHistory).where(eq(t.saleStatusHistory.saleId, missing)).orderBy(asc(t.saleStatusHistory.at))
      expect(history.at(-1)).toMatchObject({ status: 'flagged', byUserId: null, note: `Ingen orderregistrering i leverantörens orderfil (ordrar.csv)` })
    } finally {
      await db.update(t.providers).set({ requireExternalOrderNumber: alarmProvider!.requireExternalOrderNumber }).where(eq(t.providers.id, alarm.providerId))
    }
  })

  it('the sale-report dashboard counts the period’s reports and absences, this month’s reports and the e-signed quotes', async () => {
    const summary = async (cookie: string) => {
      const r = await app.request('GET', `/api/sale-reports/summary?from=${today}&to=${today}`, { cookie })
      expect(r.status, JSON.stringify(r.json)).toBe(200)
      return r.json as unknown as { reports: number; absence: number; thisMonth: number; esignTotal: number; esignSigned: number }
    }
    const before = await summary(backoffice.cookie)
    const sale = await sell(6, null)
    const r = await app.request('POST', `/api/sale-reports/${sale}/status`, {
      cookie: backoffice.cookie,
      body: { status: 'absence', version: (await status(sale)).v },
    })
    expect(r.status).toBe(200)
    const after = await summary(backoffice.cookie)
    expect(after.reports).toBe(before.reports + 1)
    expect(after.absence).toBe(before.absence + 1)
    expect(after.thisMonth).toBe(before.thisMonth + 1)
    const esign = await db.select({ e: t.orderRegistrations.esignStatus, d: t.orderRegistrations.orderDate }).from(t.orderRegistrations)
    const ofToday = esign.filter((x) => x.d === today && x.e !== null)
    expect(after).toMatchObject({ esignTotal: ofToday.length, esignSigned: ofToday.filter((x) => x.e === 'signed').length })
    expect(after.esignTotal).toBeGreaterThan(0)
    // A coach's figures are their teams' reports only (the rules' conditions in the counts).
    const mine = await summary(coach.cookie)
    expect(mine.reports).toBeGreaterThan(0)
    expect(mine.reports).toBeLessThanOrEqual(after.reports)
    // A seller has no dashboard of the back office's; bad dates are a 400.
    expect((await app.request('GET', '/api/sale-reports/summary', { cookie: seller.cookie })).status).toBe(403)
    expect((await app.request('GET', '/api/sale-reports/summary?from=igår', { cookie: backoffice.cookie })).status).toBe(400)
  })

  it('refuses a workbook built to hold the server, and answers other requests while a large file is read', async () => {
    const before = (await db.select().from(t.orderImports)).length
    expect((await upload(await wideWorkbook(), XLSX_TYPE)).json).toMatchObject({
      fieldErrors: { file: ['Filen har värden längre till höger än kolumn 256: ta bort dem eller dela upp filen'] },
    })
    expect((await upload(workbookBomb(170 * 1024 * 1024), XLSX_TYPE)).json).toMatchObject({
      fieldErrors: { file: ['Arbetsboken packas upp till mer än en import rymmer: spara bara bladet med ordrarna, eller som CSV'] },
    })
    expect((await db.select().from(t.orderImports)).length).toBe(before)
    // A large file is read beside the server, not on it: the health check answers while the file is being read.
    const big = csv(['Ordernr;Datum;Status', ...Array.from({ length: 90_000 }, (_, i) => `BIG-${i};${today};Levererad`)])
    let settled = false
    const uploading = upload(big, 'text/csv').finally(() => (settled = true))
    while (tableReads.active === 0 && !settled) await new Promise((resolve) => setImmediate(resolve))
    expect(tableReads.active).toBe(1)
    expect((await app.request('GET', '/api/health')).status).toBe(200)
    expect(tableReads.active).toBe(1)
    const up = await uploading
    expect(up.status, JSON.stringify(up.json)).toBe(201)
    expect((up.json as unknown as OrderUploadAnswer).rowCount).toBe(90_000)
  })

  it('refuses what cannot be read or mapped, and writes nothing; only back office may import', async () => {
    const before = (await db.select().from(t.orderImports)).length
    expect((await upload(csv(['a;a', '1;2']), 'text/csv')).json).toMatchObject({
      fieldErrors: { file: ['Filens första rad ska ha en unik rubrik i varje kolumn'] },
    })
    expect((await upload(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]), 'image/png')).status).toBe(415)
    expect((await upload(csv(['Ordernr', 'X']), 'text/csv', randomUUID())).json).toMatchObject({ fieldErrors: { providerId: ['Välj en leverantör'] } })
    expect((await upload(csv(['Ordernr', 'X']), 'text/csv', alarm.providerId, coach.cookie)).status).toBe(403)
    expect((await db.select().from(t.orderImports)).length).toBe(before)

    const ok = (await upload(csv(['Kund;Datum', `A;${today}`]), 'text/csv')).json as unknown as OrderUploadAnswer
    const bad = await app.request('POST', `/api/order-imports/${ok.id}/preview`, {
      cookie: backoffice.cookie,
      body: { mapping: { customerName: 'Kund', orderDate: 'Nope' } },
    })
    expect(bad.status).toBe(400)
    expect(bad.json).toMatchObject({
      fieldErrors: { 'mapping.orderDate': ['Filen har ingen sådan kolumn'], mapping: ['Välj ordernummer, eller personnummer och datum, att matcha på'] },
    })
    expect((await app.request('GET', '/api/order-registrations', { cookie: coach.cookie })).status).toBe(403)
    expect((await app.request('GET', `/api/order-imports/${randomUUID()}`, { cookie: backoffice.cookie })).status).toBe(404)
  })
})

describe('matching by hand', () => {
  const fiber = catalog.find((p) => p.providerId !== alarm.providerId && p.name.startsWith('Bredband'))!
  const match = (id: string, body: unknown, cookie = backoffice.cookie) => app.request('POST', `/api/order-registrations/${id}/match`, { cookie, body })
  const orderOf = async (number: string) => {
    const list = (await app.request('GET', `/api/order-registrations?q=${number}`, { cookie: backoffice.cookie })).json as unknown as ListAnswer<OrderListItem>
    return list.items.find((i) => i.externalOrderNumber === number)!
  }

  it('back office matches an unmatched order to its provider’s sale report, logged with the note; the same sale once only', async () => {
    const sale = await sell(20, null)
    const other = await sell(23, null)
    const up = (
      await upload(
        csv(['Ordernr;Personnummer;Kund;Datum', `FL-6001;${ssn(21)};Kund Med Fel Nummer;${today}`, `FL-6002;${ssn(24)};Annan Kund;${today}`]),
        'text/csv',
      )
    ).json as unknown as OrderUploadAnswer
    await app.request('POST', `/api/order-imports/${up.id}/run`, { cookie: backoffice.cookie, body: { mapping: up.mapping } })
    await waitDone(up.id)
    const order = await orderOf('FL-6001')
    expect(order).toMatchObject({ sale: null, matchedBy: null })

    // Who may not, and what is refused, changes nothing.
    expect((await match(order.id, { saleId: sale }, coach.cookie)).status).toBe(403)
    const fiberSale = saleArgs(
      { providerId: fiber.providerId, products: [{ productId: fiber.id, quantity: 1 }] },
      { customerSsn: ssn(22), externalOrderNumber: 'FX-42' },
    )
    await phone.push('createSale', fiberSale)
    expect((await match(order.id, { saleId: fiberSale.id })).json).toMatchObject({
      fieldErrors: { saleId: ['Säljrapporten gäller en annan leverantör än ordern'] },
    })
    expect((await match(order.id, { saleId: randomUUID() })).json).toMatchObject({ fieldErrors: { saleId: ['Säljrapporten finns inte'] } })
    expect((await match(order.id, { saleId: 'nope' })).status).toBe(400)
    const regret = await sell(25, null)
    const moved = await app.request('POST', `/api/sale-reports/${regret}/status`, {
      cookie: backoffice.cookie,
      body: { status: 'regret', version: (await status(regret)).v, reason: 'Kunden ångrade sig' },
    })
    expect(moved.status, moved.text).toBe(200)
    expect((await match(order.id, { saleId: regret })).json).toMatchObject({ fieldErrors: { saleId: ['Säljrapporten är ångrad och kan inte få en order'] } })
    expect(await orderOf('FL-6001')).toMatchObject({ sale: null })

    const done = await match(order.id, { saleId: sale, note: 'Fel personnummer i leverantörens fil' })
    expect(done.status, done.text).toBe(200)
    expect(done.json).toMatchObject({ matchedBy: 'manual', sale: { id: sale, customerName: 'Orderkund 20' } })
    expect((done.json as { activity: unknown[] }).activity[0]).toMatchObject({
      action: 'matched',
      actorName: 'Bertil Backoffice',
      reason: 'Fel personnummer i leverantörens fil',
      after: { saleId: sale, matchedBy: 'manual' },
    })
    // The sale report shows its order; the sale is no longer among those without one.
    expect((await app.request('GET', `/api/sale-reports/${sale}`, { cookie: backoffice.cookie })).json.orderRegistration).toMatchObject({
      externalOrderNumber: 'FL-6001',
    })
    const without = await app.request('GET', `/api/order-registrations/unmatched-sales?providerId=${alarm.providerId}&from=${today}&to=${today}`, {
      cookie: backoffice.cookie,
    })
    expect((without.json.items as Array<{ id: string }>).map((s) => s.id)).not.toContain(sale)

    // Matched already, and a sale that has an order: both refused, in the reader's words.
    const again = await match(order.id, { saleId: other })
    expect(again.status).toBe(409)
    expect(again.json).toMatchObject({ error: 'order_matched', message: 'Ordern är redan matchad mot en säljrapport. Ladda om för att se vilken.' })
    const second = await orderOf('FL-6002')
    expect((await match(second.id, { saleId: sale })).json).toMatchObject({ error: 'sale_has_order' })
  })

  it('undoes a match with a reason kept in the log; the sale can then be matched again', async () => {
    const order = await orderOf('FL-6001')
    const sale = order.sale!.id
    const unmatch = (body: unknown) => app.request('POST', `/api/order-registrations/${order.id}/unmatch`, { cookie: backoffice.cookie, body })
    expect((await unmatch({ reason: '  ' })).status).toBe(400)
    const undone = await unmatch({ reason: 'Fel kund' })
    expect(undone.status, undone.text).toBe(200)
    expect(undone.json).toMatchObject({ sale: null, matchedBy: null })
    expect((undone.json as { activity: unknown[] }).activity[0]).toMatchObject({ action: 'unmatched', reason: 'Fel kund', before: { saleId: sale } })
    expect((await unmatch({ reason: 'Igen' })).json).toMatchObject({ error: 'order_unmatched' })
    const second = await orderOf('FL-6002')
    expect((await match(second.id, { saleId: sale })).status).toBe(200)
  })
})
