import fs from 'node:fs'
import { once } from 'node:events'
import type { Writable } from 'node:stream'
import { stringify } from 'csv-stringify'
import iconv from 'iconv-lite'
import { csvCell, type CsvValue } from '../../shared/rules/csv'

export type CsvEncoding = 'utf-8-bom' | 'utf-8' | 'windows-1252'

/**
 * A CSV file written row by row (an export of a million lines never sits in memory), every cell through the one CSV
 * rule (shared/rules/csv.ts: a formula is neutralised), quoted by csv-stringify. By default UTF-8 with a byte-order
 * mark and semicolons, as Swedish Excel opens it; a lead list's output format may ask for another separator, UTF-8
 * without the mark (what most dialers expect) or Windows-1252 (older dialers; iconv-lite, a character it lacks
 * written as "?").
 */
export function csvFile(file: string, opts: { delimiter?: string; encoding?: CsvEncoding } = {}) {
  const encoding = opts.encoding ?? 'utf-8-bom'
  const stream = fs.createWriteStream(file)
  const csv = stringify({ delimiter: opts.delimiter ?? ';', record_delimiter: '\r\n' })
  let sink: Writable = stream
  if (encoding === 'windows-1252') {
    // csv-stringify hands over UTF-8 bytes: read back as text, then written in Windows-1252.
    const decoder = iconv.decodeStream('utf8')
    decoder.pipe(iconv.encodeStream('win1252')).pipe(stream)
    sink = decoder as unknown as Writable
  } else if (encoding === 'utf-8-bom') stream.write('\uFEFF')
  csv.pipe(sink)
  return {
    async row(values: readonly CsvValue[]) {
      if (!csv.write(values.map(csvCell))) await once(csv, 'drain')
    },
    async end() {
      csv.end()
      await once(stream, 'finish')
    },
  }
}
