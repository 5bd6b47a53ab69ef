import { Badge, HStack, Stack, Text } from '@chakra-ui/react'
import { formatDate, type FormatLanguage } from '../../../../shared/format'
import type { OrderListItem } from '../../../../shared/schemas/orders'
import type { Column } from '../../../components/ui/data-table/data-table'
import { StackedCell } from '../../../components/ui/data-table/stacked-cell'
import { SaleStatusBadge } from '../../../components/ui/sale-status-badge'

/** The order list's columns (and its CSV): the order number, customer, provider, date, statuses and its sale report. */
export function orderColumns(t: (key: string, params?: Record<string, unknown>) => string, lang: FormatLanguage): Column<OrderListItem>[] {
  return [
    {
      key: 'orderNumber',
      header: t('orderManagement.fields.externalOrderNumber'),
      render: (r) => <Text fontWeight="medium">{r.externalOrderNumber ?? '–'}</Text>,
      csv: (r) => r.externalOrderNumber,
    },
    {
      key: 'customer',
      header: t('orderManagement.fields.customerName'),
      render: (r) => <StackedCell main={r.customerName ?? '–'} under={r.providerName} strong={false} />,
      csv: (r) => r.customerName,
    },
    { key: 'provider', header: t('orderManagement.columns.provider'), render: (r) => r.providerName, csv: (r) => r.providerName, hideBelow: 'md' },
    {
      key: 'orderDate',
      header: t('orderManagement.fields.orderDate'),
      sortKey: 'orderDate',
      render: (r) => (r.orderDate ? formatDate(r.orderDate, lang) : '–'),
      csv: (r) => r.orderDate,
      hideBelow: 'sm',
    },
    {
      key: 'status',
      header: t('orderManagement.fields.externalStatus'),
      render: (r) => r.externalStatus ?? '–',
      csv: (r) => r.externalStatus,
      hideBelow: 'lg',
    },
    {
      key: 'esign',
      header: t('orderManagement.fields.esignStatus'),
      render: (r) =>
        r.esignStatus ? <Badge colorPalette={r.esignStatus === 'signed' ? 'green' : 'gray'}>{t(`orderManagement.esign.${r.esignStatus}`)}</Badge> : '–',
      csv: (r) => (r.esignStatus ? t(`orderManagement.esign.${r.esignStatus}`) : ''),
      hideBelow: 'lg',
    },
    {
      key: 'sale',
      header: t('orderManagement.columns.sale'),
      render: (r) =>
        r.sale ? (
          <Stack gap="1">
            <HStack gap="2" wrap="wrap">
              <SaleStatusBadge status={r.sale.status} />
              {r.matchedBy ? (
                <Text fontSize="xs" color="fg.muted">
                  {t(`orderManagement.matchedBy.${r.matchedBy}`)}
                </Text>
              ) : null}
            </HStack>
            <Text fontSize="xs" color="fg.muted">
              {formatDate(r.sale.sellDate, lang)} · {r.sale.sellerName}
            </Text>
          </Stack>
        ) : (
          <Badge colorPalette="orange" variant="subtle">
            {t('orderManagement.unmatched')}
          </Badge>
        ),
      csv: (r) => (r.sale ? r.sale.id : ''),
    },
  ]
}
