import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { and, eq } from 'drizzle-orm'
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { validateXML } from 'xmllint-wasm'
import { PAY_CODES, TIME_CODES } from '../../../shared/rules/pay'
import { businessDay, businessMonth } from '../../../shared/rules/work'
import type { AttestAnswer, AttestationRow, SickPeriodRow, TimeReportDetail, TimeReportListItem } from '../../../shared/schemas/time-reports'
import type { PayExportItem, PayrollMonthState } from '../../../shared/schemas/pay'
import type { ListAnswer } from '../../../shared/schemas/pagination'
import { type PullResult } from '../../../shared/schemas/sync'
import { saleArgs } from '../../test/fixtures'
import { readWorkbook } from '../../test/references/spreadsheet'
import { createTestApp, productsIn } from '../../test/harness'
import { paxmlProblems } from './paxml'

/**
 * Time, absence and pay through the API (issue 15): a seller's week from the phone, the coach's attestation and the
 * lock on the device, back office's correction and reopening, the payroll export as PAXml (valid against the
 * official schema) and CSV, a re-export's changes, a failed export that writes nothing, the absence export read back.
 */
/** Exports to fail, counted down (a job is tried twice before it is given up). */
let faults = 0
/** A change to make to the next payroll file after it is written (a writer's fault), once. */
let corrupt: ((text: string) => string) | null = null
const app = await createTestApp(
  {},
  {
    payHooks: {
      beforeCommit: () => {
        if (faults > 0) {
          faults--
          throw new Error('injected fault')
        }
      },
      afterWrite: async (_kind, file) => {
        if (!corrupt) return
        await fs.promises.writeFile(file, corrupt(await fs.promises.readFile(file, 'utf8')))
        corrupt = null
      },
    },
  },
)
const { database } = app
const { t, db } = database

// A seller of the demo seller's team whose month starts from nothing (the demo's sellers have their days reported).
const seller = await app.newSeller({ firstName: 'Selma', lastName: 'Säljare', employeeId: 'D-SELMA' })
const coach = await app.login('coach@demo.test')
const backoffice = await app.login('backoffice@demo.test')
const manager = await app.login('manager@demo.test')
const sellerId = seller.answer.userData.id
const month = businessMonth(Date.now())
const day = (n: number) => `${month}-${String(n).padStart(2, '0')}`

const { push, clientId } = app.device(seller.cookie)
const pull = async () =>
  (await app.request('POST', '/api/sync/pull', { cookie: seller.cookie, body: { clientId, cookie: null } })).json as unknown as PullResult

const workDay = (date: string) => ({
  id: randomUUID(),
  date,
  present: true,
  workHours: 8,
  absenceHours: 0,
  absenceType: null,
  allowanceType: 0,
  travelLocation: null,
  comment: null,
})
const sickDay = (date: string) => ({ ...workDay(date), present: false, workHours: 0, absenceHours: 8, absenceType: 'sick' })

async function waitExport(id: string): Promise<PayExportItem> {
  for (;;) {
    const r = await app.request('GET', `/api/pay-exports/${id}`, { cookie: backoffice.cookie })
    expect(r.status).toBe(200)
    const x = r.json as unknown as PayExportItem
    if (x.state === 'done' || x.state === 'failed') return x
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
const fileText = async (id: string) => {
  const r = await app.request('GET', `/api/files/${id}`, { cookie: backoffice.cookie })
  expect(r.status).toBe(200)
  return {
    text: r.text,
    bytes: Buffer.from(await (await app.app.request(`http://localhost/api/files/${id}`, { headers: { cookie: backoffice.cookie } })).arrayBuffer()),
  }
}
const xsd = fs.readFileSync(path.resolve(import.meta.dirname, 'paxml-2.0.xsd'), 'utf8')

// The seller's week: Monday to Friday of the month's first week, a sick day among them.
const week = [workDay(day(1)), workDay(day(2)), sickDay(day(3)), { ...workDay(day(4)), allowanceType: 2, travelLocation: 'Umeå' }, workDay(day(5))]
const sickNoticeId = randomUUID()

describe('back office reads the time reports', () => {
  it('a sick notice from the phone is on the sick list at once, with its days and the certificate from day 8; a day at work ends it', async () => {
    const [y, m] = month.split('-').map(Number) as [number, number]
    const previous = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7)
    const first = `${previous}-01`
    expect(await push('createSickNotice', { id: sickNoticeId, date: first, message: 'Feber', sentAt: Date.now() })).toMatchObject({ applied: 1 })
    const list = (await app.request('GET', '/api/sick-notices?state=sick', { cookie: backoffice.cookie })).json as { items: SickPeriodRow[] }
    const today = businessDay(Date.now())
    const days = Math.round((Date.parse(today) - Date.parse(first)) / 86_400_000) + 1
    expect(list.items.find((r) => r.userId === sellerId)).toMatchObject({
      name: 'Selma Säljare',
      start: first,
      end: null,
      days,
      message: 'Feber',
      certificateFrom: `${previous}-08`,
    })
    expect((await app.request('GET', '/api/sick-notices', { cookie: seller.cookie })).status).toBe(403)
    // Back at work on the 3rd: two sick days, returned.
    expect(await push('saveTimeReport', workDay(`${previous}-03`))).toMatchObject({ applied: 1 })
    expect(
      ((await app.request('GET', '/api/sick-notices?state=sick', { cookie: backoffice.cookie })).json as { items: SickPeriodRow[] }).items.filter(
        (r) => r.userId === sellerId,
      ),
    ).toEqual([])
    const back = (await app.request('GET', '/api/sick-notices?state=returned&days=90', { cookie: backoffice.cookie })).json as { items: SickPeriodRow[] }
    expect(back.items.find((r) => r.userId === sellerId)).toMatchObject({
      start: first,
      end: `${previous}-02`,
      returnedOn: `${previous}-03`,
      days: 2,
      certificateFrom: null,
    })
  })

  it('lists the month with filters; a seller may not read the list; a coach sees their teams', async () => {
    // The week arrives from the phone (after the sick notice above: a day at work after it ends that sickness).
    for (const r of week) expect(await push('saveTimeReport', r)).toMatchObject({ applied: 1 })
    const all = (await app.request('GET', `/api/time-reports?month=${month}&userId=${sellerId}&itemsPerPage=10`, { cookie: backoffice.cookie }))
      .json as unknown as ListAnswer<TimeReportListItem>
    expect(all.total).toBe(5)
    expect(all.items.map((r) => r.date)).toEqual([day(5), day(4), day(3), day(2), day(1)])
    const sick = (await app.request('GET', `/api/time-reports?month=${month}&absenceType=sick&userId=${sellerId}`, { cookie: backoffice.cookie }))
      .json as unknown as ListAnswer<TimeReportListItem>
    expect(sick.items.map((r) => [r.sellerName, r.date])).toEqual([['Selma Säljare', day(3)]])
    const perDiem = (await app.request('GET', `/api/time-reports?month=${month}&allowanceType=2&userId=${sellerId}`, { cookie: backoffice.cookie }))
      .json as unknown as ListAnswer<TimeReportListItem>
    expect(perDiem.items.map((r) => r.travelLocation)).toEqual(['Umeå'])
    expect((await app.request('GET', `/api/time-reports?month=${month}&userId=${sellerId}`, { cookie: coach.cookie })).json).toMatchObject({ total: 5 })
    // Teams the coach does not coach (Väst, Norr, Söder) are not in their list.
    const theirs = (await app.request('GET', `/api/time-reports?month=${month}&itemsPerPage=100`, { cookie: coach.cookie }))
      .json as unknown as ListAnswer<TimeReportListItem>
    expect(new Set(theirs.items.map((r) => r.teamName))).toEqual(new Set(['Team Öresund', 'Team Lund']))
    // The manager's office (Malmö) holds the seller's team too; a seller reads no list.
    expect((await app.request('GET', `/api/time-reports?month=${month}`, { cookie: seller.cookie })).status).toBe(403)
    expect((await app.request('GET', `/api/time-reports?month=2026-13`, { cookie: backoffice.cookie })).json).toMatchObject({
      fieldErrors: { month: ['Ange en månad (ÅÅÅÅ-MM)'] },
    })
  })
})

describe('attestation locks the month', () => {
  it('the coach attests their seller; the phone is told and a later save is refused; back office reopens with a reason', async () => {
    expect((await app.request('POST', '/api/time-attestations', { cookie: seller.cookie, body: { month, userIds: [sellerId] } })).status).toBe(403)
    const attested = (await app.request('POST', '/api/time-attestations', { cookie: coach.cookie, body: { month, userIds: [sellerId] } }))
      .json as unknown as AttestAnswer
    expect(attested).toEqual({ attested: [sellerId], refused: [] })
    const again = (await app.request('POST', '/api/time-attestations', { cookie: coach.cookie, body: { month, userIds: [sellerId] } }))
      .json as unknown as AttestAnswer
    expect(again.refused).toMatchObject([{ userId: sellerId, refusal: 'alreadyAttested' }])
    // Back office's list of the month by attestation: the seller's days are among the attested, none among the not attested.
    const listed = async (attested: 'true' | 'false') =>
      (
        (await app.request('GET', `/api/time-reports?month=${month}&attested=${attested}&userId=${sellerId}&itemsPerPage=100`, { cookie: backoffice.cookie }))
          .json as unknown as ListAnswer<TimeReportListItem>
      ).items.filter((r) => r.userId === sellerId)
    expect((await listed('true')).map((r) => r.attested)).toEqual([true, true, true, true, true])
    expect(await listed('false')).toEqual([])
    const rows = (await app.request('GET', `/api/time-attestations?month=${month}`, { cookie: coach.cookie })).json as { items: AttestationRow[] }
    expect(rows.items.find((r) => r.userId === sellerId)).toMatchObject({
      days: 5,
      workHours: 32,
      absenceHours: 8,
      attestedBy: 'Cecilia Coach',
      mayAttest: true,
    })

    // The device pulls the lock; a change made offline before it knew is refused and says why.
    const pulled = await pull()
    expect(pulled.patch.filter((p) => p.table === 'attestations')).toMatchObject([{ op: 'put', value: { month, userId: sellerId } }])
    expect(await push('saveTimeReport', { ...workDay(day(2)), workHours: 6, absenceHours: 2, absenceType: 'other' })).toMatchObject({ rejected: 1 })
    expect((await pull()).rejections.at(-1)).toMatchObject({
      code: 'month_attested',
      message: `Månaden ${month} är attesterad och låst; tidrapporten ändrades inte`,
    })

    // Back office cannot correct an attested month either; the coach cannot reopen; back office reopens.
    const [report] = await db
      .select()
      .from(t.timeReports)
      .where(and(eq(t.timeReports.userId, sellerId), eq(t.timeReports.date, day(2))))
    const correction = {
      version: report!.version,
      present: true,
      workHours: 6,
      absenceHours: 2,
      absenceType: 'other',
      allowanceType: 0,
      travelLocation: null,
      comment: 'Läkarbesök',
      reason: 'Enligt intyg',
    }
    expect((await app.request('PATCH', `/api/time-reports/${report!.id}`, { cookie: backoffice.cookie, body: correction })).json).toMatchObject({
      error: 'month_attested',
    })
    expect((await app.request('POST', '/api/time-attestations/reopen', { cookie: coach.cookie, body: { month, userId: sellerId, reason: 'x' } })).status).toBe(
      403,
    )
    expect(
      (await app.request('POST', '/api/time-attestations/reopen', { cookie: backoffice.cookie, body: { month, userId: sellerId, reason: '' } })).status,
    ).toBe(400)
    expect(
      (
        await app.request('POST', '/api/time-attestations/reopen', {
          cookie: backoffice.cookie,
          body: { month, userId: sellerId, reason: 'Fel timmar den 2:a' },
        })
      ).status,
    ).toBe(200)

    // Reopened, the month's days are not attested again.
    expect((await listed('false')).map((r) => r.attested)).toEqual([false, false, false, false, false])
    expect(await listed('true')).toEqual([])

    // Now the correction goes through, by the seller's rules, logged with the reason, and reaches the phone.
    const broken = { ...correction, absenceType: null }
    expect((await app.request('PATCH', `/api/time-reports/${report!.id}`, { cookie: backoffice.cookie, body: broken })).json).toMatchObject({
      fieldErrors: { absenceType: [expect.any(String)] },
    })
    expect((await app.request('PATCH', `/api/time-reports/${report!.id}`, { cookie: backoffice.cookie, body: correction })).status).toBe(200)
    expect((await app.request('PATCH', `/api/time-reports/${report!.id}`, { cookie: backoffice.cookie, body: correction })).json).toMatchObject({
      error: 'version_conflict',
    })
    const detail = (await app.request('GET', `/api/time-reports/${report!.id}`, { cookie: backoffice.cookie })).json as unknown as TimeReportDetail
    expect(detail).toMatchObject({ workHours: 6, absenceType: 'other', locked: false })
    expect(detail.activity[0]).toMatchObject({ action: 'backoffice_corrected', reason: 'Enligt intyg', before: { workHours: 8 }, after: { workHours: 6 } })
    const onPhone = (await pull()).patch.find((p) => p.table === 'timeReports' && p.op === 'put' && p.key === report!.id)
    expect(onPhone).toMatchObject({ value: { workHours: 6, comment: 'Läkarbesök' } })
  })
})

describe('the payroll export', () => {
  it('is refused while the month is not attested, naming who; then writes PAXml valid against the official schema', async () => {
    const state = (await app.request('GET', `/api/payroll?month=${month}`, { cookie: backoffice.cookie })).json as unknown as PayrollMonthState
    expect(state.problems).toContainEqual({ kind: 'notAttested', userId: sellerId, name: 'Selma Säljare' })
    const refused = await app.request('POST', '/api/payroll-exports', { cookie: backoffice.cookie, body: { month, format: 'paxml' } })
    expect(refused.status).toBe(422)
    expect(refused.json).toMatchObject({
      error: 'export_refused',
      details: { problems: expect.arrayContaining([{ kind: 'notAttested', userId: sellerId, name: 'Selma Säljare' }]) },
    })
    expect((await app.request('POST', '/api/payroll-exports', { cookie: coach.cookie, body: { month, format: 'paxml' } })).status).toBe(403)

    // Back office attests everyone who reported this month (the demo's colleagues too).
    const everyone = ((await app.request('GET', `/api/time-attestations?month=${month}`, { cookie: backoffice.cookie })).json as { items: AttestationRow[] })
      .items
    const open = everyone.filter((r) => r.attestedAt === null).map((r) => r.userId)
    expect((await app.request('POST', '/api/time-attestations', { cookie: backoffice.cookie, body: { month, userIds: open } })).json).toMatchObject({
      attested: expect.arrayContaining([sellerId]),
      refused: [],
    })
    const extra = await app.request('POST', '/api/extra-incomes', {
      cookie: backoffice.cookie,
      body: { userId: sellerId, month, amountOre: 1500_00, description: 'Tävlingsvinst' },
    })
    expect(extra.status).toBe(201)
    // The seller sees it on the phone (the salary calculator).
    expect((await pull()).patch.find((p) => p.table === 'extraIncomes')).toMatchObject({
      op: 'put',
      value: { amountOre: 1500_00, description: 'Tävlingsvinst' },
    })

    const asked = await app.request('POST', '/api/payroll-exports', { cookie: backoffice.cookie, body: { month, format: 'paxml' } })
    expect(asked.status, JSON.stringify(asked.json)).toBe(202)
    const done = await waitExport((asked.json as unknown as PayExportItem).id)
    expect(done).toMatchObject({ state: 'done', kind: 'payroll' })
    const { text } = await fileText(done.fileId!)
    const validation = await validateXML({ xml: [{ fileName: 'lon.xml', contents: text }], schema: [{ fileName: 'paxml-2.0.xsd', contents: xsd }] })
    expect(validation.errors).toEqual([])
    expect(validation.valid).toBe(true)
    // The schema reference the specification asks for, and the export's time with its offset.
    expect(text).toContain('<paxml xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.paxml.se/2.0/paxml.xsd">')
    expect(text).toMatch(/<header><format>LÖNIN<\/format><version>2.0<\/version><datum>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0[12]:00<\/datum>/)
    // The seller's week is in it, matched on the employee number: 4 days' work (32 h - 2 h corrected), the sick day.
    const mine = [...text.matchAll(/<tidtrans anstid="D-SELMA"[^>]*>([\s\S]*?)<\/tidtrans>/g)].map((m) => m[1]!)
    const code = (s: string) => /<tidkod>(.*?)<\/tidkod>/.exec(s)![1]
    const hours = (s: string) => Number(/<timmar>(.*?)<\/timmar>/.exec(s)![1])
    expect(mine.filter((s) => code(s) === 'TID').reduce((n, s) => n + hours(s), 0)).toBe(30)
    expect(mine.filter((s) => code(s) === 'SJK').map((s) => [/<datum>(.*?)<\/datum>/.exec(s)![1], hours(s)])).toEqual([[day(3), 8]])
    expect(mine.filter((s) => code(s) === 'FR2').map(hours)).toEqual([2])
    expect(text).toMatch(/<kod id="FR2" namn="Övrig frånvaro"\/>/)
    expect(text).toMatch(/<lonetrans anstid="D-SELMA"[^>]*>\s*<lonkod>INRHEL_FRI<\/lonkod>[\s\S]*?<antal>1<\/antal>/)
    expect(text).toMatch(/<lonetrans anstid="D-SELMA"[^>]*>\s*<lonkod>BONUS<\/lonkod>\s*<benamning>Tävlingsvinst<\/benamning>[\s\S]*?<belopp>1500.00<\/belopp>/)
    expect(done.summary).toMatchObject({ extraIncomeOre: expect.any(Number) })
    expect((await app.request('GET', `/api/payroll?month=${month}`, { cookie: backoffice.cookie })).json).toMatchObject({
      lastExport: { id: done.id, by: 'Bertil Backoffice' },
    })
  })

  it('a fault while exporting writes nothing and says so; the retry succeeds and shows what changed since the last export', async () => {
    await app.request('POST', '/api/extra-incomes', {
      cookie: backoffice.cookie,
      body: { userId: sellerId, month, amountOre: 200_00, description: 'Kvällspass' },
    })
    faults = 2
    const failing = await app.request('POST', '/api/payroll-exports', { cookie: backoffice.cookie, body: { month, format: 'csv' } })
    const failed = await waitExport((failing.json as unknown as PayExportItem).id)
    expect(failed).toMatchObject({ state: 'failed', fileId: null })
    expect(await db.select().from(t.payrollExportLines).where(eq(t.payrollExportLines.exportId, failed.id))).toEqual([])
    const retry = await app.request('POST', '/api/payroll-exports', { cookie: backoffice.cookie, body: { month, format: 'csv' } })
    const done = await waitExport((retry.json as unknown as PayExportItem).id)
    expect(done.state).toBe('done')
    expect(done.summary!.changes).toContainEqual({
      userId: sellerId,
      name: 'Selma Säljare',
      item: 'extra_income',
      before: { quantity: 0, amountOre: 1500_00 },
      after: { quantity: 0, amountOre: 1700_00 },
    })
    // The CSV read back: UTF-8 with a byte-order mark, semicolons, the same lines.
    const { bytes } = await fileText(done.fileId!)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = parse(bytes.subarray(3).toString('utf8'), { delimiter: ';', columns: true }) as Array<Record<string, string>>
    const sellerRows = rows.filter((r) => r['Anställningsnummer'] === 'D-SELMA')
    expect(sellerRows.filter((r) => r['Kod'] === 'SJK')).toEqual([expect.objectContaining({ Datum: day(3), Timmar: '8' })])
    expect(sellerRows.filter((r) => r['Kod'] === 'BONUS').map((r) => r['Belopp'])).toEqual(['1500,00', '200,00'])
  })

  it('an unmapped pay item blocks the export and is named', async () => {
    const codes = (await app.request('GET', '/api/paycodes', { cookie: backoffice.cookie })).json as {
      items: Array<{ item: string; version: number }>
      system: string | null
    }
    // No payroll system named in the settings: the screens use each language's own word for it, not a Swedish one.
    expect(codes.system).toBeNull()
    const other = codes.items.find((c) => c.item === 'absence.other')!
    expect(
      (await app.request('PUT', '/api/paycodes/absence.other', { cookie: backoffice.cookie, body: { version: other.version, code: 'PROVISION', name: null } }))
        .json,
    ).toMatchObject({
      fieldErrors: { code: ['PROVISION är ingen tidkod i PAXml 2.0: välj en kod ur listan (egna koder är FR1–FR9)'] },
    })
    expect(
      (await app.request('PUT', '/api/paycodes/absence.other', { cookie: manager.cookie, body: { version: other.version, code: null, name: null } })).status,
    ).toBe(403)
    const cleared = await app.request('PUT', '/api/paycodes/absence.other', {
      cookie: backoffice.cookie,
      body: { version: other.version, code: null, name: null },
    })
    expect(cleared.status).toBe(200)
    const refused = await app.request('POST', '/api/payroll-exports', { cookie: backoffice.cookie, body: { month, format: 'paxml' } })
    expect(refused.json).toMatchObject({ details: { problems: [{ kind: 'unmapped', item: 'absence.other' }] } })
    await app.request('PUT', '/api/paycodes/absence.other', {
      cookie: backoffice.cookie,
      body: { version: other.version + 1, code: 'FR2', name: 'Övrig frånvaro' },
    })
  })
})

describe('only PAXml 2.0 goes to payroll', () => {
  it('the code lists are the official schema’s, to the code', () => {
    const enumeration = (type: string) =>
      [...new RegExp(`<xs:simpleType name="${type}">([\\s\\S]*?)</xs:simpleType>`).exec(xsd)![1]!.matchAll(/value="([^"]*)"/g)].map((m) => m[1])
    expect(TIME_CODES).toEqual(enumeration('tidkodTYPE'))
    expect(PAY_CODES).toEqual(enumeration('lonekodTYPE'))
    expect(PAY_CODES).not.toContain('NETTO')
  })

  it('a code outside the lists is refused with the reason; one stored from before blocks the export, named', async () => {
    const codes = (await app.request('GET', '/api/paycodes', { cookie: backoffice.cookie })).json as {
      items: Array<{ item: string; version: number; code: string }>
    }
    const extra = codes.items.find((c) => c.item === 'extra_income')!
    for (const code of ['NETTO', 'BRUTTO', 'SJK'])
      expect(
        (await app.request('PUT', '/api/paycodes/extra_income', { cookie: backoffice.cookie, body: { version: extra.version, code, name: null } })).json,
      ).toMatchObject({
        fieldErrors: { code: [`${code} är ingen lönekod i PAXml 2.0 (BRUTTO och NETTO är typer av lönebesked, inte lönekoder): välj en kod ur listan`] },
      })
    // A code saved before the lists were enforced (written straight to the table): the month names it and is refused.
    await db.update(t.paycodes).set({ code: 'NETTO' }).where(eq(t.paycodes.item, 'extra_income'))
    try {
      const state = (await app.request('GET', `/api/payroll?month=${month}`, { cookie: backoffice.cookie })).json as unknown as PayrollMonthState
      expect(state.problems).toContainEqual({ kind: 'codeNotPaxml', item: 'extra_income', code: 'NETTO' })
      const refused = await app.request('POST', '/api/payroll-exports', { cookie: backoffice.cookie, body: { month, format: 'paxml' } })
      expect(refused.status).toBe(422)
      expect(refused.json).toMatchObject({ details: { problems: expect.arrayContaining([{ kind: 'codeNotPaxml', item: 'extra_income', code: 'NETTO' }]) } })
    } finally {
      await db.update(t.paycodes).set({ code: extra.code }).where(eq(t.paycodes.item, 'extra_income'))
    }
  })

  it('a file that breaks the schema is never offered: the export fails with the validator’s reasons, and a retry is done', async () => {
    const before = (await db.select({ id: t.files.id }).from(t.files)).length
    corrupt = (text) => text.replace('<lonkod>BONUS</lonkod>', '<lonkod>NETTO</lonkod>')
    const asked = await app.request('POST', '/api/payroll-exports', { cookie: backoffice.cookie, body: { month, format: 'paxml' } })
    expect(asked.status, JSON.stringify(asked.json)).toBe(202)
    const failed = await waitExport((asked.json as unknown as PayExportItem).id)
    expect(failed).toMatchObject({ state: 'failed', error: 'invalid', fileId: null })
    expect(failed.summary!.invalid!.join('\n')).toMatch(/lonkod.*NETTO/)
    expect((await db.select({ id: t.files.id }).from(t.files)).length).toBe(before)
    expect(await paxmlProblems('<paxml><header><version>2.0</version></header></paxml>')).toEqual([])
    const again = await app.request('POST', '/api/payroll-exports', { cookie: backoffice.cookie, body: { month, format: 'paxml' } })
    expect(await waitExport((again.json as unknown as PayExportItem).id)).toMatchObject({ state: 'done' })
  })
})

describe('commission', () => {
  it('an approval pays the seller commission, a regret takes it back, each line with its sale', async () => {
    const pulled = await pull()
    const product = productsIn(pulled)[0]!
    const args = saleArgs({ providerId: product.providerId, products: [{ productId: product.id, quantity: 1 }] }, { customerName: 'Provisionskund' })
    expect(await push('createSale', args)).toMatchObject({ applied: 1 })
    const version = async () => (await db.select({ v: t.sales.version }).from(t.sales).where(eq(t.sales.id, args.id)))[0]!.v
    const move = async (body: Record<string, unknown>) =>
      expect(
        (await app.request('POST', `/api/sale-reports/${args.id}/status`, { cookie: backoffice.cookie, body: { version: await version(), ...body } })).status,
      ).toBe(200)
    await move({ status: 'approved' })
    await move({ status: 'regret', reason: 'Kunden ångrade sig.' })
    await app.events.settled()
    const [sale] = await db.select({ c: t.sales.sellerCommissionOre }).from(t.sales).where(eq(t.sales.id, args.id))
    const lines = (await app.request('GET', `/api/commission-lines?userId=${sellerId}&month=${month}`, { cookie: backoffice.cookie })).json as {
      items: Array<{ saleId: string; kind: string; amountOre: number }>
    }
    expect(lines.items.filter((l) => l.saleId === args.id).map((l) => [l.kind, l.amountOre])).toEqual([
      ['clawback', -sale!.c],
      ['commission', sale!.c],
    ])
  })
})

describe('the absence export', () => {
  it('CSV and XLSX read back equal the month’s absence, per person and type', async () => {
    const from = day(1)
    const to = day(28)
    for (const format of ['csv', 'xlsx'] as const) {
      const asked = await app.request('POST', '/api/absence-exports', { cookie: backoffice.cookie, body: { from, to, format, userId: sellerId } })
      expect(asked.status, JSON.stringify(asked.json)).toBe(202)
      const done = await waitExport((asked.json as unknown as PayExportItem).id)
      expect(done).toMatchObject({ state: 'done', summary: { employees: 1, rows: 2 } })
      const { bytes } = await fileText(done.fileId!)
      let rows: string[][]
      if (format === 'csv') {
        expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
        rows = parse(bytes.subarray(3).toString('utf8'), { delimiter: ';' }) as string[][]
      } else {
        const book = new ExcelJS.Workbook()
        await book.xlsx.load(bytes as never)
        rows = []
        const sheet = book.worksheets[0]!
        // Typed cells: days are dates shown as days, figures numbers, names text.
        expect(sheet.getRow(2).getCell(8).value).toEqual(new Date(`${day(2)}T00:00:00Z`))
        expect(sheet.getRow(2).getCell(8).numFmt).toBe('yyyy-mm-dd')
        expect([sheet.getRow(2).getCell(6).type, sheet.getRow(2).getCell(7).type]).toEqual([ExcelJS.ValueType.Number, ExcelJS.ValueType.Number])
        sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v)))))
        // Another spreadsheet library (SheetJS) reads the same: text, numbers and a day in the same cells.
        const other = readWorkbook(bytes)
        expect(other.rows.map((r) => r.map((c) => (c.v instanceof Date ? c.v.toISOString().slice(0, 10) : String(c.v))))).toEqual(rows)
        expect(other.rows[1]!.map((c) => c.t)).toEqual(['s', 's', 's', 's', 's', 'n', 'n', 'd', 'd'])
      }
      expect(rows[0]).toEqual(['Anställningsnummer', 'Namn', 'Team', 'Kontor', 'Frånvarotyp', 'Dagar', 'Timmar', 'Första dag', 'Sista dag'])
      expect(rows.slice(1)).toEqual([
        ['D-SELMA', 'Selma Säljare', 'Team Öresund', 'Malmö', 'Annat', '1', '2', day(2), day(2)],
        ['D-SELMA', 'Selma Säljare', 'Team Öresund', 'Malmö', 'Sjuk', '1', '8', day(3), day(3)],
      ])
    }
    expect((await app.request('POST', '/api/absence-exports', { cookie: backoffice.cookie, body: { from: to, to: from, format: 'csv' } })).json).toMatchObject({
      fieldErrors: { to: ['Slutdatum kan inte vara före startdatum'] },
    })
    expect((await app.request('POST', '/api/absence-exports', { cookie: coach.cookie, body: { from, to, format: 'csv' } })).status).toBe(403)
  })

  it('a name a spreadsheet would run as a formula comes out as text in the absence and payroll CSV', async () => {
    // "=1+2" once came out as a live formula in both (issue 39); the XLSX's cells are text.
    const [before] = await db.select({ firstName: t.users.firstName, lastName: t.users.lastName }).from(t.users).where(eq(t.users.id, sellerId))
    await db.update(t.users).set({ firstName: '=1+2', lastName: '@SUM(1;2)' }).where(eq(t.users.id, sellerId))
    try {
      const absence = await app.request('POST', '/api/absence-exports', {
        cookie: backoffice.cookie,
        body: { from: day(1), to: day(28), format: 'csv', userId: sellerId },
      })
      const absenceFile = await fileText((await waitExport((absence.json as unknown as PayExportItem).id)).fileId!)
      const absenceRows = parse(absenceFile.bytes.subarray(3).toString('utf8'), { delimiter: ';' }) as string[][]
      expect(absenceRows.slice(1).map((r) => r[1])).toEqual(["'=1+2 @SUM(1;2)", "'=1+2 @SUM(1;2)"])
      const payroll = await app.request('POST', '/api/payroll-exports', { cookie: backoffice.cookie, body: { month, format: 'csv' } })
      const payrollFile = await fileText((await waitExport((payroll.json as unknown as PayExportItem).id)).fileId!)
      const payrollRows = parse(payrollFile.bytes.subarray(3).toString('utf8'), { delimiter: ';', columns: true }) as Array<Record<string, string>>
      const names = new Set(payrollRows.filter((r) => r['Anställningsnummer'] === 'D-SELMA').map((r) => r['Namn']))
      expect([...names]).toEqual(["'=1+2 @SUM(1;2)"])
    } finally {
      await db.update(t.users).set(before!).where(eq(t.users.id, sellerId))
    }
  })
})
