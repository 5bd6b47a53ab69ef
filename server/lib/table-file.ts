import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import pLimit from 'p-limit'
import yauzl from 'yauzl'
import { XLSX_TYPE } from '../../shared/schemas/files'
import type { TableJob, TableLimits, TableReply } from './table-file.worker'

/**
 * The one reader of uploaded tables (CSV and XLSX) — decision 055. A file is somebody else's bytes, so reading it
 * is bounded before, while and after:
 * - a workbook's zip directory is read first (yauzl, nothing inflated): more entries or more unpacked bytes than
 *   the limits is refused before any of it is unpacked — a zip bomb costs a directory read;
 * - the parsing (ExcelJS for a workbook, csv-parse for text) runs in a worker thread with a heap limit and a time
 *   limit, so the event loop that answers every other request is never held by it, and a file that lies about its
 *   sizes, or is slow by design, ends the worker rather than the server;
 * - the reading stops at the row and column limits: a cell in column XFD or a millionth row is a refusal, not a
 *   loop over empty cells;
 * - at most two files are read at once per process; further reads wait their turn.
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

let devWorker: Promise<URL> | undefined

/**
 * Where the worker's code is: the bundled `table-file.worker.mjs` beside index.mjs under `npm start`. Under tsx and
 * the tests this file is TypeScript, and Node 20 loads no TypeScript in a worker thread, so the worker is bundled
 * once per process with esbuild (a dev dependency) into node_modules/.cache, where its packages resolve.
 */
function workerScript(): Promise<URL> {
  const own = import.meta.url
  if (!own.endsWith('.ts')) return Promise.resolve(new URL('./table-file.worker.mjs', own))
  devWorker ??= (async () => {
    const { build } = await import('esbuild')
    const outfile = path.resolve('node_modules/.cache/saljkraft', `table-file.worker.${process.pid}.mjs`)
    await build({
      entryPoints: [fileURLToPath(new URL('./table-file.worker.ts', own))],
      outfile,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      packages: 'external',
      logLevel: 'warning',
    })
    process.once('exit', () => fs.rmSync(outfile, { force: true }))
    return pathToFileURL(outfile)
  })()
  return devWorker
}

const reading = pLimit(2)

/** Reads under way in this process and waiting for their turn (for tests and the health of a busy instance). */
export const tableReads = {
  get active() {
    return reading.activeCount
  },
  get waiting() {
    return reading.pendingCount
  },
}

async function inWorker(job: TableJob, limits: typeof TABLE_LIMITS): Promise<string[][]> {
  const script = await workerScript()
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, {
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 64 },
      stdout: false,
      stderr: false,
    })
    let settled = false
    const settle = (fn: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      fn()
      void worker.terminate()
    }
    const timer = setTimeout(() => settle(() => reject(new TableFileError('tooSlow'))), limits.maxMillis)
    worker.once('message', (reply: TableReply) => settle(() => ('table' in reply ? resolve(reply.table) : reject(new TableFileError(reply.refused)))))
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() => reject(new TableFileError(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'tooLarge' : 'unreadable'))),
    )
    worker.once('exit', () => settle(() => reject(new TableFileError('unreadable'))))
  })
}

/**
 * An uploaded table as rows of cell text, its first row first: CSV (UTF-8 or Windows-1252, the separator found from
 * the header line) or XLSX (its first sheet; dates as YYYY-MM-DD, numbers as their plain text). Throws a
 * `TableFileError` when the file is unreadable or beyond the limits.
 */
export async function readTableFile(contentType: string, bytes: Buffer, overrides: Partial<typeof TABLE_LIMITS> = {}): Promise<string[][]> {
  const limits = { ...TABLE_LIMITS, ...overrides }
  const wanted: TableLimits = { maxRows: limits.maxRows, maxColumns: limits.maxColumns }
  if (contentType !== XLSX_TYPE) return reading(() => inWorker({ kind: 'csv', bytes, limits: wanted }, limits))
  const directory = await zipDirectory(bytes, limits.maxEntries)
  if (!directory) throw new TableFileError('unreadable')
  if (directory.entries > limits.maxEntries || directory.unpackedBytes > limits.maxUnpackedBytes) throw new TableFileError('tooLarge')
  return reading(() => inWorker({ kind: 'xlsx', bytes, limits: wanted }, limits))
}
