import { Badge, Button, HStack, Progress, Stack, Text } from '@chakra-ui/react'
import { formatBytes, formatDate, formatTime, type FormatLanguage } from '../../../../shared/format'
import type { DownloadItem, DownloadState } from '../../../../shared/schemas/downloads'
import type { Column } from '../../../components/ui/data-table/data-table'

const COLOUR: Record<DownloadState, string> = { queued: 'gray', running: 'blue', ready: 'green', failed: 'red', expired: 'gray' }

/** The downloads list's columns: the file and its kind, its state with progress or why it failed, size, dates, actions. */
export function downloadColumns(p: {
  t: (key: string, params?: Record<string, unknown>) => string
  lang: FormatLanguage
  everyone: boolean
  fetching: string | null
  onDownload: (d: DownloadItem) => void
  onRemove: (d: DownloadItem) => void
}): Column<DownloadItem>[] {
  const { t, lang } = p
  const when = (ms: number | null) => (ms === null ? '–' : `${formatDate(ms, lang)} ${formatTime(ms, lang)}`)
  const reason = (e: string | null) => (e === 'refused' || e === 'invalid' ? t(`downloadCentre.reasons.${e}`) : (e ?? ''))
  return [
    {
      key: 'name',
      header: t('downloadCentre.columns.name'),
      sortKey: 'name',
      render: (d) => (
        <>
          <Text fontWeight="medium" wordBreak="break-all">
            {d.name}
          </Text>
          <Text fontSize="xs" color="fg.muted" hideFrom="lg">
            {t(`downloadCentre.kinds.${d.kind}`)}
          </Text>
          {p.everyone ? (
            <Text fontSize="xs" color="fg.muted">
              {t('downloadCentre.columns.owner')}: {d.ownerName}
            </Text>
          ) : null}
        </>
      ),
      csv: (d) => d.name,
    },
    {
      key: 'kind',
      header: t('downloadCentre.columns.kind'),
      render: (d) => t(`downloadCentre.kinds.${d.kind}`),
      csv: (d) => t(`downloadCentre.kinds.${d.kind}`),
      hideBelow: 'lg',
    },
    {
      key: 'state',
      header: t('downloadCentre.columns.state'),
      render: (d) => (
        <Stack gap="1" minW="28">
          <Badge variant="subtle" colorPalette={COLOUR[d.state]} alignSelf="start" data-testid="download-state">
            {t(`downloadCentre.states.${d.state}`)}
            {d.state === 'running' && d.progress !== null ? ` · ${t('downloadCentre.progress', { percent: Math.round(d.progress * 100) })}` : ''}
          </Badge>
          {d.state === 'running' || d.state === 'queued' ? (
            <Progress.Root size="xs" value={d.progress === null ? null : Math.round(d.progress * 100)} aria-label={t(`downloadCentre.states.${d.state}`)}>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          ) : null}
          {d.state === 'failed' && d.error ? (
            <Text fontSize="xs" color="fg.error">
              {reason(d.error)}
            </Text>
          ) : null}
        </Stack>
      ),
      csv: (d) => t(`downloadCentre.states.${d.state}`),
    },
    { key: 'size', header: t('downloadCentre.columns.size'), render: (d) => formatBytes(d.size, lang), csv: (d) => d.size, hideBelow: 'md' },
    {
      key: 'createdAt',
      header: t('downloadCentre.columns.createdAt'),
      sortKey: 'createdAt',
      render: (d) => when(d.createdAt),
      csv: (d) => when(d.createdAt),
      hideBelow: 'md',
    },
    { key: 'expiresAt', header: t('downloadCentre.columns.expiresAt'), render: (d) => when(d.expiresAt), csv: (d) => when(d.expiresAt), hideBelow: 'lg' },
    {
      key: 'actions',
      header: '',
      render: (d) => (
        <HStack gap="2" justify="flex-end">
          {d.state === 'ready' ? (
            <Button
              size="xs"
              colorPalette="brand"
              loading={p.fetching === d.id}
              onClick={(e) => {
                e.stopPropagation()
                p.onDownload(d)
              }}
              aria-label={t('downloadCentre.downloadName', { name: d.name })}
              data-testid="download-file"
            >
              {t('downloadCentre.download')}
            </Button>
          ) : null}
          {d.mine && d.state !== 'queued' && d.state !== 'running' ? (
            <Button
              size="xs"
              variant="ghost"
              onClick={(e) => {
                e.stopPropagation()
                p.onRemove(d)
              }}
              aria-label={t('downloadCentre.removeName', { name: d.name })}
            >
              {t('downloadCentre.remove')}
            </Button>
          ) : null}
        </HStack>
      ),
    },
  ]
}
