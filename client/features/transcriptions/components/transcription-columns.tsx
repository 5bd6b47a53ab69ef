import { Badge, Text } from '@chakra-ui/react'
import { formatDate, formatTime, type FormatLanguage } from '../../../../shared/format'
import type { TranscriptionItem } from '../../../../shared/schemas/transcriptions'
import type { Column } from '../../../components/ui/data-table/data-table'
import { timecode } from '../model/timecode'

/** The calls' columns: when and whose, the provider, length, state, the script's result and the text (or where the search hit it). */
export function transcriptionColumns(t: (key: string, params?: Record<string, unknown>) => string, lang: FormatLanguage): Column<TranscriptionItem>[] {
  return [
    {
      key: 'callAt',
      header: t('transcriptions.columns.callAt'),
      sortKey: 'callAt',
      render: (r) => (
        <>
          <Text fontWeight="medium">{r.sellerName}</Text>
          <Text fontSize="xs" color="fg.muted">
            {formatDate(r.callAt, lang)} {formatTime(r.callAt, lang)}
            {r.teamName ? ` · ${r.teamName}` : ''}
          </Text>
        </>
      ),
      csv: (r) => `${formatDate(r.callAt, lang)} ${formatTime(r.callAt, lang)} ${r.sellerName}`,
    },
    { key: 'provider', header: t('transcriptions.columns.provider'), render: (r) => r.providerName ?? '–', csv: (r) => r.providerName ?? '', hideBelow: 'md' },
    {
      key: 'duration',
      header: t('transcriptions.columns.duration'),
      render: (r) => (r.durationSeconds === null ? '–' : timecode(r.durationSeconds)),
      csv: (r) => r.durationSeconds ?? '',
      hideBelow: 'lg',
    },
    {
      key: 'status',
      header: t('transcriptions.columns.result'),
      render: (r) =>
        r.status !== 'done' ? (
          <Badge variant="subtle" colorPalette={r.status === 'failed' ? 'red' : r.status === 'transcribing' ? 'blue' : 'gray'}>
            {t(`transcriptions.statuses.${r.status}`)}
          </Badge>
        ) : r.checkResult ? (
          <Badge variant="subtle" colorPalette={r.checkResult === 'pass' ? 'green' : 'orange'} data-testid="transcription-result">
            {t(`transcriptions.results.${r.checkResult}`)}
          </Badge>
        ) : (
          <Text color="fg.muted">{t('transcriptions.results.none')}</Text>
        ),
      csv: (r) => (r.status === 'done' ? (r.checkResult ?? '') : r.status),
    },
    {
      key: 'text',
      header: t('transcriptions.columns.text'),
      render: (r) => (
        <Text fontSize="sm" color="fg.muted" lineClamp={2} maxW="36rem">
          {r.hit ?? r.excerpt}
        </Text>
      ),
      csv: (r) => r.excerpt,
      hideBelow: 'sm',
    },
  ]
}
