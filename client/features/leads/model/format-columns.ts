import type { LeadOutputField } from '../../../../shared/rules/leads'

/** An output format's columns as the dialog edits them: each a field and its heading, in order. */
export type FormatColumn = { field: LeadOutputField; header: string }

/** What a new format starts with: what a dialer needs first, headed in the reader's language. */
export const DEFAULT_COLUMNS: readonly LeadOutputField[] = [
  'phone1',
  'phone1Type',
  'phone2',
  'name',
  'address',
  'postalCode',
  'city',
  'identityNumber',
  'campaign',
]

export function defaultColumns(heading: (field: LeadOutputField) => string): FormatColumn[] {
  return DEFAULT_COLUMNS.map((field) => ({ field, header: heading(field) }))
}

/** The columns with the one at `index` moved by `by` places (kept within the list). */
export function moved<T>(columns: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by
  if (index < 0 || index >= columns.length || to < 0 || to >= columns.length) return [...columns]
  const next = [...columns]
  const [item] = next.splice(index, 1)
  next.splice(to, 0, item!)
  return next
}

/** The first output field not yet among the columns (what "add a column" adds), or the first field when all are used. */
export function nextField(columns: readonly FormatColumn[], fields: readonly LeadOutputField[]): LeadOutputField {
  return fields.find((f) => !columns.some((c) => c.field === f)) ?? fields[0]!
}
