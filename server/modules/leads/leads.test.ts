import { count, eq, like } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import iconv from 'iconv-lite'
import { parse } from 'csv-parse/sync'
import { beforeAll, describe, expect, it } from 'vitest'
import { XLSX_TYPE } from '../../../shared/schemas/files'
import type { LeadFormat, LeadList, LeadPreviewAnswer } from '../../../shared/schemas/leads'
import { createTestApp } from '../../test/harness'
import { nixLastDay } from '../../../shared/rules/leads'
import { formatDate } from '../../../shared/format'
import { businessDay, businessDayStart } from '../../../shared/rules/work'
import { shiftDay } from '../../../shared/rules/double-sales'
import { expectAnsweredThroughout, healthWhile } from '../../test/hostile'
import { readWorkbook } from '../../test/references/spreadsheet'
import { workbookBomb } from '../../test/workbooks'

/**
 * The lead-list tool through the API (docs/decisions/075), on SQLite and PostgreSQL: files as they come (Windows-1252
 * with semicolons, UTF-8 with a BOM, XLSX, a broken row, zip bombs), the mapping kept per source, NIX, customers,
 * duplicates within a list and against the campaign's earlier lists, the output format, formula-safe cells, and who
 * may use the tool.
 */
const t = await createTestApp()
const { db, t: s } = t.database

let backoffice = ''
let customer = { phone: '', key: '' }
beforeAll(async () => {
  backoffice = (await t.login('backoffice@demo.test')).cookie
  const [c] = await db.select({ phone: s.customers.phone, key: s.customers.key }).from(s.customers).where(like(s.customers.phone, '070%')).limit(1)
  customer = { phone: c!.phone!, key: c!.key }
})

const campaignName = () => `Höst ${Math.random().toString(36).slice(2, 8)}`

async function upload(body: Uint8Array | string, q: Record<string, string>, type = 'text/csv', cookie = backoffice) {
  const query = new URLSearchParams({ country: 'SE', ...q }).toString()
  return t.request('POST', `/api/lead-lists?${query}`, {
    cookie,
    body: typeof body === 'string' ? new TextEncoder().encode(body) : body,
    headers: { 'content-type': type, 'x-file-name': encodeURIComponent('lista höst.csv') },
  })
}

async function format(input: Partial<LeadFormat> & { columns: LeadFormat['columns'] }): Promise<LeadFormat> {
  const r = await t.request('POST', '/api/lead-formats', {
    cookie: backoffice,
    body: { name: `Format ${Math.random().toString(36).slice(2, 8)}`, fileType: 'csv', delimiter: ';', encoding: 'utf-8-bom', ...input },
  })
  expect(r.status, r.text).toBe(201)
  return r.json as unknown as LeadFormat
}

const ALL = { invalid: 'drop', nix: 'drop', duplicate: 'drop', earlier: 'drop', customer: 'mark' } as const

/** Runs a list to the end and answers it, with its output file's bytes. */
async function run(list: LeadList, body: Record<string, unknown>): Promise<{ list: LeadList; bytes: Uint8Array }> {
  const r = await t.request('POST', `/api/lead-lists/${list.id}/run`, { cookie: backoffice, body: { mapping: list.mapping, choices: ALL, ...body } })
  expect(r.status, r.text).toBe(202)
  await t.jobs.settled()
  const done = (await t.request('GET', `/api/lead-lists/${list.id}`, { cookie: backoffice })).json as unknown as LeadList
  expect(done.status, done.error ?? '').toBe('done')
  const file = await t.request('GET', `/api/downloads/${done.downloadId}/file`, { cookie: backoffice })
  expect(file.status).toBe(200)
  return { list: done, bytes: file.bytes }
}

const csvRows = (text: string, delimiter = ';') => parse(text.replace(/^\uFEFF/, ''), { delimiter, relax_column_count: true }) as string[][]

describe('a lead list from upload to Downloads', () => {
  it('reads a semicolon CSV in Windows-1252, guesses the mapping, marks and drops as chosen, writes the chosen layout', async () => {
    const campaign = campaignName()
    const lines = [
      'Namn;Personnummer;Telefon;Mobil;Adress;Postnummer;Ort',
      'Åsa Öberg;19811218-9876;08-518 293 74;073-918 27 46;Storgatan 1;111 22;Göteborg',
      'Bo Ek;;0701234;;Lillgatan 2;222 33;Malmö', // no valid number
      'Cecilia;;076-281 93 05;;;;', // NIX-registered
      'Dan Dubblett;;+46 73 918 27 46;;;;', // Åsa's mobile again: duplicate
      `=HYPERLINK("http://evil");;${customer.phone};;;;`, // an existing customer, with a formula for a name
      'Eva;121212-1213;040-28 47 19;;;;', // an identity number that is not valid
    ]
    const bytes = iconv.encode(lines.join('\r\n'), 'win1252')
    const up = await upload(bytes, { campaign })
    expect(up.status, up.text).toBe(201)
    const list = up.json as unknown as LeadList
    expect(list).toMatchObject({
      rowCount: 6,
      status: 'uploaded',
      campaign,
      headers: ['Namn', 'Personnummer', 'Telefon', 'Mobil', 'Adress', 'Postnummer', 'Ort'],
    })
    expect(list.mapping).toMatchObject({
      name: 'Namn',
      identityNumber: 'Personnummer',
      phone1: 'Telefon',
      phone2: 'Mobil',
      address: 'Adress',
      postalCode: 'Postnummer',
      city: 'Ort',
    })

    // The NIX answer: a status column, only the rows marked "Ja" count.
    const nix = await t.request('POST', `/api/lead-lists/${list.id}/nix`, {
      cookie: backoffice,
      body: new TextEncoder().encode('Telefonnummer;Spärrad\n0762819305;Ja\n0851829374;Nej\n'),
      headers: { 'content-type': 'text/csv', 'x-file-name': 'nix.csv' },
    })
    expect(nix.status, nix.text).toBe(200)
    // Checked today: the list may be used for two months (decision 095).
    const today = businessDay(Date.now())
    expect((nix.json as unknown as LeadList).nix).toEqual({ fileName: 'nix.csv', numbers: 1, checkedOn: today, lastDay: nixLastDay(today), usable: true })

    // The preview names each row's problems and what applies, in the reader's language.
    const preview = (await t.request('POST', `/api/lead-lists/${list.id}/preview`, { cookie: backoffice, body: { mapping: list.mapping } }))
      .json as unknown as LeadPreviewAnswer
    expect(preview.rows.map((r) => [r.row, r.applies.sort()])).toEqual([
      [2, []],
      [3, ['invalid']],
      [4, ['nix']],
      [5, ['duplicate']],
      [6, ['customer']],
      [7, []],
    ])
    expect(preview.rows[0]!.phones).toEqual([
      { field: 'phone1', text: '08-518 293 74', e164: '+46851829374', kind: 'fixed', nix: false, blocked: false },
      { field: 'phone2', text: '073-918 27 46', e164: '+46739182746', kind: 'mobile', nix: false, blocked: false },
    ])
    expect(preview.rows[1]!.problems).toEqual(['Telefon 1: "0701234" kan inte vara ett giltigt nummer', 'Inget giltigt telefonnummer'])
    expect(preview.rows[5]!.problems).toEqual(['Person-/organisationsnumret "121212-1213" är inte giltigt'])

    const f = await format({
      columns: [
        { field: 'name', header: 'Kund' },
        { field: 'mobile', header: 'Mobil' },
        { field: 'fixed', header: 'Fast' },
        { field: 'phone1', header: 'Ring' },
        { field: 'phone1Type', header: 'Typ' },
        { field: 'identityNumber', header: 'Pnr' },
        { field: 'customer', header: 'Kund sedan tidigare' },
        { field: 'campaign', header: 'Kampanj' },
        { field: 'problems', header: 'Fel' },
        { field: 'nixCheckedOn', header: 'NIX-kontroll' },
      ],
    })
    const { list: done, bytes: out } = await run(list, { formatId: f.id, sourceName: 'Bisnode' })
    expect(done.summary).toMatchObject({
      rowsIn: 6,
      rowsOut: 3,
      dropped: { invalid: 1, nix: 1, duplicate: 1, earlier: 0, customer: 0 },
      marked: { customer: 1 },
      numbers: { mobile: 4, fixed: 2, other: 0, invalid: 1 },
      identityInvalid: 1,
    })
    const text = new TextDecoder().decode(out)
    expect([...out.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(csvRows(text)).toEqual([
      ['Kund', 'Mobil', 'Fast', 'Ring', 'Typ', 'Pnr', 'Kund sedan tidigare', 'Kampanj', 'Fel', 'NIX-kontroll'],
      ['Åsa Öberg', '+46739182746', '+46851829374', '+46851829374', 'Fast', '19811218-9876', '', campaign, '', today],
      // A formula is written as text; the customer is marked.
      [`'=HYPERLINK("http://evil")`, expect.stringMatching(/^\+4670\d{7}$/), '', expect.stringMatching(/^\+4670/), 'Mobil', '', 'Ja', campaign, '', today],
      ['Eva', '', '+4640284719', '+4640284719', 'Fast', '121212-1213', '', campaign, 'Person-/organisationsnumret "121212-1213" är inte giltigt', today],
    ])
    // The download is not handed out past the check's last day.
    const [download] = await db.select({ expiresAt: s.downloads.expiresAt }).from(s.downloads).where(eq(s.downloads.id, done.downloadId!))
    expect(download!.expiresAt).toBeLessThanOrEqual(businessDayStart(shiftDay(nixLastDay(today), 1)))

    // The source was made and keeps the mapping: the next list from it is mapped the same without guessing.
    const sources = (await t.request('GET', '/api/lead-sources', { cookie: backoffice })).json.items as Array<{ id: string; name: string; lists: number }>
    const bisnode = sources.find((x) => x.name === 'Bisnode')!
    expect(bisnode.lists).toBe(1)

    // A second list of the same campaign: Åsa's numbers were in the first one.
    const second = (await upload('Kundnamn,Tel\nÅsa igen,0851829374\nNy,0709998877\n', { campaign: campaign.toUpperCase(), sourceId: bisnode.id }))
      .json as unknown as LeadList
    expect(second.mappingRemembered).toBe(false) // its headers differ from the saved mapping's
    const again = await run({ ...second, mapping: { name: 'Kundnamn', phone1: 'Tel' } }, { formatId: f.id })
    expect(again.list.summary).toMatchObject({ rowsIn: 2, rowsOut: 1, dropped: { earlier: 1 } })
  })

  it('reads UTF-8 with a BOM and XLSX, writes XLSX and Windows-1252, and reports a row it could not read', async () => {
    const campaign = campaignName()
    const bom = await upload('\uFEFFnamn,telefon\n"Jörgen, AB",+358 40 1234567\n"Trasig rad,0701111111\n', { campaign, country: 'FI' })
    expect(bom.status, bom.text).toBe(201)
    const list = bom.json as unknown as LeadList
    expect(list.headers).toEqual(['namn', 'telefon'])

    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Leads')
    sheet.addRow(['Name', 'Phone', 'Phone'.concat(' 2')])
    sheet.addRow(['Jörgen', 701234567, '09 1234 5678']) // Excel dropped the leading zero
    sheet.addRow(['=1+1', '+46 8 123 456 78', ''])
    const xlsx = await upload(new Uint8Array(await workbook.xlsx.writeBuffer()), { campaign }, XLSX_TYPE)
    expect(xlsx.status, xlsx.text).toBe(201)
    const fromXlsx = xlsx.json as unknown as LeadList
    expect(fromXlsx).toMatchObject({ rowCount: 2, mapping: { name: 'Name', phone1: 'Phone' } })

    const asXlsx = await format({
      fileType: 'xlsx',
      columns: [
        { field: 'name', header: 'Namn' },
        { field: 'phone1', header: 'Telefon' },
      ],
    })
    const { bytes } = await run({ ...fromXlsx, mapping: { name: 'Name', phone1: 'Phone', phone2: 'Phone 2' } }, { formatId: asXlsx.id })
    const read = new ExcelJS.Workbook()
    await read.xlsx.load(bytes as unknown as ArrayBuffer)
    const rows = read.worksheets[0]!.getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1))
    // In a workbook a formula-looking name is a text cell, never a formula.
    expect(rows).toEqual([
      ['Namn', 'Telefon'],
      ['Jörgen', '+46701234567'],
      ['=1+1', '+46812345678'],
    ])
    expect(read.worksheets[0]!.getCell('A3').type).toBe(ExcelJS.ValueType.String)
    // Another spreadsheet library (SheetJS) reads it alike: the formula-looking name a text cell with no formula.
    const other = readWorkbook(bytes)
    expect(other.rows.map((r) => r.map((c) => c.v))).toEqual(rows)
    expect(other.rows[2]![0]).toEqual({ t: 's', v: '=1+1' })

    const latin = await format({
      delimiter: '\t',
      encoding: 'windows-1252',
      columns: [
        { field: 'name', header: 'Namn' },
        { field: 'phone1', header: 'Nummer' },
        { field: 'phone1Type', header: 'Typ' },
      ],
    })
    const finnish = await run(list, { formatId: latin.id })
    expect(finnish.list.summary).toMatchObject({ rowsIn: 1, rowsOut: 1, skipped: 1, skippedLines: [3] })
    expect(iconv.decode(Buffer.from(finnish.bytes), 'win1252')).toBe('Namn\tNummer\tTyp\r\nJörgen, AB\t+358401234567\tMobil\r\n')
  })

  it('refuses what it cannot read with a translated reason, and a bad mapping, changing nothing', async () => {
    const campaign = campaignName()
    const before = (await t.request('GET', '/api/lead-lists', { cookie: backoffice })).json.items as unknown[]
    const cases: Array<[Uint8Array | string, string, string]> = [
      ['namn;telefon\n', 'text/csv', 'Filen har inga rader under rubrikerna'],
      ['namn;namn\nA;B\n', 'text/csv', 'Första raden måste ha en unik rubrik i varje kolumn'],
      // A zip whose directory admits it unpacks to 2 GiB, and one that lies (1 KiB said, 20 MiB inside).
      [workbookBomb(64 * 1024, 2 ** 31), XLSX_TYPE, 'Arbetsboken packas upp till mer än en lista kan vara: spara den som CSV'],
      [workbookBomb(20 * 1024 * 1024, 1024), XLSX_TYPE, 'Arbetsboken packas upp till mer än en lista kan vara: spara den som CSV'],
    ]
    for (const [body, type, message] of cases) {
      const r = await upload(body, { campaign }, type)
      expect(r.status, r.text).toBe(400)
      expect(r.json.fieldErrors).toEqual({ file: [message] })
    }
    expect((await t.request('GET', '/api/lead-lists', { cookie: backoffice })).json.items).toHaveLength(before.length)

    const list = (await upload('namn;telefon\nA;0701234567\n', { campaign })).json as unknown as LeadList
    const noPhone = await t.request('POST', `/api/lead-lists/${list.id}/preview`, { cookie: backoffice, body: { mapping: { name: 'namn' } } })
    expect(noPhone.status).toBe(400)
    expect(noPhone.json.fieldErrors).toEqual({ mapping: ['Välj minst en kolumn med telefonnummer'] })
    const missing = await t.request('POST', `/api/lead-lists/${list.id}/run`, {
      cookie: backoffice,
      body: { mapping: { phone1: 'Telefonnummer' }, choices: ALL, formatId: crypto.randomUUID() },
    })
    expect(missing.json.fieldErrors).toEqual({ phone1: ['Filen har ingen sådan kolumn'] })
    const noFormat = await t.request('POST', `/api/lead-lists/${list.id}/run`, {
      cookie: backoffice,
      body: { mapping: list.mapping, choices: ALL, formatId: crypto.randomUUID() },
    })
    expect(noFormat.json.fieldErrors).toEqual({ formatId: ['Välj ett utdataformat'] })
    expect(((await t.request('GET', `/api/lead-lists/${list.id}`, { cookie: backoffice })).json as unknown as LeadList).status).toBe('uploaded')
  })

  it('a long list runs beside the requests: the server answers throughout, and its numbers join the campaign (issue 68 Q11)', async () => {
    const rows = 12_000
    const lines = ['Namn;Mobil;Telefon']
    for (let i = 0; i < rows; i++) lines.push(`Person ${i};07${[0, 2, 3, 6][i % 4]}-${String(1_000_000 + i).slice(-7)};08-${String(5_000_000 + i)}`)
    const up = await upload(lines.join('\n'), { campaign: campaignName() })
    expect(up.status, up.text).toBe(201)
    const list = up.json as unknown as LeadList
    const layout = await format({
      columns: [
        { field: 'name', header: 'Namn' },
        { field: 'phone1', header: 'Nummer' },
      ],
    })
    const { result, health } = await healthWhile(t.request, () => run(list, { formatId: layout.id, saveMapping: false }))
    expect(result.list.summary).toMatchObject({ rowsIn: rows, rowsOut: rows })
    // No answer waited long, not even while the run wrote its 24,000 numbers: it gives the event loop back between
    // short pieces.
    expectAnsweredThroughout(health)
    const [kept] = await db.select({ n: count() }).from(s.leadCampaignKeys).where(eq(s.leadCampaignKeys.listId, list.id))
    expect(kept!.n).toBe(rows * 2)
    // A busy host (the API stages run beside each other) slows the whole run; its budget says when something is wrong.
  }, 60_000)

  it('joins first and last name from two columns into one name, with an ordinary list’s headings recognised', async () => {
    const text = [
      'Förnamn;Efternamn;Personnr;Mobilnummer;Hemtelefon;Gata;Postnummer;Postort',
      'Anna;Svensson;;070-111 22 33;08-555 12 34;Storgatan 1;211 45;Malmö',
    ].join('\n')
    const up = await upload(text, { campaign: campaignName() })
    expect(up.status, up.text).toBe(201)
    const list = up.json as unknown as LeadList
    expect(list.mapping).toMatchObject({ name: 'Förnamn', surname: 'Efternamn', phone1: 'Mobilnummer', phone2: 'Hemtelefon', address: 'Gata', city: 'Postort' })
    const layout = await format({
      columns: [
        { field: 'name', header: 'Namn' },
        { field: 'phone1', header: 'Mobil' },
        { field: 'city', header: 'Ort' },
      ],
    })
    const { bytes } = await run(list, { formatId: layout.id, saveMapping: false })
    const rows = csvRows(new TextDecoder().decode(bytes))
    expect(rows).toEqual([
      ['Namn', 'Mobil', 'Ort'],
      ['Anna Svensson', expect.stringMatching(/^(\+46|0)70/), 'Malmö'],
    ])
  })

  it('keeps output formats with a version: a stale edit is a conflict, a taken name a field error', async () => {
    const f = await format({ columns: [{ field: 'phone1', header: 'Nummer' }] })
    const edit = (version: number, name = f.name) =>
      t.request('PUT', `/api/lead-formats/${f.id}`, {
        cookie: backoffice,
        body: { name, fileType: 'csv', columns: [{ field: 'mobile', header: 'Mobil' }], version },
      })
    expect((await edit(1)).status).toBe(200)
    expect((await edit(1)).status).toBe(409)
    const other = await format({ columns: [{ field: 'phone1', header: 'X' }] })
    const taken = await edit(2, other.name)
    expect(taken.json.fieldErrors).toEqual({ name: ['Namnet används redan'] })
    expect((await t.request('DELETE', `/api/lead-formats/${other.id}`, { cookie: backoffice })).status).toBe(200)
  })

  it('is back office’s tool: a seller and a coach are refused', async () => {
    for (const email of ['seller@demo.test', 'coach@demo.test']) {
      const cookie = (await t.login(email)).cookie
      expect((await t.request('GET', '/api/lead-lists', { cookie })).status).toBe(403)
      expect((await upload('namn;telefon\nA;0701234567\n', { campaign: 'X' }, 'text/csv', cookie)).status).toBe(403)
    }
  })
})

describe('the NIX check’s two months (decision 095)', () => {
  const nixFile = (checkedOn?: string, id?: string) =>
    t.request('POST', `/api/lead-lists/${id}/nix${checkedOn ? `?checkedOn=${checkedOn}` : ''}`, {
      cookie: backoffice,
      body: new TextEncoder().encode('Telefonnummer\n0762819305\n'),
      headers: { 'content-type': 'text/csv', 'x-file-name': 'nix.csv' },
    })

  it('a check in the future or older than two months is refused; a list past its window is not run, and says until when it was valid', async () => {
    const list = (await upload('Namn;Telefon\nAda;0701112233\nBo;0762819305\n', { campaign: campaignName() })).json as unknown as LeadList
    const today = businessDay(Date.now())
    const future = await nixFile(shiftDay(today, 1), list.id)
    expect(future.status).toBe(400)
    expect(future.json.fieldErrors).toEqual({ checkedOn: ['Kontrolldagen kan inte ligga i framtiden'] })
    const old = await nixFile(shiftDay(today, -70), list.id)
    expect(old.status).toBe(400)
    expect(Object.keys(old.json.fieldErrors as object)).toEqual(['checkedOn'])
    const [row] = await db.select({ nix: s.leadLists.nixFileId }).from(s.leadLists).where(eq(s.leadLists.id, list.id))
    expect(row!.nix).toBeNull()

    const checked = shiftDay(today, -20)
    const ok = await nixFile(checked, list.id)
    expect(ok.status, ok.text).toBe(200)
    expect((ok.json as unknown as LeadList).nix).toMatchObject({ checkedOn: checked, lastDay: nixLastDay(checked), usable: true })

    // Two months later: the check has run out.
    const stale = shiftDay(today, -65)
    await db.update(s.leadLists).set({ nixCheckedOn: stale }).where(eq(s.leadLists.id, list.id))
    const got = (await t.request('GET', `/api/lead-lists/${list.id}`, { cookie: backoffice })).json as unknown as LeadList
    expect(got.nix).toMatchObject({ usable: false, lastDay: nixLastDay(stale) })
    const f = await format({ columns: [{ field: 'phone1', header: 'Tel' }] })
    const refused = await t.request('POST', `/api/lead-lists/${list.id}/run`, {
      cookie: backoffice,
      body: { mapping: got.mapping, choices: ALL, formatId: f.id },
    })
    expect(refused.status).toBe(409)
    expect(refused.json).toMatchObject({ error: 'nix_expired' })
    expect(refused.json.message).toContain(formatDate(nixLastDay(stale), 'sv'))
    const [after] = await db.select({ status: s.leadLists.status, downloadId: s.leadLists.downloadId }).from(s.leadLists).where(eq(s.leadLists.id, list.id))
    expect(after).toMatchObject({ status: 'uploaded', downloadId: null })
  })
})
