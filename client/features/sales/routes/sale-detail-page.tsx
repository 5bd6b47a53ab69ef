import { Alert, Badge, Box, Button, DataList, Flex, HStack, Image, Link as ChakraLink, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { formatDate, formatOre, formatPieces, formatTime } from '../../../../shared/format'
import { formatPersonalNumber, maskPersonalNumber } from '../../../../shared/rules/identity'
import type { SaleStatus } from '../../../../shared/schemas/sales'
import { Page } from '../../../components/ui/page'
import { useOutboxFor, useSellerStore } from '../../../lib/device-store'
import { useCatalog, useLocalFile, useSale } from '../api/seller-store'
import { SyncBadge } from '../../../components/ui/sync-badge'
import { SaleStatusBadge } from '../../../components/ui/sale-status-badge'
import { SurveyCodeButton } from '../components/survey-code-button'
import { Figure } from '../../../components/ui/figure'
import { CorrectSaleDialog } from '../components/correct-sale-dialog'
import { CORRECTIONS } from '../../../../shared/rules/sale-lifecycle'
import { Notice } from '../../../components/ui/notice'
import { useLanguage } from '../../../lib/use-language'
import { SectionCard } from '../../../components/ui/section-card'

/**
 * One of the seller's sales, from the device: details, products, amounts, status history and deviation; `offer` the
 * sale's written offer after a telesales call (the offers feature's, put here by the app: docs/decisions/094).
 */
export default function SaleDetailPage({ offer }: { offer?: (saleId: string) => ReactNode } = {}) {
  const { t, lang } = useLanguage()
  const { id = '' } = useParams()
  const [showSsn, setShowSsn] = useState(false)
  const [correcting, setCorrecting] = useState(false)
  const { db } = useSellerStore()
  const sale = useSale(db, id)
  const outbox = useOutboxFor(db, id)

  const title = t('routes.sales-id')
  const crumbs = [{ label: t('nav.groups.sales') }, { label: t('routes.sales-list'), to: '/sales/list' }]
  if (sale === undefined) return <Page title={title} breadcrumbs={crumbs} />
  if (sale === null) {
    return (
      <Page title={title} breadcrumbs={crumbs}>
        <Notice status="warning" description={t('sales.notOnDevice')} />
      </Page>
    )
  }
  const rejected = outbox?.find((r) => r.state === 'rejected')
  // A deviation the seller can correct (its type names fields they may change), not already corrected on the phone.
  const correctable = sale.status === 'deviation' && !!sale.deviationType && CORRECTIONS[sale.deviationType].length > 0

  return (
    <Page title={`${title}: ${sale.companyName ?? sale.customerName}`} breadcrumbs={crumbs}>
      <HStack gap="2" wrap="wrap">
        <SaleStatusBadge status={sale.status as SaleStatus} />
        <SyncBadge sync={sale.sync} />
        {sale.qualityGrade ? (
          <Badge variant="outline" colorPalette="purple" data-testid="sale-quality-grade">
            {t('sales.qualityGrade', { grade: sale.qualityGrade })}
          </Badge>
        ) : null}
        <Text fontSize="sm" color="fg.muted">
          {t('sales.soldAt', { date: sale.soldAt, time: formatTime(sale.soldAt, lang) })}
        </Text>
      </HStack>
      {sale.sync !== 'pending' && !sale.qualityGrade && sale.status !== 'regret' ? (
        <Box>
          <SurveyCodeButton saleId={sale.id} />
        </Box>
      ) : null}
      {sale.sync === 'pending' ? <Notice status="warning" size="sm" description={t('sales.pendingNote')} /> : offer?.(sale.id)}
      {rejected?.rejection ? (
        <Notice status="error" title={t('sync.needsAttention')} description={rejected.rejection.message}>
          <Button asChild size="sm" variant="outline">
            <Link to="/sales/sync">{t('sync.resolve')}</Link>
          </Button>
        </Notice>
      ) : null}
      {sale.status === 'deviation' || sale.deviationReason ? (
        <Alert.Root status="error" data-testid="deviation">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{sale.deviationType ? t(`sales.deviationTypes.${sale.deviationType}`) : t('sales.status.deviation')}</Alert.Title>
            {sale.deviationReason ? <Alert.Description>{sale.deviationReason}</Alert.Description> : null}
            {sale.status === 'deviation' && sale.deviationType && !correctable ? (
              <Alert.Description>{t('sales.correct.notCorrectable')}</Alert.Description>
            ) : null}
          </Alert.Content>
          {correctable ? (
            <Button size="sm" colorPalette="brand" onClick={() => setCorrecting(true)}>
              {t('sales.correct.button')}
            </Button>
          ) : null}
        </Alert.Root>
      ) : null}
      {correctable ? <CorrectSaleDialog sale={sale} open={correcting} onOpenChange={setCorrecting} /> : null}

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <SectionCard title={t('sales.customer')}>
          <DataList.Root orientation="horizontal" size="sm">
            {(
              [
                [t('sales.customerType'), t(`sales.customerTypes.${sale.customerType}`)],
                [t('sales.companyName'), sale.companyName],
                [t('sales.orgNumber'), sale.orgNumber],
                [t('sales.customerName'), sale.customerName],
                [
                  t('sales.ssn'),
                  sale.customerSsn ? (
                    // Masked like every list; the seller who registered the sale may show it in full.
                    <HStack gap="2" as="span">
                      <Text as="span" data-testid="customer-ssn">
                        {showSsn ? formatPersonalNumber(sale.customerSsn) : maskPersonalNumber(sale.customerSsn)}
                      </Text>
                      <Button size="2xs" variant="ghost" onClick={() => setShowSsn((v) => !v)} aria-pressed={showSsn}>
                        {showSsn ? t('sales.hideSsn') : t('sales.showSsn')}
                      </Button>
                    </HStack>
                  ) : null,
                ],
                [t('sales.phone'), sale.phone],
                [t('sales.email'), sale.email],
                [t('sales.address'), `${sale.address}, ${sale.postalCode} ${sale.city}`],
                [t('sales.externalOrderNumber'), sale.externalOrderNumber],
                [t('sales.message'), sale.message],
              ] as Array<[string, ReactNode]>
            )
              .filter(([, v]) => !!v)
              .map(([label, value]) => (
                <DataList.Item key={label}>
                  <DataList.ItemLabel>{label}</DataList.ItemLabel>
                  <DataList.ItemValue>{value}</DataList.ItemValue>
                </DataList.Item>
              ))}
          </DataList.Root>
        </SectionCard>

        <OrderCard sale={sale} />

        <SaleHistoryCard history={sale.statusHistory} />

        <ChecklistCard sale={sale} />
      </SimpleGrid>
    </Page>
  )
}

type StoredSale = NonNullable<ReturnType<typeof useSale>>

/** The statuses the sale has had, each with its date and the reason where one was given. */
function SaleHistoryCard({ history }: { history: StoredSale['statusHistory'] }) {
  const { t, lang } = useLanguage()
  return (
    <SectionCard title={t('sales.statusHistory')}>
      {history.length === 0 ? (
        <Text color="fg.muted">{t('sales.noHistoryYet')}</Text>
      ) : (
        <Stack gap="2" as="ol">
          {history.map((h) => (
            // The date stays on one line; a long reason goes under it (beside it, it squeezed the date).
            <Flex as="li" key={`${h.status}-${h.at}`} wrap="wrap" align="center" columnGap="3" rowGap="1">
              <SaleStatusBadge status={h.status} />
              <Text fontSize="sm" whiteSpace="nowrap">
                {formatDate(h.at, lang)} {formatTime(h.at, lang)}
              </Text>
              {h.note ? (
                <Text fontSize="sm" color="fg.muted" flexBasis="100%">
                  {h.note}
                </Text>
              ) : null}
            </Flex>
          ))}
        </Stack>
      )}
    </SectionCard>
  )
}

/** The checklist: the photo kept on the phone when it is there (offline too), else the server's copy. */
function ChecklistCard({ sale }: { sale: StoredSale }) {
  const { t } = useTranslation()
  const { db } = useSellerStore()
  const localFile = useLocalFile(db, sale.checklistFileId)
  const blobUrl = useMemo(() => (localFile ? URL.createObjectURL(localFile.blob) : null), [localFile])
  useEffect(() => () => (blobUrl ? URL.revokeObjectURL(blobUrl) : undefined), [blobUrl])
  const fileUrl = blobUrl ?? (sale.checklistFileId ? `/api/sync/files/${sale.checklistFileId}` : null)
  return (
    <SectionCard title={t('sales.checklist')}>
      {!sale.checklistFile ? (
        <Text color="fg.muted">{t('sales.noChecklist')}</Text>
      ) : (
        <Stack gap="2">
          {fileUrl && sale.checklistFile.contentType.startsWith('image/') ? (
            <Box maxW="sm">
              <Image src={fileUrl} alt={sale.checklistFile.name} borderRadius="md" data-testid="checklist-preview" />
            </Box>
          ) : null}
          {fileUrl ? (
            <ChakraLink href={fileUrl} target="_blank" rel="noreferrer">
              {sale.checklistFile.name}
            </ChakraLink>
          ) : null}
        </Stack>
      )}
    </SectionCard>
  )
}

/** What was sold: the provider, each product and quantity, the order value and commission (estimates until synced). */
function OrderCard({ sale }: { sale: StoredSale }) {
  const { t, lang } = useLanguage()
  const { db } = useSellerStore()
  const catalog = useCatalog(db)
  const product = (pid: string) => catalog?.products.find((p) => p.id === pid)
  const provider = catalog?.providers.find((p) => p.id === sale.providerId)
  return (
    <SectionCard title={`${t('sales.order')} · ${provider?.name ?? '–'}`}>
      <Stack gap="4">
        <Table.Root size="sm">
          <Table.Body>
            {sale.products.map((l) => (
              <Table.Row key={l.productId}>
                <Table.Cell>{product(l.productId)?.name ?? '–'}</Table.Cell>
                <Table.Cell textAlign="end">{formatPieces(l.quantity, lang)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        <SimpleGrid columns={2} gap="3">
          <Figure label={t('sales.orderValue')} value={formatOre(sale.orderValueOre, lang)} />
          <Figure label={t('sales.sellerCommission')} value={formatOre(sale.sellerCommissionOre, lang)} />
        </SimpleGrid>
        {sale.sync !== 'synced' ? (
          <Text fontSize="xs" color="fg.muted">
            {t('sales.estimateNote')}
          </Text>
        ) : null}
      </Stack>
    </SectionCard>
  )
}
