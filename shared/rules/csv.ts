/**
 * The one CSV writer's rules (issue 39): every CSV the app writes — the payroll and absence exports, a list's
 * "download CSV", a chart's figures, an error report — goes through `csvCell` (a streaming writer on the server,
 * `toCsv` in the browser).
 *
 * A cell that a spreadsheet program would run as a formula is neutralised as the OWASP guidance on CSV injection
 * says: text beginning with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading apostrophe, which Excel,
 * LibreOffice and Google Sheets show as text and do not keep. A plain number (`-12,50`, `+46`) cannot be a formula
 * and is left as it is, so negative hours and amounts stay numbers.
 */

const FORMULA_START = /^[=+\-@\t\r]/
const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/

export type CsvValue = string | number | boolean | null | undefined

/** A cell's text, safe to open in a spreadsheet program (not yet quoted). */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  const text = String(value)
  if (typeof value !== 'string' || !FORMULA_START.test(text) || PLAIN_NUMBER.test(text)) return text
  return `'${text}`
}

/** A cell quoted as RFC 4180 asks when it holds a separator, a quote or a line break. */
function quoted(text: string, separator: string): string {
  return text.includes(separator) || /["\n\r;,]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** RFC 4180 CSV with a BOM, so spreadsheet programs read å, ä and ö right; `;` is what Swedish Excel expects. */
export function toCsv(header: string[], rows: CsvValue[][], separator = ';'): string {
  return '\uFEFF' + [header, ...rows].map((r) => r.map((v) => quoted(csvCell(v), separator)).join(separator)).join('\r\n')
}
