import { isUtf8 } from 'node:buffer'
import { Readable } from 'node:stream'
import { setImmediate as yieldToLoop } from 'node:timers/promises'
import { parse } from 'csv-parse'
import yauzl from 'yauzl'
import { XLSX_TYPE } from '../../shared/schemas/files'
import { TableFileError, zipDirectory } from './table-file'

/**
 * An uploaded table read row by row (docs/decisions/075), for files too long to hold as one table: a 200,000-row
 * lead list. `readTableFile` (decision 055) reads a whole table for the screens that show it; this one never holds
 * more than a chunk of the text and the row at hand.
 * - CSV: UTF-8 (with or without a byte-order mark) or Windows-1252, decided over the whole file without copying it;
 *   the separator is the one the header line has most of; a row csv-parse cannot read (a quote never closed, a
 *   stray quote inside a field) is skipped and reported with its line, the rest read on.
 * - XLSX: the zip's directory is checked (entries, declared sizes), then every entry is inflated once and counted,
 *   so a zip that lies about its sizes is refused before ExcelJS's streaming reader sees it; the first sheet's rows.
 * - Rows and columns stop at the limits; the event loop is given back every few hundred rows.
 */

export type TableStreamLimits = { maxRows: number; maxColumns: number; maxEntries: number; maxUnpackedBytes: number }
export const TABLE_STREAM_LIMITS: TableStreamLimits = { maxRows: 500_000, maxColumns: 256, maxEntries: 1_000, maxUnpackedBytes: 1024 * 1024 * 1024 }

export type StreamedRow = { line: number; cells: string[] }
export type TableStreamEvents = {
  /** a row csv-parse could not read, skipped: its line in the file */
  onSkipped?: (line: number) => void
  /** how far the reading is, 0…1 */
  onProgress?: (share: number) => void
}

const CHUNK = 256 * 1024
const YIELD_EVERY = 500

/** The separator a CSV text's header line has most of. */
function separatorOf(head: string): string {
  const newline = head.search(/\r?\n/)
  const firstLine = newline === -1 ? head : head.slice(0, newline)
  return [';', ',', '\t', '|'].map((d) => [d, firstLine.split(d).length - 1] as const).sort((a, b) => b[1] - a[1])[0]![0]
}

/** The cells up to the last one with text: trailing empty cells are not columns. */
function trimmed(cells: string[]): string[] {
  let end = cells.length
  while (end > 0 && (cells[end - 1] ?? '').trim() === '') end -= 1
  return end === cells.length ? cells : cells.slice(0, end)
}

async function* csvRows(bytes: Buffer, limits: TableStreamLimits, events: TableStreamEvents): AsyncGenerator<StreamedRow> {
  const encoding = isUtf8(bytes) ? 'utf-8' : 'windows-1252'
  const separator = separatorOf(new TextDecoder(encoding).decode(bytes.subarray(0, 64 * 1024)))
  let consumed = 0
  const decoder = new TextDecoder(encoding)
  async function* text() {
    for (let at = 0; at < bytes.length; at += CHUNK) {
      consumed = Math.min(bytes.length, at + CHUNK)
      yield decoder.decode(bytes.subarray(at, at + CHUNK), { stream: true })
    }
    const tail = decoder.decode()
    if (tail) yield tail
  }
  const parser = parse({
    delimiter: separator,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    relax_quotes: true,
    max_record_size: 1024 * 1024,
    info: true,
  })
  parser.on('skip', (error: { lines?: number }) => events.onSkipped?.(error.lines ?? 0))
  const source = Readable.from(text())
  source.on('error', (error) => parser.destroy(error))
  source.pipe(parser)
  let n = 0
  for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    n += 1
    if (n % YIELD_EVERY === 0) {
      events.onProgress?.(consumed / Math.max(1, bytes.length))
      await yieldToLoop()
    }
    yield { line: record.info.lines, cells: record.record }
  }
}

/** Inflates every entry once, counting what comes out: a zip whose entries unpack beyond their word or the limit is refused. */
function inflateCounted(bytes: Buffer, maxBytes: number): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) return reject(new TableFileError('unreadable'))
      let total = 0
      const fail = (reason: 'unreadable' | 'tooLarge') => {
        zip.close()
        reject(new TableFileError(reason))
      }
      zip.on('entry', (entry: yauzl.Entry) => {
        if (/\/$/.test(entry.fileName)) return zip.readEntry()
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return fail('unreadable')
          stream.on('data', (chunk: Buffer) => {
            total += chunk.length
            if (total > maxBytes) {
              stream.destroy()
              fail('tooLarge')
            }
          })
          stream.on('error', () => fail('tooLarge'))
          stream.on('end', () => zip.readEntry())
        })
      })
      zip.on('end', () => resolve())
      zip.on('error', () => fail('unreadable'))
      zip.readEntry()
    })
  })
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if (typeof value === 'object') {
    const v = value as { richText?: Array<{ text: string }>; result?: unknown; text?: unknown }
    if (v.richText) return v.richText.map((r) => r.text).join('')
    if ('result' in v) return cellText(v.result)
    if ('text' in v) return String(v.text)
    return ''
  }
  return String(value)
}

async function* xlsxRows(bytes: Buffer, limits: TableStreamLimits, events: TableStreamEvents, expectedRows: number): AsyncGenerator<StreamedRow> {
  const directory = await zipDirectory(bytes, limits.maxEntries)
  if (!directory) throw new TableFileError('unreadable')
  if (directory.entries > limits.maxEntries || directory.unpackedBytes > limits.maxUnpackedBytes) throw new TableFileError('tooLarge')
  await inflateCounted(bytes, limits.maxUnpackedBytes)
  const { default: Excel } = await import('exceljs')
  const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  })
  let n = 0
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<{ number: number; values: unknown[] }>) {
        n += 1
        if (n % YIELD_EVERY === 0) {
          events.onProgress?.(expectedRows > 0 ? Math.min(1, n / expectedRows) : 0)
          await yieldToLoop()
        }
        const values = Array.isArray(row.values) ? row.values : []
        if (values.length - 1 > limits.maxColumns) throw new TableFileError('tooManyColumns')
        const cells: string[] = []
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]))
        yield { line: row.number, cells }
      }
      break // the first sheet only
    }
  } catch (error) {
    if (error instanceof TableFileError) throw error
    throw new TableFileError('unreadable')
  }
}

/**
 * The table's rows, the header row first, trailing empty cells and empty rows left out. Throws a `TableFileError`
 * (unreadable, tooLarge, tooManyColumns, tooManyRows) when the file cannot be read within the limits.
 */
export async function* streamTable(
  contentType: string,
  bytes: Buffer,
  events: TableStreamEvents = {},
  opts: { limits?: Partial<TableStreamLimits>; expectedRows?: number } = {},
): AsyncGenerator<StreamedRow> {
  const limits = { ...TABLE_STREAM_LIMITS, ...opts.limits }
  const rows = contentType === XLSX_TYPE ? xlsxRows(bytes, limits, events, opts.expectedRows ?? 0) : csvRows(bytes, limits, events)
  let count = 0
  for await (const row of rows) {
    const cells = trimmed(row.cells)
    if (cells.length === 0) continue
    if (cells.length > limits.maxColumns) throw new TableFileError('tooManyColumns')
    count += 1
    // the header row is not counted against the limit
    if (count > limits.maxRows + 1) throw new TableFileError('tooManyRows')
    yield { line: row.line, cells }
  }
  events.onProgress?.(1)
}
