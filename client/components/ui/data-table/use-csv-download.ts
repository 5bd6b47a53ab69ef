import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ListQuery } from '../../../../shared/schemas/pagination'
import { snackbar } from '../../../lib/snackbar-store'
import { downloadText, toCsv } from './csv'
import type { Column } from './data-table'

/**
 * The CSV of a list's current filter: every page of it (100 rows a request, at most 10,000 rows), the columns'
 * CSV values under their headers; a failure is said in the snackbar.
 */
export function useCsvDownload<Row>(opts: {
  fileName: string
  columns: Column<Row>[]
  query: ListQuery
  fetchPage: (q: ListQuery) => Promise<{ items: Row[]; total: number; totalCapped?: boolean; nextCursor?: string | null }>
}) {
  const { t } = useTranslation()
  const [downloading, setDownloading] = useState(false)
  const download = async () => {
    setDownloading(true)
    try {
      const rows: Row[] = []
      // A list that pages by key is followed by its cursors; the others by page number.
      let cursor: string | undefined
      for (let page = 1; page <= 100; page++) {
        const answer = await opts.fetchPage({ ...opts.query, page, itemsPerPage: 100, cursor })
        rows.push(...answer.items)
        if (answer.nextCursor !== undefined) {
          if (!answer.nextCursor) break
          cursor = answer.nextCursor
        } else if ((rows.length >= answer.total && !answer.totalCapped) || answer.items.length === 0) break
      }
      downloadText(
        opts.fileName,
        toCsv(
          opts.columns.map((c) => c.header),
          rows.map((r) => opts.columns.map((c) => c.csv?.(r) ?? '')),
        ),
      )
    } catch {
      snackbar.error(t('table.loadFailed'))
    } finally {
      setDownloading(false)
    }
  }
  return { downloading, download }
}
