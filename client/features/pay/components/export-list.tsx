import { Badge, Box, HStack, Link, Progress, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { RecordTable } from '../../../components/ui/record-table'
import { formatOre, formatPrice, type FormatLanguage } from '../../../../shared/format'
import type { PayExportItem, PayExportKind } from '../../../../shared/schemas/pay'
import { fileUrl, listExports } from '../api/pay-api'
import { payKeys } from '../api/pay-keys'
import { useLanguage } from '../../../lib/use-language'
import { SectionCard } from '../../../components/ui/section-card'

const STATE_COLOR = { queued: 'gray', running: 'blue', done: 'green', failed: 'red' } as const

/**
 * The exports of a kind, newest first, followed while one runs (the user may leave and come back: the file stays
 * here). A finished export offers its file; a failed one says so, in the payroll system's name.
 */
export function ExportList({ kind, system, onFinished }: { kind: PayExportKind; system: string; onFinished?: () => void }) {
  const { t, lang } = useLanguage()
  const list = useQuery({
    queryKey: payKeys.exports(kind),
    queryFn: ({ signal }) => listExports(kind, signal),
    refetchInterval: (q) => (q.state.data?.items.some((x) => x.state === 'queued' || x.state === 'running') ? 1000 : false),
  })
  const items = list.data?.items ?? []
  // An export that finishes changes what the screen above says (the month's last export): tell it.
  const finished = items.filter((x) => x.state === 'done' || x.state === 'failed').length
  const seen = useRef<number | null>(null)
  useEffect(() => {
    if (!list.data) return
    if (seen.current !== null && finished !== seen.current) onFinished?.()
    seen.current = finished
  }, [finished, list.data, onFinished])
  return (
    <SectionCard title={t('pay.payroll.history')}>
      {list.isPending ? (
        <Text color="fg.muted">…</Text>
      ) : list.isError ? (
        <Text color="fg.error">{list.error.message}</Text>
      ) : items.length === 0 ? (
        <Text color="fg.muted">{t('pay.exports.none')}</Text>
      ) : (
        <Stack gap="3" data-testid={`${kind}-exports`}>
          {items.map((x) => (
            <ExportRow key={x.id} x={x} system={system} lang={lang} />
          ))}
        </Stack>
      )}
    </SectionCard>
  )
}

function ExportRow({ x, system, lang }: { x: PayExportItem; system: string; lang: FormatLanguage }) {
  const { t } = useTranslation()
  const what = x.kind === 'payroll' ? `${x.month} · ${x.format === 'paxml' ? 'PAXml' : 'CSV'}` : `${x.params.from} – ${x.params.to} · ${x.format.toUpperCase()}`
  const s = x.summary
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" data-testid="export-row" data-state={x.state}>
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontWeight="medium">{what}</Text>
        <Badge colorPalette={STATE_COLOR[x.state]}>{t(`pay.exports.states.${x.state}`)}</Badge>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {t('pay.exports.requestedBy', { name: x.requestedBy, date: x.requestedAt })}
      </Text>
      {x.state === 'queued' || x.state === 'running' ? (
        <Stack gap="1" mt="2">
          <Progress.Root
            value={Math.round((x.progress ?? 0) * 100)}
            size="sm"
            aria-label={t('pay.exports.progress', { percent: Math.round((x.progress ?? 0) * 100) })}
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text fontSize="xs" color="fg.muted">
            {t('pay.exports.progress', { percent: Math.round((x.progress ?? 0) * 100) })} {t('pay.exports.leaveHint')}
          </Text>
        </Stack>
      ) : null}
      {x.state === 'failed' ? (
        <Text role="alert" color="fg.error" fontSize="sm" mt="1">
          {x.error === 'refused'
            ? t('pay.exports.refused')
            : x.error === 'invalid'
              ? t('pay.exports.invalid')
              : t('pay.payroll.failed', { system: x.kind === 'payroll' ? system : 'CSV/XLSX' })}
        </Text>
      ) : null}
      {x.state === 'failed' && x.error === 'invalid' && s?.invalid?.length ? (
        <Box as="ul" fontSize="xs" fontFamily="mono" color="fg.muted" mt="1" ps="4" data-testid="export-invalid">
          {s.invalid.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </Box>
      ) : null}
      {x.state === 'done' && s ? (
        <Text fontSize="sm" mt="1">
          {x.kind === 'payroll'
            ? t('pay.payroll.totals', {
                employees: s.employees,
                hours: s.hours ?? 0,
                absence: s.absenceHours ?? 0,
                commission: formatPrice(s.commissionOre ?? 0, lang),
                extra: formatPrice(s.extraIncomeOre ?? 0, lang),
              })
            : t('pay.absenceExport.rows', { employees: s.employees, rows: s.rows })}
        </Text>
      ) : null}
      {x.state === 'done' && s?.leftOutCount ? (
        <Text fontSize="sm" color="fg.warning" data-testid="export-left-out">
          {t('pay.payroll.leftOut', { count: s.leftOutCount, names: (s.leftOut ?? []).map((p) => p.name).join(', ') })}
        </Text>
      ) : null}
      {x.state === 'done' && x.fileId ? (
        <Link href={fileUrl(x.fileId)} download={x.fileName ?? undefined} colorPalette="brand" fontSize="sm" mt="1" data-testid="export-download">
          {t('pay.exports.download')} {x.fileName ? `(${x.fileName})` : ''}
        </Link>
      ) : null}
      {x.kind === 'payroll' && x.state === 'done' && s?.changes ? <Changes x={x} lang={lang} /> : null}
    </Box>
  )
}

function Changes({ x, lang }: { x: PayExportItem; lang: FormatLanguage }) {
  const { t } = useTranslation()
  const changes = x.summary!.changes!
  const show = (v: { quantity: number; amountOre: number } | null) => (v === null ? '–' : v.amountOre ? formatOre(v.amountOre, lang) : String(v.quantity))
  if (changes.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted" mt="1">
        {t('pay.payroll.noChanges')}
      </Text>
    )
  }
  return (
    <Box mt="2">
      <Text fontSize="sm" fontWeight="medium">
        {t('pay.payroll.changes')} ({t('pay.payroll.changeCount', { count: x.summary!.changeCount ?? changes.length })})
      </Text>
      <RecordTable
        rows={changes}
        rowKey={(c) => `${c.userId}-${c.item}`}
        testId="payroll-changes"
        columns={[
          { header: t('pay.seller'), cell: (c) => c.name },
          { header: t('pay.paycodes.item'), cell: (c) => t(`pay.items.${c.item}`) },
          { header: t('pay.payroll.before'), cell: (c) => show(c.before), end: true },
          { header: t('pay.payroll.after'), cell: (c) => show(c.after), end: true },
        ]}
      />
    </Box>
  )
}
