import { Badge, Box, Card, DataList, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useParams } from 'react-router'
import { formatDate, formatTime, type FormatLanguage } from '../../../../shared/format'
import { pathFor } from '../../../../shared/routes'
import { Page } from '../../../components/ui/page'
import { ApiClientError } from '../../../lib/api-client'
import { SaleStatusBadge } from '../../../components/ui/sale-status-badge'
import { getOrder } from '../api/orders-api'
import { revealIdentity } from '../../../lib/identity-api'
import { DetailState } from '../../../components/ui/detail-state'
import { IdentityNumber } from '../../../components/ui/identity-number'

/** Fields of an order's log lines, as their labels. */
const FIELD_KEYS: Record<string, string> = {
  customerName: 'orderManagement.fields.customerName',
  orderDate: 'orderManagement.fields.orderDate',
  externalStatus: 'orderManagement.fields.externalStatus',
  esignStatus: 'orderManagement.fields.esignStatus',
  externalOrderNumber: 'orderManagement.fields.externalOrderNumber',
  saleId: 'orderManagement.columns.sale',
  matchedBy: 'orderManagement.columns.matchedBy',
  matched: 'orderManagement.columns.matched',
}

/** /backoffice/ordermanagement/:id: one order registration, the sale report it is matched to, and its log. */
export default function OrderPage() {
  const { t, i18n } = useTranslation()
  const lang = i18n.language as FormatLanguage
  const { id = '' } = useParams()
  const order = useQuery({
    queryKey: ['order', id],
    queryFn: ({ signal }) => getOrder(id, signal),
    retry: (n, err) => !(err instanceof ApiClientError) && n < 2,
  })
  const title = t('routes.backoffice-ordermanagement-id')
  const crumbs = [{ label: t('nav.groups.backoffice') }, { label: t('routes.backoffice-ordermanagement'), to: pathFor('backoffice-ordermanagement') }]
  const row = (label: string, value: ReactNode) => (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value ?? '–'}</DataList.ItemValue>
    </DataList.Item>
  )
  const show = (v: unknown) => (v === null || v === undefined || v === '' ? '–' : String(v))

  // A malformed address answers 400, an unknown one 404: both are "not found" (DetailState).
  return (
    <DetailState query={order} title={title} breadcrumbs={crumbs} notFound={t('orderManagement.notFound')}>
      {(o) => (
        <Page title={`${title}: ${o.externalOrderNumber ?? o.customerName ?? ''}`} breadcrumbs={crumbs}>
          <Card.Root>
            <Card.Body>
              <DataList.Root orientation="horizontal" size="sm">
                {row(t('orderManagement.columns.provider'), o.providerName)}
                {row(t('orderManagement.fields.externalOrderNumber'), o.externalOrderNumber)}
                {row(t('orderManagement.fields.customerName'), o.customerName)}
                {row(t('orderManagement.fields.customerNumber'), <IdentityNumber masked={o.customerNumber} reveal={() => revealIdentity.ofOrder(o.id)} />)}
                {row(t('orderManagement.fields.orderDate'), o.orderDate ? formatDate(o.orderDate, lang) : null)}
                {row(t('orderManagement.fields.externalStatus'), o.externalStatus)}
                {row(
                  t('orderManagement.fields.esignStatus'),
                  o.esignStatus ? (
                    <Badge colorPalette={o.esignStatus === 'signed' ? 'green' : 'gray'}>{t(`orderManagement.esign.${o.esignStatus}`)}</Badge>
                  ) : null,
                )}
                {row(
                  t('orderManagement.columns.sale'),
                  o.sale ? (
                    <HStack gap="2" wrap="wrap">
                      <ChakraLink asChild>
                        <RouterLink to={pathFor('backoffice-salereports-id', { id: o.sale.id })}>
                          {o.sale.customerName} · {formatDate(o.sale.sellDate, lang)} · {o.sale.sellerName}
                        </RouterLink>
                      </ChakraLink>
                      <SaleStatusBadge status={o.sale.status} />
                      {o.matchedBy ? (
                        <Text fontSize="xs" color="fg.muted">
                          {t(`orderManagement.matchedBy.${o.matchedBy}`)}
                        </Text>
                      ) : null}
                    </HStack>
                  ) : (
                    <Badge colorPalette="orange" variant="subtle">
                      {t('orderManagement.unmatched')}
                    </Badge>
                  ),
                )}
              </DataList.Root>
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Header>
              <Card.Title>{t('orderManagement.log')}</Card.Title>
            </Card.Header>
            <Card.Body>
              <Stack gap="3" as="ol" data-testid="order-log">
                {o.activity.map((a, i) => (
                  <Box as="li" key={`${a.at}-${i}`} listStyleType="none" borderStartWidth="2px" ps="3">
                    <Text fontWeight="medium">
                      {t(`orderManagement.actions.${a.action === 'created' ? 'created' : 'updated'}`)}{' '}
                      <Text as="span" fontSize="sm" color="fg.muted" fontWeight="normal">
                        {formatDate(a.at, lang)} {formatTime(a.at, lang)}
                      </Text>
                    </Text>
                    {Object.keys(a.after ?? {})
                      .filter((k) => FIELD_KEYS[k])
                      .map((k) => (
                        <Text key={k} fontSize="sm" color="fg.muted">
                          {t(FIELD_KEYS[k]!)}: {a.action === 'created' ? show(a.after?.[k]) : `${show(a.before?.[k])} → ${show(a.after?.[k])}`}
                        </Text>
                      ))}
                  </Box>
                ))}
              </Stack>
            </Card.Body>
          </Card.Root>
        </Page>
      )}
    </DetailState>
  )
}
