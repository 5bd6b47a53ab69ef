import { Button, HStack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { listTable } from '../../../components/ui/data-table/list-state'
import { useCsvDownload } from '../../../components/ui/data-table/use-csv-download'
import { useListQuery } from '../../../components/ui/data-table/use-list-query'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { listTranscriptions, TRANSCRIPTION_FILTER_KEYS } from '../api/transcriptions-api'
import { AddCallDialog } from '../components/add-call-dialog'
import { ScriptsDialog } from '../components/scripts-dialog'
import { transcriptionColumns } from '../components/transcription-columns'
import { TranscriptionFilterBar } from '../components/transcription-filter-bar'
import { Notice } from '../../../components/ui/notice'
import { useLanguage } from '../../../lib/use-language'
import { useRefreshTranscriptions, useTranscriptions, useTranscriptionSettings } from '../api/transcriptions-queries'

/**
 * /backoffice/sellertranscriptions (docs/decisions/076): the sellers' calls as text within the reader's rules (a
 * coach: their teams'), searched in what was said (never in sensitive numbers), filtered by seller, team, provider,
 * period and the script's result; back office adds a call and keeps the providers' scripts. Whether a speech engine
 * is configured is said at the top.
 */
export default function TranscriptionsPage() {
  const { t, lang } = useLanguage()
  const ability = useAbility()
  const navigate = useNavigate()
  const refreshTranscriptions = useRefreshTranscriptions()
  const { query, update, filters, active } = useListQuery({ itemsPerPage: 25, sortBy: 'callAt', orderBy: 'desc' }, TRANSCRIPTION_FILTER_KEYS)
  const list = useTranscriptions(query, filters)
  const settings = useTranscriptionSettings()
  const [dialog, setDialog] = useState<'add' | 'scripts' | null>(null)
  const columns = transcriptionColumns(t, lang)
  const csv = useCsvDownload({ fileName: t('routes.backoffice-sellertranscriptions'), columns, query, fetchPage: (q) => listTranscriptions(q, filters) })
  const engine = settings.data?.engine
  return (
    <Page title={t('routes.backoffice-sellertranscriptions')} breadcrumbs={[{ label: t('nav.groups.backoffice') }]}>
      <Text color="fg.muted" maxW="3xl">
        {t('transcriptions.intro')}
      </Text>
      {settings.data ? (
        <Notice
          status={engine ? 'info' : 'warning'}
          data-testid="transcription-engine"
          description={engine ? t('transcriptions.engineOn', { model: engine.model }) : t('transcriptions.engineOff')}
        />
      ) : null}
      {ability.can('update', 'seller_transcriptions') ? (
        <HStack gap="2" wrap="wrap">
          <Button colorPalette="brand" size="sm" onClick={() => setDialog('add')} data-testid="add-call">
            {t('transcriptions.add')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setDialog('scripts')} data-testid="edit-scripts">
            {t('transcriptions.scripts')}
          </Button>
        </HStack>
      ) : null}
      <DataTable
        label={t('routes.backoffice-sellertranscriptions')}
        columns={columns}
        {...listTable(list, { query, update }, csv)}
        emptyText={active ? t('transcriptions.emptyFiltered') : t('transcriptions.empty')}
        activeFilters={active}
        filters={<TranscriptionFilterBar filters={filters} update={update} />}
        onRowClick={(r) => void navigate(`/backoffice/sellertranscriptions/${r.id}`)}
      />
      {dialog === 'add' ? (
        <AddCallDialog
          engine={!!engine}
          onClose={() => setDialog(null)}
          onAdded={(call) => {
            setDialog(null)
            void refreshTranscriptions()
            void navigate(`/backoffice/sellertranscriptions/${call.id}`)
          }}
        />
      ) : null}
      {dialog === 'scripts' ? <ScriptsDialog onClose={() => setDialog(null)} /> : null}
    </Page>
  )
}
