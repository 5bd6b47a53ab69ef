import type ExcelJS from 'exceljs'
import { decodeText } from '../../shared/text-file'
import { readCsvTable } from './csv-table'

/**
 * The worker of `readTableFile` (table-file.ts): parses one uploaded table within the row and column limits and
 * answers with the table or the reason it was refused. It runs off the main thread with a heap and a time limit
 * (off-thread.ts); nothing here touches the database or the network.
 */

export type TableLimits = { maxRows: number; maxColumns: number }
export type TableJob = { kind: 'csv' | 'xlsx'; bytes: Uint8Array; limits: TableLimits }
export type TableReply = { table: string[][] } | { refused: 'unreadable' | 'tooManyColumns' | 'tooManyRows' }

class Refused extends Error {
  constructor(readonly reason: 'unreadable' | 'tooManyColumns' | 'tooManyRows') {
    super(reason)
  }
}

/** The cells up to the last one with text: trailing empty cells are not columns. */
function trimmed(cells: string[]): string[] {
  let end = cells.length
  while (end > 0 && (cells[end - 1] ?? '').trim() === '') end -= 1
  return end === cells.length ? cells : cells.slice(0, end)
}

/** Collects rows, refusing as soon as a row is wider or the table longer than the limits (the header row aside). */
function collector(limits: TableLimits) {
  const table: string[][] = []
  return {
    table,
    add(cells: string[]) {
      const row = trimmed(cells)
      if (row.length === 0) return
      if (row.length > limits.maxColumns) throw new Refused('tooManyColumns')
      if (table.length > limits.maxRows) throw new Refused('tooManyRows')
      table.push(row)
    },
  }
}

function readCsv(bytes: Uint8Array, limits: TableLimits): string[][] {
  const rows = readCsvTable(decodeText(bytes))
  if (!rows) throw new Refused('unreadable')
  const out = collector(limits)
  for (const cells of rows) out.add(cells)
  return out.table
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

async function readXlsx(bytes: Uint8Array, limits: TableLimits): Promise<string[][]> {
  // Loaded for a workbook only: a CSV file's thread does not pay for the XLSX library (a third of a second).
  const { default: Excel } = await import('exceljs')
  const workbook = new Excel.Workbook()
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  } catch {
    throw new Refused('unreadable')
  }
  const sheet = workbook.worksheets[0]
  const out = collector(limits)
  if (!sheet) return out.table
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = []
    // Only the cells that exist: a stray cell in column XFD is one cell to look at, and a refusal.
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      if (column > limits.maxColumns) throw new Refused('tooManyColumns')
      cells[column - 1] = cellText(cell.value)
    })
    out.add(Array.from(cells, (c) => c ?? ''))
  })
  return out.table
}

/** The task (off-thread.ts): one table read, answered with the rows or the reason it was refused. */
export default async function readTable(job: TableJob): Promise<TableReply> {
  try {
    const table = job.kind === 'xlsx' ? await readXlsx(job.bytes, job.limits) : readCsv(job.bytes, job.limits)
    return { table }
  } catch (error) {
    return { refused: error instanceof Refused ? error.reason : 'unreadable' }
  }
}
