import * as XLSX from 'xlsx'

/**
 * A workbook as another spreadsheet library reads it: SheetJS (the `xlsx` package), independent of ExcelJS, which
 * writes the app's workbooks — so a test of an export is not a library agreeing with itself. Each row of the first
 * sheet as typed cells: `n` a number, `s` text, `d` a date (read as a day), `b` a boolean.
 */
export type SheetCell = { t: 'n' | 's' | 'd' | 'b' | 'e' | 'z'; v: unknown; f?: string }

export function readWorkbook(bytes: Uint8Array): { name: string; rows: SheetCell[][] } {
  const book = XLSX.read(bytes, { type: 'buffer', cellDates: true, cellFormula: true })
  const name = book.SheetNames[0]!
  const sheet = book.Sheets[name]!
  const range = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1:A1')
  const rows: SheetCell[][] = []
  for (let r = range.s.r; r <= range.e.r; r++) {
    const row: SheetCell[] = []
    for (let c = range.s.c; c <= range.e.c; c++) {
      const cell = sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined
      row.push(cell ? { t: cell.t, v: cell.v, ...(cell.f ? { f: cell.f } : {}) } : { t: 'z', v: null })
    }
    rows.push(row)
  }
  return { name, rows }
}
