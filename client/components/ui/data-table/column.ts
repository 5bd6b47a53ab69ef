import type { ReactNode } from 'react'

/** One column of a data table: its header, how a row shows in it, and its CSV value. */
export type Column<Row> = {
  key: string
  header: string
  /** the sortBy value the API takes for this column; absent = not sortable */
  sortKey?: string
  render: (row: Row) => ReactNode
  /** the plain value for the CSV download */
  csv?: (row: Row) => string | number | boolean | null | undefined
  hideBelow?: 'sm' | 'md' | 'lg'
}
