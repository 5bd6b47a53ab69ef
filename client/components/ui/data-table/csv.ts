/** The one CSV writer's rules live in shared/rules/csv.ts (formulas neutralised, quoting, the BOM). */
export { toCsv } from '../../../../shared/rules/csv'

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
