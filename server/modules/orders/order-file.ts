import { readTableFile, TableFileError, type TableFileReason } from '../../lib/table-file'

/** At most this many rows are read from one order file. */
export const ORDER_FILE_MAX_ROWS = 100_000

export type OrderFileContent = { headers: string[]; rows: Array<Record<string, string>> }

export type OrderFileProblem = 'unreadable' | 'noHeaders' | TableFileReason

export class OrderFileError extends Error {
  readonly key: `validation.orders.${OrderFileProblem}`
  constructor(problem: OrderFileProblem) {
    super(problem)
    this.key = `validation.orders.${problem}`
  }
}

/**
 * A provider's order file as rows of text by header, read by the one guarded table reader (server/lib/table-file):
 * CSV (UTF-8 or Windows-1252; semicolon, comma or tab) or XLSX (its first sheet; dates as YYYY-MM-DD, numbers
 * their plain text). Headers must be unique and present.
 */
export async function readOrderFile(contentType: string, bytes: Buffer): Promise<OrderFileContent> {
  let table: string[][]
  try {
    table = await readTableFile(contentType, bytes, { maxRows: ORDER_FILE_MAX_ROWS })
  } catch (error) {
    if (error instanceof TableFileError) throw new OrderFileError(error.reason)
    throw error
  }
  const [first, ...rows] = table
  const headers = (first ?? []).map((h) => h.trim())
  if (headers.length === 0 || headers.some((h) => h === '') || new Set(headers).size !== headers.length) throw new OrderFileError('noHeaders')
  return { headers, rows: rows.map((cells) => Object.fromEntries(headers.map((h, i) => [h, (cells[i] ?? '').trim()]))) }
}
