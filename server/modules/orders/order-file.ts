import ExcelJS from 'exceljs'
import { XLSX_TYPE } from '../../../shared/schemas/files'
import { decodeText, readCsvTable } from '../../lib/csv-table'

/** At most this many rows are read from one order file. */
export const ORDER_FILE_MAX_ROWS = 100_000

export type OrderFileContent = { headers: string[]; rows: Array<Record<string, string>> }

export class OrderFileError extends Error {
  constructor(readonly key: 'validation.orders.unreadable' | 'validation.orders.noHeaders' | 'validation.orders.tooManyRows') {
    super(key)
  }
}

/**
 * A provider's order file as rows of text by header: CSV (UTF-8, or Windows-1252 as Excel saves it in Sweden; the
 * separator found from the header line: semicolon, comma or tab) read with csv-parse, XLSX (its first sheet) with
 * ExcelJS. Dates in a workbook become YYYY-MM-DD, numbers their plain text. Headers must be unique and present.
 */
export async function readOrderFile(contentType: string, bytes: Buffer): Promise<OrderFileContent> {
  const table = contentType === XLSX_TYPE ? await readXlsx(bytes) : readCsv(bytes)
  const [first, ...rest] = table
  const headers = (first ?? []).map((h) => h.trim())
  if (headers.length === 0 || headers.some((h) => h === '') || new Set(headers).size !== headers.length) throw new OrderFileError('validation.orders.noHeaders')
  const rows = rest.filter((cells) => cells.some((c) => c.trim() !== ''))
  if (rows.length > ORDER_FILE_MAX_ROWS) throw new OrderFileError('validation.orders.tooManyRows')
  return { headers, rows: rows.map((cells) => Object.fromEntries(headers.map((h, i) => [h, (cells[i] ?? '').trim()]))) }
}

function readCsv(bytes: Buffer): string[][] {
  const table = readCsvTable(decodeText(bytes))
  if (!table) throw new OrderFileError('validation.orders.unreadable')
  return table
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook()
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  } catch {
    throw new OrderFileError('validation.orders.unreadable')
  }
  const sheet = workbook.worksheets[0]
  if (!sheet) throw new OrderFileError('validation.orders.noHeaders')
  const table: string[][] = []
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = []
    for (let c = 1; c <= sheet.columnCount; c++) cells.push(cellText(row.getCell(c).value))
    table.push(cells)
  })
  return table
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('')
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue)
    if ('text' in value) return String(value.text)
    return ''
  }
  return String(value)
}
