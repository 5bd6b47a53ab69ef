import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { XLSX_TYPE } from '../../shared/schemas/files'
import { workbookBomb } from '../test/workbooks'
import { TableFileError } from './table-file'
import { streamTable } from './table-stream'

/** The row-by-row reader of long uploads (docs/decisions/075): encodings, broken rows, zip bombs, a 200,000-row file. */
async function all(contentType: string, bytes: Buffer, opts: Parameters<typeof streamTable>[3] = {}) {
  const skipped: number[] = []
  const rows: string[][] = []
  for await (const r of streamTable(contentType, bytes, { onSkipped: (l) => skipped.push(l) }, opts)) rows.push(r.cells)
  return { rows, skipped: [...new Set(skipped)] }
}
async function refusal(read: Promise<unknown>) {
  const error = await read.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(TableFileError)
  return (error as TableFileError).reason
}

// A 200,000-row file and ExcelJS's first load are seconds of work alone, more on a busy machine: time enough for both.
describe('streamTable', { timeout: 120_000 }, () => {
  it('reads Windows-1252 with semicolons, UTF-8 with a BOM and commas, tabs; skips a row it cannot read and says which', async () => {
    const latin = Buffer.from([...Buffer.from('Namn;Ort\r\n'), 0xc5, 0x73, 0x61, 0x3b, 0x47, 0xe4, 0x76, 0x6c, 0x65, 0x0d, 0x0a])
    expect((await all('text/csv', latin)).rows).toEqual([
      ['Namn', 'Ort'],
      ['Åsa', 'Gävle'],
    ])
    expect((await all('text/csv', Buffer.from('\uFEFFnamn,ort\n"Ek, Bo",Umeå\n\n'))).rows).toEqual([
      ['namn', 'ort'],
      ['Ek, Bo', 'Umeå'],
    ])
    expect((await all('text/csv', Buffer.from('a\tb\n1\t2\n'))).rows).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ])
    // A quote never closed ends the file's readable rows there: the rows before it are read, its line reported.
    const broken = await all('text/csv', Buffer.from('a;b\n1;2\n"3;4\n'))
    expect(broken).toEqual({
      rows: [
        ['a', 'b'],
        ['1', '2'],
      ],
      skipped: [3],
    })
  })

  it('reads 200,000 rows without holding them', async () => {
    const lines = ['Namn;Telefon']
    for (let i = 0; i < 200_000; i++) lines.push(`Person ${i};070-${String(1_000_000 + i)}`)
    let n = 0
    let last = ''
    for await (const r of streamTable('text/csv', Buffer.from(lines.join('\n')))) {
      n += 1
      last = r.cells[0]!
    }
    expect([n, last]).toEqual([200_001, 'Person 199999'])
    await expect(all('text/csv', Buffer.from(lines.slice(0, 11).join('\n')), { limits: { maxRows: 9 } })).rejects.toThrow(TableFileError)
  })

  it('reads a workbook’s first sheet; refuses a zip bomb that admits its size and one that lies', async () => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('A')
    sheet.addRow(['Namn', 'Telefon'])
    sheet.addRow(['Åsa', 701234567])
    workbook.addWorksheet('B').addRow(['not', 'read'])
    expect((await all(XLSX_TYPE, Buffer.from(await workbook.xlsx.writeBuffer()))).rows).toEqual([
      ['Namn', 'Telefon'],
      ['Åsa', '701234567'],
    ])
    expect(await refusal(all(XLSX_TYPE, Buffer.from(workbookBomb(64 * 1024, 2 ** 31))))).toBe('tooLarge')
    expect(await refusal(all(XLSX_TYPE, Buffer.from(workbookBomb(8 * 1024 * 1024, 1024))))).toBe('tooLarge')
    expect(await refusal(all(XLSX_TYPE, Buffer.from(workbookBomb(4 * 1024 * 1024)), { limits: { maxUnpackedBytes: 1024 * 1024 } }))).toBe('tooLarge')
    expect(await refusal(all(XLSX_TYPE, Buffer.from('PK\u0003\u0004 not a zip')))).toBe('unreadable')
  })
})
