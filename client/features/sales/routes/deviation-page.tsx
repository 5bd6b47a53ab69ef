import { Badge, Box, Button, DataList, Flex, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react'
import { useState, type ReactNode } from 'react'
import { Link as RouterLink, useParams } from 'react-router'
import { formatDate, formatOre, formatTime, type FormatLanguage } from '../../../../shared/format'
import { pathFor } from '../../../../shared/routes'
import type { DeviationDetail } from '../../../../shared/schemas/deviations'
import { Page } from '../../../components/ui/page'
import { DetailState } from '../../../components/ui/detail-state'
import { snackbar } from '../../../lib/snackbar-store'
import { ageInDays } from '../api/deviations-api'
import { ChangeStatusDialog } from '../components/change-status-dialog'
import { DeviationStateBadge } from '../components/status-badges'
import { SaleStatusBadge } from '../../../components/ui/sale-status-badge'
import { SALE_FIELD_LABELS } from '../components/sale-fields'
import { fact } from '../../../components/ui/detail-kit'
import { useLanguage } from '../../../lib/use-language'
import { SectionCard } from '../../../components/ui/section-card'
import { Notice } from '../../../components/ui/notice'
import { useDeviation, useRefreshDeviationMoved } from '../api/sales-queries'

/** Fields of a log line that are bookkeeping, not something the reader changed. */
const HIDDEN_FIELDS = new Set(['version', 'status', 'deviationType'])

/**
 * /backoffice/deviations/:id: one deviation — its type and comment, whose turn it is (the seller's, or back
 * office's once corrected), the sale with the moves that resolve it, the sale's changes while it waited (what the
 * seller corrected, field by field) and the sale's other deviations.
 */
export default function DeviationPage() {
  const { t, lang } = useLanguage()
  const { id = '' } = useParams()
  const refreshMoved = useRefreshDeviationMoved()
  const [resolving, setResolving] = useState(false)
  const deviation = useDeviation(id)

  const title = t('routes.backoffice-deviations-id')
  const crumbs = [{ label: t('nav.groups.backoffice') }, { label: t('routes.backoffice-deviations'), to: pathFor('backoffice-deviations') }]
  return (
    <DetailState query={deviation} title={title} breadcrumbs={crumbs} notFound={t('deviations.notFound')}>
      {(d) => {
        const when = (at: number) => `${formatDate(at, lang)} ${formatTime(at, lang)}`
        const days = ageInDays(d.openedAt, d.resolvedAt ?? deviation.dataUpdatedAt)
        const row = (label: string, value: ReactNode) => fact(label, value)
        const waiting = d.state !== 'resolved'

        return (
          <Page title={`${title}: ${d.sale.customerName}`} breadcrumbs={crumbs}>
            <Flex gap="3" align="center" wrap="wrap">
              <Badge variant="subtle" size="lg">
                {t(`sales.deviationTypes.${d.type}`)}
              </Badge>
              <DeviationStateBadge state={d.state} />
              <Text color="fg.muted" fontSize="sm">
                {d.openedBy
                  ? t('deviations.detail.openedBy', { date: when(d.openedAt), name: d.openedBy.name })
                  : t('deviations.detail.openedAt', { date: when(d.openedAt) })}
                {' · '}
                {days === 0 ? t('deviations.ageToday') : t('deviations.ageDays', { count: days })}
              </Text>
              <Box flex="1" />
              <Button asChild size="sm" variant="outline">
                <RouterLink to={pathFor('backoffice-salereports-id', { id: d.sale.id })}>{t('deviations.detail.openSale')}</RouterLink>
              </Button>
              {waiting && d.sale.allowedNext.length > 0 ? (
                <Button size="sm" colorPalette="brand" onClick={() => setResolving(true)}>
                  {t('deviations.detail.resolve')}
                </Button>
              ) : null}
            </Flex>

            <Notice
              status={waiting ? 'warning' : 'success'}
              data-testid="deviation-state"
              title={d.reason}
              description={
                <>
                  {d.state === 'open' ? t('deviations.detail.waitingSeller') : null}
                  {d.state === 'corrected' && d.correctedAt ? t('deviations.detail.waitingBackoffice', { date: when(d.correctedAt) }) : null}
                  {d.state === 'resolved' && d.resolvedAt && d.resolution
                    ? t('deviations.detail.resolvedAs', {
                        date: when(d.resolvedAt),
                        name: d.resolvedBy?.name ?? t('deviations.detail.system'),
                        status: t(`sales.status.${d.resolution}`),
                      })
                    : null}
                  {d.correctionNote ? (
                    <Text mt="1">
                      {t('deviations.detail.sellerComment')}: “{d.correctionNote}”
                    </Text>
                  ) : null}
                </>
              }
            />

            <SectionCard title={t('deviations.detail.sale')}>
              <DataList.Root orientation="horizontal" size="sm">
                {row(t('deviations.columns.customer'), d.sale.customerName)}
                {row(t('saleReports.columns.status'), <SaleStatusBadge status={d.sale.status} />)}
                {row(t('deviations.columns.seller'), d.sale.seller.name)}
                {row(t('deviations.columns.team'), d.sale.team?.name)}
                {row(t('deviations.columns.provider'), d.sale.provider.name)}
                {row(t('saleReports.columns.soldAt'), formatDate(d.sale.sellDate, lang))}
                {row(t('saleReports.columns.orderValue'), formatOre(d.sale.orderValueOre, lang))}
              </DataList.Root>
            </SectionCard>

            <DeviationActivity activity={d.activity} />

            {d.others.length > 0 ? (
              <SectionCard title={t('deviations.detail.others')}>
                <Stack gap="2" as="ul">
                  {d.others.map((o) => (
                    <HStack as="li" key={o.id} listStyleType="none" gap="2" wrap="wrap">
                      <ChakraLink asChild>
                        <RouterLink to={pathFor('backoffice-deviations-id', { id: o.id })}>{t(`sales.deviationTypes.${o.type}`)}</RouterLink>
                      </ChakraLink>
                      <DeviationStateBadge state={o.state} />
                      <Text fontSize="sm" color="fg.muted">
                        {formatDate(o.openedAt, lang)}
                      </Text>
                    </HStack>
                  ))}
                </Stack>
              </SectionCard>
            ) : null}

            <ChangeStatusDialog
              open={resolving}
              onOpenChange={setResolving}
              reports={[{ id: d.sale.id, version: d.sale.version, status: d.sale.status, label: `${d.sale.customerName} · ${d.sale.seller.name}` }]}
              allowed={d.sale.allowedNext}
              onConflict={() => void deviation.refetch()}
              onMoved={() => {
                snackbar.success(t('saleReports.move.movedCount', { count: 1 }))
                void refreshMoved(id, d.sale.id)
              }}
            />
          </Page>
        )
      }}
    </DetailState>
  )
}

function activityLabel(t: (key: string) => string, action: string): string {
  return action === 'status_changed' || action === 'corrected' || action === 'created' ? t(`deviations.detail.actions.${action}`) : action
}

/**
 * A log line's changed fields as [field, before, after], bookkeeping left out; money as money. A new set of products
 * is named, not spelled out (after is null): the sale report shows its lines.
 */
function changes(a: DeviationDetail['activity'][number], lang: FormatLanguage): Array<[string, string, string | null]> {
  const after = a.after ?? {}
  const show = (k: string, v: unknown) =>
    v === null || v === undefined || v === '' ? '–' : k === 'orderValueOre' && typeof v === 'number' ? formatOre(v, lang) : String(v)
  return Object.keys(after)
    .filter((k) => !HIDDEN_FIELDS.has(k))
    .map((k) => (k === 'products' ? [k, '', null] : [k, show(k, a.before?.[k]), show(k, after[k])]))
}

/** What happened to the deviation and its sale, in order: who, when, the new status, the reason and the fields changed. */
function DeviationActivity({ activity }: { activity: DeviationDetail['activity'] }) {
  const { t, lang } = useLanguage()
  const when = (at: number) => `${formatDate(at, lang)} ${formatTime(at, lang)}`
  return (
    <SectionCard title={t('deviations.detail.activity')}>
      {activity.length === 0 ? (
        <Text color="fg.muted">{t('deviations.detail.noActivity')}</Text>
      ) : (
        <Stack gap="3" as="ol" data-testid="deviation-activity">
          {activity.map((a, i) => (
            <Box as="li" key={`${a.at}-${i}`} listStyleType="none" borderStartWidth="2px" ps="3">
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="medium">{activityLabel(t, a.action)}</Text>
                {typeof a.after?.status === 'string' ? <SaleStatusBadge status={a.after.status as DeviationDetail['sale']['status']} /> : null}
                <Text fontSize="sm" color="fg.muted">
                  {when(a.at)} · {a.actor?.name ?? t('deviations.detail.system')}
                </Text>
              </HStack>
              {a.reason ? <Text mt="1">{a.reason}</Text> : null}
              {changes(a, lang).map(([field, before, after]) => (
                <Text key={field} fontSize="sm" color="fg.muted">
                  {after === null
                    ? t('deviations.detail.changedField', { field: SALE_FIELD_LABELS[field] ? t(SALE_FIELD_LABELS[field]) : field })
                    : t('deviations.detail.changed', { field: SALE_FIELD_LABELS[field] ? t(SALE_FIELD_LABELS[field]) : field, before, after })}
                </Text>
              ))}
            </Box>
          ))}
        </Stack>
      )}
    </SectionCard>
  )
}
