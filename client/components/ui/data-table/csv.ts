/** RFC 4180 CSV with a BOM, so spreadsheet programs read å, ä and ö right; `;` is what Swedish Excel expects. */
export function toCsv(header: string[], rows: Array<Array<string | number | boolean | null | undefined>>, separator = ';'): string {
  const cell = (v: string | number | boolean | null | undefined) => {
    const s = v === null || v === undefined ? '' : String(v)
    // A leading =, +, - or @ would be run as a formula by spreadsheet programs.
    const safe = /^[=+\-@]/.test(s) ? `'${s}` : s
    return /["\n\r;,]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
  }
  return '\uFEFF' + [header, ...rows].map((r) => r.map(cell).join(separator)).join('\r\n')
}

export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
