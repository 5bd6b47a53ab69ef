import fs from 'node:fs'
import { once } from 'node:events'
import { stringify } from 'csv-stringify'
import { csvCell, type CsvValue } from '../../shared/rules/csv'

/**
 * A CSV file written row by row (an export of a million lines never sits in memory): UTF-8 with a byte-order mark
 * and semicolons, as Swedish Excel opens it, every cell through the one CSV rule (shared/rules/csv.ts: a formula
 * is neutralised), quoted by csv-stringify.
 */
export function csvFile(file: string) {
  const stream = fs.createWriteStream(file)
  stream.write('\uFEFF')
  const csv = stringify({ delimiter: ';', record_delimiter: '\r\n' })
  csv.pipe(stream)
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
