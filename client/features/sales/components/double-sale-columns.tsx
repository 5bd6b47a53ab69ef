import { Badge, Button, Flex, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { formatDate, formatOre, formatTime, type FormatLanguage } from '../../../../shared/format'
import { pathFor } from '../../../../shared/routes'
import type { DoubleSaleListItem, DoubleState } from '../../../../shared/schemas/double-sales'
import type { Column } from '../../../components/ui/data-table/data-table'
import { IdentityNumber } from '../../../components/ui/identity-number'
import { SaleStatusBadge } from '../../../components/ui/sale-status-badge'
import { revealIdentity } from '../../../lib/identity-api'

const STATE_COLOR: Record<DoubleState, string> = { open: 'orange', confirmed: 'red', dismissed: 'gray' }

/**
 * The double sales list's columns (and its CSV): when found, the customer, how far apart, the later and the earlier
 * sale, and the state — or, for an open pair and a reader who may decide (`decide`), confirm and dismiss.
 */
export function doubleSaleColumns(
  t: (key: string, params?: Record<string, unknown>) => string,
  lang: FormatLanguage,
  decide: ((pair: DoubleSaleListItem, mode: 'confirm' | 'dismiss') => void) | null,
): Column<DoubleSaleListItem>[] {
  const sale = (s: DoubleSaleListItem['later']) => (
    <Stack gap="1">
      <ChakraLink asChild fontSize="sm">
        <RouterLink to={pathFor('backoffice-salereports-id', { id: s.id })}>
          {t('doubleSales.saleLine', {
            date: `${formatDate(s.soldAt, lang)} ${formatTime(s.soldAt, lang)}`,
            seller: s.sellerName,
            value: formatOre(s.orderValueOre, lang),
          })}
        </RouterLink>
      </ChakraLink>
      <HStack>
        <SaleStatusBadge status={s.status} />
      </HStack>
    </Stack>
  )
  return [
    {
      key: 'found',
      header: t('doubleSales.columns.found'),
      sortKey: 'detectedAt',
      render: (r) => <Text whiteSpace="nowrap">{formatDate(r.detectedAt, lang)}</Text>,
      csv: (r) => new Date(r.detectedAt).toISOString(),
      hideBelow: 'md',
    },
    {
      key: 'customer',
      header: t('doubleSales.columns.customer'),
      render: (r) => (
        <>
          <Text fontWeight="medium">{r.customerName}</Text>
          <Text as="div" fontSize="xs" color="fg.muted">
            <IdentityNumber masked={r.customerNumber} reveal={() => revealIdentity.ofSale(r.later.id)} />
          </Text>
          <Text fontSize="xs" color="fg.muted" hideFrom="lg">
            {r.providerName}
          </Text>
        </>
      ),
      csv: (r) => `${r.customerName} (${r.customerNumber})`,
    },
    { key: 'provider', header: t('doubleSales.columns.provider'), render: (r) => r.providerName, csv: (r) => r.providerName, hideBelow: 'lg' },
    {
      key: 'apart',
      header: t('doubleSales.columns.apart'),
      render: (r) => <Text whiteSpace="nowrap">{r.daysApart === 0 ? t('doubleSales.sameDay') : t('doubleSales.apartDays', { count: r.daysApart })}</Text>,
      csv: (r) => r.daysApart,
    },
    {
      key: 'later',
      header: t('doubleSales.columns.later'),
      render: (r) => sale(r.later),
      csv: (r) => `${r.later.sellDate} ${r.later.sellerName}`,
      hideBelow: 'sm',
    },
    {
      key: 'earlier',
      header: t('doubleSales.columns.earlier'),
      render: (r) => sale(r.earlier),
      csv: (r) => `${r.earlier.sellDate} ${r.earlier.sellerName}`,
      hideBelow: 'sm',
    },
    {
      key: 'state',
      header: t('doubleSales.columns.state'),
      render: (r) =>
        r.state === 'open' && decide ? (
          <Flex gap="2" wrap="wrap">
            <Button size="xs" colorPalette="red" variant="outline" onClick={() => decide(r, 'confirm')}>
              {t('doubleSales.confirm')}
            </Button>
            <Button size="xs" variant="outline" onClick={() => decide(r, 'dismiss')}>
              {t('doubleSales.dismiss')}
            </Button>
          </Flex>
        ) : (
          <Stack gap="1">
            <Badge colorPalette={STATE_COLOR[r.state]} variant="subtle" alignSelf="start">
              {t(`doubleSales.states.${r.state}`)}
            </Badge>
            {r.decidedAt ? (
              <Text fontSize="xs" color="fg.muted">
                {t('doubleSales.decided', { date: formatDate(r.decidedAt, lang) })}
              </Text>
            ) : null}
            {r.note ? (
              <Text fontSize="xs" color="fg.muted" lineClamp={2} title={r.note}>
                {r.note}
              </Text>
            ) : null}
          </Stack>
        ),
      csv: (r) => t(`doubleSales.states.${r.state}`),
    },
  ]
}
