import { Button, Text } from '@chakra-ui/react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { DOWNLOAD_TTL_MS, type DownloadItem } from '../../../../shared/schemas/downloads'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { listTable } from '../../../components/ui/data-table/list-state'
import { useCsvDownload } from '../../../components/ui/data-table/use-csv-download'
import { useListQuery } from '../../../components/ui/data-table/use-list-query'
import { formErrorOf } from '../../../components/ui/form-dialog'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { DOWNLOAD_FILTER_KEYS, fetchDownload, listDownloads, removeDownload } from '../api/downloads-api'
import { downloadsKeys } from '../api/downloads-keys'
import { downloadColumns } from '../components/download-columns'
import { DownloadFilterBar } from '../components/download-filter-bar'
import { useLanguage } from '../../../lib/use-language'
import { Notice } from '../../../components/ui/notice'
import { useRefreshDownloads } from '../api/downloads-queries'

/**
 * /backoffice/downloads (docs/decisions/071): the files made in the background for the reader — exports, import
 * error reports, lists — with their state and progress (refreshed while any is under way, and at once when one is
 * ready), kept for a week. Fetching one checks the reader's rights again; a failure says "Failed to download file"
 * with a retry. Admins may look at everyone's.
 */
export default function DownloadsPage() {
  const { t, lang } = useLanguage()
  const ability = useAbility()
  const refreshDownloads = useRefreshDownloads()
  const { query, update, filters } = useListQuery({ itemsPerPage: 25 }, DOWNLOAD_FILTER_KEYS)
  const list = useQuery({
    queryKey: downloadsKeys.list(query, filters),
    queryFn: ({ signal }) => listDownloads(query, filters, signal),
    placeholderData: keepPreviousData,
    // While a file is being made its progress moves: asked again every two seconds until none is.
    refetchInterval: (q) => (q.state.data?.items.some((d) => d.state === 'queued' || d.state === 'running') ? 2000 : false),
  })
  const [failed, setFailed] = useState<{ item: DownloadItem; message: string } | null>(null)
  const [fetching, setFetching] = useState<string | null>(null)
  const download = async (d: DownloadItem) => {
    setFailed(null)
    setFetching(d.id)
    try {
      await fetchDownload(d.id, d.name)
    } catch (err) {
      setFailed({ item: d, message: formErrorOf(err, t).message })
      void refreshDownloads()
    } finally {
      setFetching(null)
    }
  }
  const remove = async (d: DownloadItem) => {
    try {
      await removeDownload(d.id)
      snackbar.success(t('downloadCentre.removed'))
    } catch (err) {
      snackbar.error(formErrorOf(err, t).message)
    }
    void refreshDownloads()
  }
  const everyone = filters.everyone === 'true'
  const columns = downloadColumns({ t, lang, everyone, fetching, onDownload: (d) => void download(d), onRemove: (d) => void remove(d) })
  const csv = useCsvDownload({ fileName: t('routes.backoffice-downloads'), columns, query, fetchPage: (q) => listDownloads(q, filters) })
  const active = (['state', 'kind'] as const).filter((k) => filters[k]).length
  return (
    <Page title={t('routes.backoffice-downloads')} breadcrumbs={[{ label: t('nav.groups.backoffice') }]}>
      <Text color="fg.muted" maxW="3xl">
        {t('downloadCentre.intro', { days: DOWNLOAD_TTL_MS / 86_400_000 })}
      </Text>
      {failed ? (
        <Notice
          status="error"
          data-testid="download-failed"
          title={t('downloadCentre.failedToDownload')}
          description={
            <>
              {failed.item.name}: {failed.message}
            </>
          }
        >
          <Button size="sm" variant="outline" onClick={() => void download(failed.item)}>
            {t('downloadCentre.retry')}
          </Button>
        </Notice>
      ) : null}
      <DataTable
        label={t('routes.backoffice-downloads')}
        columns={columns}
        {...listTable(list, { query, update }, csv)}
        emptyText={t('downloadCentre.empty')}
        activeFilters={active}
        filters={<DownloadFilterBar filters={filters} update={update} admin={ability.can('admin', 'downloads')} />}
      />
    </Page>
  )
}
