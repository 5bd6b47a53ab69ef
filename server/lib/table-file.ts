import yauzl from 'yauzl'
import { XLSX_TYPE } from '../../shared/schemas/files'
import { OffThreadError, offThread } from './off-thread'
import type { TableJob, TableLimits, TableReply } from './table-file.worker'

/**
 * The one reader of uploaded tables (CSV and XLSX) — decision 055. A file is somebody else's bytes, so reading it
 * is bounded before, while and after:
 * - a workbook's zip directory is read first (yauzl, nothing inflated): more entries or more unpacked bytes than
 *   the limits is refused before any of it is unpacked — a zip bomb costs a directory read;
 * - the parsing (ExcelJS for a workbook, csv-parse for text) runs off the main thread (off-thread.ts) with a heap
 *   limit and a time limit, so the event loop that answers every other request is never held by it, and a file that
 *   lies about its sizes, or is slow by design, ends its worker rather than the server;
 * - the reading stops at the row and column limits: a cell in column XFD or a millionth row is a refusal, not a
 *   loop over empty cells;
 * - at most two files are read at once per process; further reads wait their turn (and their time counts).
 * Refusals are a `TableFileError` with a reason the caller turns into its own translated message.
 */

export type TableFileReason = 'unreadable' | 'tooLarge' | 'tooManyColumns' | 'tooManyRows' | 'tooSlow'

export class TableFileError extends Error {
  constructor(readonly reason: TableFileReason) {
    super(`table file refused: ${reason}`)
  }
}

const MiB = 1024 * 1024

export const TABLE_LIMITS: TableLimits & { maxEntries: number; maxUnpackedBytes: number; maxMillis: number; maxHeapMb: number } = {
  maxRows: 100_000,
  maxColumns: 256,
  /** a workbook is a zip of a few dozen parts; thousands is not a spreadsheet */
  maxEntries: 1_000,
  /** what a 20 MB upload of ordinary sheet XML unpacks to, with room to spare */
  maxUnpackedBytes: 160 * MiB,
  maxMillis: 60_000,
  maxHeapMb: 1_024,
}

/** The sizes a zip declares in its central directory, read without inflating anything; null when it is no zip. */
export function zipDirectory(bytes: Buffer, maxEntries: number): Promise<{ entries: number; unpackedBytes: number } | null> {
  return new Promise((resolve) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) return resolve(null)
      let entries = 0
      let unpackedBytes = 0
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1
        unpackedBytes += entry.uncompressedSize
        if (entries > maxEntries) {
          zip.close()
          resolve({ entries, unpackedBytes })
        } else zip.readEntry()
      })
      zip.on('end', () => resolve({ entries, unpackedBytes }))
      zip.on('error', () => resolve(null))
      zip.readEntry()
    })
  })
}

const reader = offThread<TableJob, TableReply>(new URL('./table-file.worker.ts', import.meta.url), {
  heapMb: TABLE_LIMITS.maxHeapMb,
  millis: TABLE_LIMITS.maxMillis,
  threads: 2,
})
let inFlight = 0

/** Reads under way (or waiting for a thread) in this process: for tests and the health of a busy instance. */
export const tableReads = {
  get active() {
    return inFlight
  },
}

async function inWorker(job: TableJob, limits: typeof TABLE_LIMITS): Promise<string[][]> {
  inFlight += 1
  try {
    const reply = await reader.run(job, { heapMb: limits.maxHeapMb, millis: limits.maxMillis })
    if ('refused' in reply) throw new TableFileError(reply.refused)
    return reply.table
  } catch (error) {
    if (!(error instanceof OffThreadError)) throw error
    throw new TableFileError(error.reason === 'tooSlow' ? 'tooSlow' : error.reason === 'tooLarge' ? 'tooLarge' : 'unreadable')
  } finally {
    inFlight -= 1
  }
}

/**
 * An uploaded table as rows of cell text, its first row first: CSV (UTF-8 or Windows-1252, the separator found from
 * the header line) or XLSX (its first sheet; dates as YYYY-MM-DD, numbers as their plain text). Throws a
 * `TableFileError` when the file is unreadable or beyond the limits.
 */
export async function readTableFile(contentType: string, bytes: Buffer, overrides: Partial<typeof TABLE_LIMITS> = {}): Promise<string[][]> {
  const limits = { ...TABLE_LIMITS, ...overrides }
  const wanted: TableLimits = { maxRows: limits.maxRows, maxColumns: limits.maxColumns }
  if (contentType !== XLSX_TYPE) return inWorker({ kind: 'csv', bytes, limits: wanted }, limits)
  const directory = await zipDirectory(bytes, limits.maxEntries)
  if (!directory) throw new TableFileError('unreadable')
  if (directory.entries > limits.maxEntries || directory.unpackedBytes > limits.maxUnpackedBytes) throw new TableFileError('tooLarge')
  return inWorker({ kind: 'xlsx', bytes, limits: wanted }, limits)
}
