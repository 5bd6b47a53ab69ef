import { Alert, Box, Button, DataList, Flex, HStack, Image, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useParams } from 'react-router'
import { formatDate, formatOre, formatPieces, formatTime } from '../../../../shared/format'
import { pathFor } from '../../../../shared/routes'
import { Page } from '../../../components/ui/page'
import { DetailState } from '../../../components/ui/detail-state'
import { snackbar } from '../../../lib/snackbar-store'
import { getSaleReport } from '../api/sale-reports-api'
import { revealIdentity } from '../../../lib/identity-api'
import { ChangeStatusDialog } from '../components/change-status-dialog'
import { DeviationStateBadge } from '../components/status-badges'
import { SaleStatusBadge } from '../../../components/ui/sale-status-badge'
import { ActivityLog } from '../../../components/ui/activity-log'
import { SALE_FIELD_LABELS } from '../components/sale-fields'
import { IdentityNumber } from '../../../components/ui/identity-number'
import { useAbility } from '../../../lib/session'
import { fact } from '../../../components/ui/detail-kit'
import { useLanguage } from '../../../lib/use-language'
import { RecordTable } from '../../../components/ui/record-table'
import { SectionCard } from '../../../components/ui/section-card'
import { useRefreshSaleReportMoved, useRefreshSalesReport, useSaleReport } from '../api/sales-queries'

/** The checklist photos a browser draws by itself. */
const BROWSER_IMAGES = new Set(['image/jpeg', 'image/png', 'image/webp'])

/**
 * /backoffice/salereports/:id: one sale report as back office sees it: the sale, the customer (identity number
 * masked unless the user may see customers), its lines and amounts, the checklist, the status history with who
 * and why, the deviation, and the moves the user may make from here.
 */
/** `offer`: the sale's written-offer part (the offers feature's, put here by the app: docs/decisions/094). */
export default function SaleReportPage({ offer }: { offer?: (saleId: string) => ReactNode } = {}) {
  const { t, lang } = useLanguage()
  const { id = '' } = useParams()
  const refreshSalesReport = useRefreshSalesReport()
  const refreshMoved = useRefreshSaleReportMoved()
  const [moving, setMoving] = useState(false)
  const report = useSaleReport(id)

  const title = t('routes.backoffice-salereports-id')
  const crumbs = [{ label: t('nav.groups.backoffice') }, { label: t('routes.backoffice-salereports'), to: pathFor('backoffice-salereports') }]
  return (
    <DetailState query={report} title={title} breadcrumbs={crumbs} notFound={t('saleReports.notFound')}>
      {(r) => {
        const money = (ore: number) => formatOre(ore, lang)
        const row = (label: string, value: ReactNode) => fact(label, value)

        return (
          <Page title={`${title}: ${r.customer.name}`} breadcrumbs={crumbs}>
            <Flex gap="3" align="center" wrap="wrap">
              <SaleStatusBadge status={r.status} />
              <Text color="fg.muted" fontSize="sm">
                {t('saleReports.detail.soldBy', { seller: r.seller.name, date: formatDate(r.soldAt, lang), time: formatTime(r.soldAt, lang) })}
              </Text>
              <Box flex="1" />
              {r.allowedNext.length > 0 ? (
                <Button size="sm" colorPalette="brand" onClick={() => setMoving(true)}>
                  {t('saleReports.changeStatus')}
                </Button>
              ) : null}
            </Flex>

            <Deviations r={r} />

            {offer?.(r.id)}

            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
              <SectionCard title={t('saleReports.detail.sale')}>
                <DataList.Root orientation="horizontal" size="sm">
                  {row(t('saleReports.columns.seller'), r.seller.name)}
                  {row(t('saleReports.columns.team'), r.team?.name)}
                  {row(t('saleReports.filters.office'), r.office?.name)}
                  {row(t('saleReports.columns.provider'), r.provider.name)}
                  {row(t('saleReports.columns.orderNumber'), r.externalOrderNumber)}
                  {row(t('saleReports.columns.orderValue'), money(r.orderValueOre))}
                  {row(t('saleReports.detail.sellerCommission'), money(r.sellerCommissionOre))}
                  {r.companyCommissionOre !== undefined ? row(t('saleReports.detail.companyCommission'), money(r.companyCommissionOre)) : null}
                  {r.companyCostOre !== undefined ? row(t('saleReports.detail.companyCost'), money(r.companyCostOre)) : null}
                  {r.message ? row(t('saleReports.detail.message'), r.message) : null}
                  {r.orderRegistration
                    ? row(
                        t('saleReports.detail.orderRegistration'),
                        <HStack gap="2" wrap="wrap">
                          <ChakraLink asChild>
                            <RouterLink to={pathFor('backoffice-ordermanagement-id', { id: r.orderRegistration.id })} data-testid="order-registration-link">
                              {r.orderRegistration.externalOrderNumber ?? t('saleReports.detail.orderWithoutNumber')}
                            </RouterLink>
                          </ChakraLink>
                          {r.orderRegistration.externalStatus ? <Text color="fg.muted">{r.orderRegistration.externalStatus}</Text> : null}
                        </HStack>,
                      )
                    : null}
                </DataList.Root>
              </SectionCard>
              <CustomerCard r={r} onRevealed={() => void refreshSalesReport(id)} />
            </SimpleGrid>

            <LinesCard r={r} />

            <HistoryCard history={r.statusHistory} />

            <ActivityLog
              lines={r.activity}
              testId="sale-report-log"
              fieldLabel={(k) => (SALE_FIELD_LABELS[k] && k !== 'products' ? t(SALE_FIELD_LABELS[k]) : undefined)}
              formatValue={(k, v) =>
                k === 'status' && typeof v === 'string' ? t(`sales.status.${v}`) : k === 'orderValueOre' && typeof v === 'number' ? money(v) : undefined
              }
            />

            <ChangeStatusDialog
              open={moving}
              onOpenChange={setMoving}
              reports={[{ id: r.id, version: r.version, status: r.status, label: `${r.customer.name} · ${r.seller.name}` }]}
              allowed={r.allowedNext}
              onConflict={() => void report.refetch()}
              onMoved={() => {
                snackbar.success(t('saleReports.move.movedCount', { count: 1 }))
                void refreshMoved(id)
              }}
            />
          </Page>
        )
      }}
    </DetailState>
  )
}

type Report = Awaited<ReturnType<typeof getSaleReport>>

/** The deviation the report is in (or was), and the deviations opened on it with their state. */
function Deviations({ r }: { r: Report }) {
  const { t, lang } = useLanguage()
  return (
    <>
      {r.status === 'deviation' || r.deviationReason ? (
        <Alert.Root status={r.status === 'deviation' ? 'warning' : 'info'} data-testid="deviation-panel">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {t('saleReports.detail.deviation')}
              {r.deviationType ? `: ${t(`sales.deviationTypes.${r.deviationType}`)}` : ''}
            </Alert.Title>
            {r.deviationReason ? <Alert.Description>{r.deviationReason}</Alert.Description> : null}
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {r.deviations.length > 0 ? (
        <HStack gap="3" wrap="wrap" fontSize="sm" data-testid="sale-deviations">
          <Text color="fg.muted">{t('saleReports.detail.deviations')}:</Text>
          {r.deviations.map((d) => (
            <HStack key={d.id} gap="1">
              <ChakraLink asChild>
                <RouterLink to={pathFor('backoffice-deviations-id', { id: d.id })}>
                  {t(`sales.deviationTypes.${d.type}`)} ({formatDate(d.openedAt, lang)})
                </RouterLink>
              </ChakraLink>
              <DeviationStateBadge state={d.state} />
            </HStack>
          ))}
        </HStack>
      ) : null}
    </>
  )
}

/** The products sold, with the checklist (a photo the browser can draw is previewed). */
function LinesCard({ r }: { r: Report }) {
  const { t, lang } = useLanguage()
  const money = (ore: number) => formatOre(ore, lang)
  return (
    <SectionCard title={t('saleReports.detail.lines')} body={{ overflowX: 'auto' }}>
      <RecordTable
        rows={r.lines}
        rowKey={(l) => l.productId}
        columns={[
          { header: t('saleReports.detail.product'), cell: (l) => l.productName },
          { header: t('saleReports.detail.quantity'), cell: (l) => formatPieces(l.quantity, lang), end: true },
          { header: t('saleReports.detail.price'), cell: (l) => money(l.priceOre), end: true },
          { header: t('saleReports.detail.sellerCommission'), cell: (l) => money(l.sellerCommissionOre), end: true, hideBelow: 'sm' },
        ]}
      />
      {r.checklistFile ? (
        <Stack mt="3" gap="2" fontSize="sm">
          <HStack>
            <Text color="fg.muted">{t('saleReports.detail.checklist')}:</Text>
            <ChakraLink href={`/api/files/${r.checklistFile.id}`} target="_blank" rel="noopener">
              {r.checklistFile.name}
            </ChakraLink>
          </HStack>
          {/* A photo the browser can draw is previewed; a PDF or a phone's HEIC photo opens from the link. */}
          {BROWSER_IMAGES.has(r.checklistFile.contentType) ? (
            // The same file as the link above: kept out of the tab order and from screen readers, which have the link.
            <ChakraLink href={`/api/files/${r.checklistFile.id}`} target="_blank" rel="noopener" alignSelf="start" tabIndex={-1} aria-hidden>
              <Image
                src={`/api/files/${r.checklistFile.id}`}
                alt={r.checklistFile.name}
                maxH="60"
                maxW="full"
                borderWidth="1px"
                borderRadius="md"
                loading="lazy"
                data-testid="checklist-preview"
              />
            </ChakraLink>
          ) : null}
        </Stack>
      ) : null}
    </SectionCard>
  )
}

/** Every status the report has had, newest first, with when, who and why. */
function HistoryCard({ history }: { history: Report['statusHistory'] }) {
  const { t, lang } = useLanguage()
  return (
    <SectionCard title={t('saleReports.detail.history')}>
      <Stack gap="3" as="ol" data-testid="status-history">
        {[...history].reverse().map((h, i) => (
          <Box as="li" key={`${h.at}-${i}`} listStyleType="none" borderStartWidth="2px" ps="3">
            <HStack gap="2" wrap="wrap">
              <SaleStatusBadge status={h.status} />
              <Text fontSize="sm" color="fg.muted">
                {formatDate(h.at, lang)} {formatTime(h.at, lang)}
                {h.by ? ` · ${h.by.name}` : ''}
              </Text>
            </HStack>
            {h.note ? <Text mt="1">{h.note}</Text> : null}
          </Box>
        ))}
      </Stack>
    </SectionCard>
  )
}

/** The customer: name, identity number (masked until revealed, which the log records), contact, address, position. */
function CustomerCard({ r, onRevealed }: { r: Report; onRevealed: () => void }) {
  const { t } = useTranslation()
  const ability = useAbility()
  return (
    <SectionCard title={t('saleReports.detail.customer')}>
      <DataList.Root orientation="horizontal" size="sm">
        {fact(t('saleReports.detail.customerName'), r.customer.name)}
        {r.customer.ssn
          ? fact(
              t('saleReports.detail.ssn'),
              <IdentityNumber
                masked={r.customer.ssn}
                reveal={async () => {
                  const answer = await revealIdentity.ofSale(r.id)
                  // The reading is in the report's log at once.
                  onRevealed()
                  return answer
                }}
                testId="sale-report-ssn"
              />,
            )
          : null}
        {r.customer.companyName ? fact(t('saleReports.detail.company'), `${r.customer.companyName} (${r.customer.orgNumber ?? '–'})`) : null}
        {fact(t('saleReports.detail.phone'), r.customer.phone ? <ChakraLink href={`tel:${r.customer.phone}`}>{r.customer.phone}</ChakraLink> : null)}
        {fact(t('saleReports.detail.email'), r.customer.email)}
        {fact(t('saleReports.detail.address'), `${r.customer.address}, ${r.customer.postalCode} ${r.customer.city}`)}
        {r.position
          ? fact(
              t('saleReports.detail.position'),
              ability.can('view', 'controlling') ? (
                <ChakraLink asChild>
                  <RouterLink to={`/backoffice/controlling/maps?c=${r.position.lng},${r.position.lat}&z=16&from=${r.sellDate}&to=${r.sellDate}`}>
                    {t('saleReports.detail.positionOnMap', { accuracy: Math.round(r.position.accuracy ?? 0) })}
                  </RouterLink>
                </ChakraLink>
              ) : (
                t('saleReports.detail.positionRecorded', { accuracy: Math.round(r.position.accuracy ?? 0) })
              ),
            )
          : null}
      </DataList.Root>
    </SectionCard>
  )
}
