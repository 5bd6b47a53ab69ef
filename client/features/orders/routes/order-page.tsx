import { Badge, Box, Button, Card, DataList, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react'
import { useState, type ReactNode } from 'react'
import { Link as RouterLink, useParams } from 'react-router'
import { formatDate, formatTime } from '../../../../shared/format'
import { pathFor } from '../../../../shared/routes'
import { Page } from '../../../components/ui/page'
import { SaleStatusBadge } from '../../../components/ui/sale-status-badge'
import { revealIdentity } from '../../../lib/identity-api'
import { DetailState } from '../../../components/ui/detail-state'
import { IdentityNumber } from '../../../components/ui/identity-number'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { MatchDialog, UnmatchDialog } from '../components/match-dialog'
import { fact } from '../../../components/ui/detail-kit'
import { useLanguage } from '../../../lib/use-language'
import { SectionCard } from '../../../components/ui/section-card'
import { useOrder, useRefreshOrderSettled, useRefreshOrdersDetail } from '../api/orders-queries'

/** Fields of an order's log lines, as their labels. */
const FIELD_KEYS: Record<string, string> = {
  customerName: 'orderManagement.fields.customerName',
  orderDate: 'orderManagement.fields.orderDate',
  externalStatus: 'orderManagement.fields.externalStatus',
  esignStatus: 'orderManagement.fields.esignStatus',
  externalOrderNumber: 'orderManagement.fields.externalOrderNumber',
  // How it was matched says it; the sale's id and the list's flag are not for reading.
  matchedBy: 'orderManagement.columns.matchedBy',
}

/** /backoffice/ordermanagement/:id: one order registration, the sale report it is matched to, and its log. */
export default function OrderPage() {
  const { t, lang } = useLanguage()
  const { id = '' } = useParams()
  const ability = useAbility()
  const refreshOrdersDetail = useRefreshOrdersDetail()
  const refreshSettled = useRefreshOrderSettled()
  const [dialog, setDialog] = useState<'match' | 'unmatch' | null>(null)
  // Matching shows sale reports too: their permission as well (as the server asks).
  const mayMatch = ability.can('update', 'order_registrations') && ability.can('view', 'sale_reports')
  const settled = (message: string) => {
    setDialog(null)
    snackbar.success(t(message))
    void refreshSettled(id)
  }
  const order = useOrder(id)
  const title = t('routes.backoffice-ordermanagement-id')
  const crumbs = [{ label: t('nav.groups.backoffice') }, { label: t('routes.backoffice-ordermanagement'), to: pathFor('backoffice-ordermanagement') }]
  const row = (label: string, value: ReactNode) => fact(label, value)
  // The file's own changes, a match by hand and its undoing, and a reading of the whole number.
  const actionLabel = (action: string) =>
    ['created', 'updated', 'matched', 'unmatched'].includes(action) ? t(`orderManagement.actions.${action}`) : t(`activityLog.actions.${action}`)
  // A logged value as the page shows it: dates in the reader's style, codes in words.
  const show = (key: string, v: unknown) => {
    if (v === null || v === undefined || v === '') return '–'
    if (key === 'matchedBy') return t(`orderManagement.matchedBy.${String(v)}`)
    if (key === 'esignStatus') return t(`orderManagement.esign.${String(v)}`)
    if (key === 'orderDate' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return formatDate(v, lang)
    return String(v)
  }

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
                {row(
                  t('orderManagement.fields.customerNumber'),
                  <IdentityNumber
                    masked={o.customerNumber}
                    reveal={async () => {
                      const answer = await revealIdentity.ofOrder(o.id)
                      // The reading is in the order's log at once.
                      void refreshOrdersDetail(id)
                      return answer
                    }}
                  />,
                )}
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
                      {mayMatch ? (
                        <Button size="xs" variant="outline" onClick={() => setDialog('unmatch')}>
                          {t('orderManagement.manualMatch.unmatch')}
                        </Button>
                      ) : null}
                    </HStack>
                  ) : (
                    <HStack gap="2" wrap="wrap">
                      <Badge colorPalette="orange" variant="subtle">
                        {t('orderManagement.unmatched')}
                      </Badge>
                      {mayMatch ? (
                        <Button size="xs" colorPalette="brand" onClick={() => setDialog('match')}>
                          {t('orderManagement.manualMatch.open')}
                        </Button>
                      ) : null}
                    </HStack>
                  ),
                )}
              </DataList.Root>
            </Card.Body>
          </Card.Root>
          <SectionCard title={t('orderManagement.log')}>
            <Stack gap="3" as="ol" data-testid="order-log">
              {o.activity.map((a, i) => (
                <Box as="li" key={`${a.at}-${i}`} listStyleType="none" borderStartWidth="2px" ps="3">
                  <Text fontWeight="medium">
                    {actionLabel(a.action)}{' '}
                    <Text as="span" fontSize="sm" color="fg.muted" fontWeight="normal">
                      {formatDate(a.at, lang)} {formatTime(a.at, lang)}
                      {a.actorName ? ` · ${a.actorName}` : ''}
                    </Text>
                  </Text>
                  {a.reason ? (
                    <Text fontSize="sm" fontStyle="italic">
                      {a.reason}
                    </Text>
                  ) : null}
                  {Object.keys(a.after ?? {})
                    // A match's own line says what happened; its sale is the page's (or was, before it was undone).
                    .filter((k) => FIELD_KEYS[k] && a.action !== 'matched' && a.action !== 'unmatched')
                    .map((k) => (
                      <Text key={k} fontSize="sm" color="fg.muted">
                        {t(FIELD_KEYS[k]!)}: {a.action === 'created' ? show(k, a.after?.[k]) : `${show(k, a.before?.[k])} → ${show(k, a.after?.[k])}`}
                      </Text>
                    ))}
                </Box>
              ))}
            </Stack>
          </SectionCard>
          {dialog === 'match' ? <MatchDialog order={o} onClose={() => setDialog(null)} onDone={() => settled('orderManagement.manualMatch.done')} /> : null}
          {dialog === 'unmatch' ? (
            <UnmatchDialog order={o} onClose={() => setDialog(null)} onDone={() => settled('orderManagement.manualMatch.unmatched')} />
          ) : null}
        </Page>
      )}
    </DetailState>
  )
}
