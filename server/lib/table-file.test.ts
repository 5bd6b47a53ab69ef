import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { XLSX_TYPE } from '../../shared/schemas/files'
import { wideWorkbook, workbookBomb } from '../test/workbooks'
import { readTableFile, TableFileError, zipDirectory, type TableFileReason } from './table-file'

/**
 * The one reader of uploaded tables (decision 055): what it reads, and how it refuses what would hold the server —
 * a cell in column XFD, a zip bomb, too many rows, a read that takes too long or too much memory.
 */
const text = (s: string) => Buffer.from(s)
async function refusal(read: Promise<unknown>): Promise<TableFileReason> {
  const error = await read.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(TableFileError)
  return (error as TableFileError).reason
}

describe('readTableFile', () => {
  it('reads CSV (any usual separator, UTF-8 or Windows-1252) and XLSX to rows of text, trailing empty cells dropped', async () => {
    expect(await readTableFile('text/csv', text('Kund;Belopp;;\r\nÅsa;12,50;;\r\n;;;\r\nBo;3'))).toEqual([
      ['Kund', 'Belopp'],
      ['Åsa', '12,50'],
      ['Bo', '3'],
    ])
    expect(await readTableFile('text/csv', Buffer.from([0x4b, 0x3b, 0x56, 0x0a, 0xc5, 0x3b, 0x31]))).toEqual([
      ['K', 'V'],
      ['Å', '1'],
    ])
    expect(await readTableFile('text/csv', text('a,b\n1,2'))).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ])
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Ordrar')
    sheet.addRow(['Order', 'Datum', 'Antal'])
    sheet.addRow(['X-1', new Date('2026-03-04T00:00:00Z'), 3])
    sheet.getCell('B4').value = { richText: [{ text: 'del ' }, { text: 'två' }] }
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer())
    expect(await readTableFile(XLSX_TYPE, bytes)).toEqual([
      ['Order', 'Datum', 'Antal'],
      ['X-1', '2026-03-04', '3'],
      ['', 'del två'],
    ])
  })

  it('refuses a cell beyond the column limit without walking the columns before it', async () => {
    expect(await refusal(readTableFile(XLSX_TYPE, Buffer.from(await wideWorkbook())))).toBe('tooManyColumns')
    expect(await refusal(readTableFile('text/csv', text(`a;b\n1;2;${';'.repeat(300)}x`)))).toBe('tooManyColumns')
  })

  it('refuses a zip bomb from its directory, before anything is unpacked', async () => {
    const bomb = Buffer.from(workbookBomb(170 * 1024 * 1024))
    expect(bomb.length).toBeLessThan(400 * 1024)
    expect(await zipDirectory(bomb, 1_000)).toMatchObject({ entries: 3 })
    expect((await zipDirectory(bomb, 1_000))!.unpackedBytes).toBeGreaterThan(170 * 1024 * 1024)
    expect(await refusal(readTableFile(XLSX_TYPE, bomb))).toBe('tooLarge')
    // A smaller one passes the directory but not a smaller limit; a zip that is no zip is unreadable.
    const small = Buffer.from(workbookBomb(2 * 1024 * 1024))
    expect(await refusal(readTableFile(XLSX_TYPE, small, { maxUnpackedBytes: 1024 * 1024 }))).toBe('tooLarge')
    expect(await refusal(readTableFile(XLSX_TYPE, text('PK\u0003\u0004 not a zip')))).toBe('unreadable')
  })

  it('stops at the row limit, and ends a read that takes too long or too much memory', async () => {
    expect(await refusal(readTableFile('text/csv', text('h\n1\n2\n3\n4'), { maxRows: 3 }))).toBe('tooManyRows')
    expect(await readTableFile('text/csv', text('h\n1\n2\n3'), { maxRows: 3 })).toHaveLength(4)
    const rows = await wideWorkbook(10)
    // No time at all: the worker is ended before it answers. A heap too small for the reader: the worker runs out.
    expect(await refusal(readTableFile(XLSX_TYPE, Buffer.from(rows), { maxMillis: 0 }))).toBe('tooSlow')
    expect(await refusal(readTableFile(XLSX_TYPE, Buffer.from(rows), { maxHeapMb: 2 }))).toBe('tooLarge')
  })
})
