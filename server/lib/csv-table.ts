import { parse } from 'csv-parse/sync'
import { decodeText } from '../../shared/text-file'

export { decodeText }

/**
 * A CSV text as rows of cells, read with csv-parse: the separator is the one the header line has most of
 * (semicolon, comma or tab), a byte-order mark is dropped, empty lines are skipped. Null when it cannot be read.
 */
export function readCsvTable(text: string): string[][] | null {
  const body = text.replace(/^\uFEFF/, '')
  const newline = body.search(/\r?\n/)
  const firstLine = newline === -1 ? body : body.slice(0, newline)
  const counts = [';', ',', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const)
  const delimiter = counts.sort((a, b) => b[1] - a[1])[0]![0]
  try {
    return parse(body, { delimiter, relax_column_count: true, skip_empty_lines: true, relax_quotes: true }) as string[][]
  } catch {
    return null
  }
}
