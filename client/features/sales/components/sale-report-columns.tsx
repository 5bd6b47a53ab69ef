import { Text } from '@chakra-ui/react'
import { formatDate, formatOre, formatTime, type FormatLanguage } from '../../../../shared/format'
import type { SaleReportListItem } from '../../../../shared/schemas/sale-reports'
import type { Column } from '../../../components/ui/data-table/data-table'
import { SaleStatusBadge } from '../../../components/ui/sale-status-badge'

/** The sale reports list's columns (and its CSV): when, the customer, seller, team, provider, order, value and status. */
export function saleReportColumns(t: (key: string, params?: Record<string, unknown>) => string, lang: FormatLanguage): Column<SaleReportListItem>[] {
  return [
    {
      key: 'soldAt',
      header: t('saleReports.columns.soldAt'),
      sortKey: 'soldAt',
      render: (r) => (
        <Text whiteSpace="nowrap">
          {formatDate(r.soldAt, lang)} {formatTime(r.soldAt, lang)}
        </Text>
      ),
      csv: (r) => new Date(r.soldAt).toISOString(),
    },
    {
      key: 'customer',
      header: t('saleReports.columns.customer'),
      sortKey: 'customer',
      render: (r) => (
        <>
          <Text fontWeight="medium">{r.customerName}</Text>
          {r.companyName ? (
            <Text fontSize="xs" color="fg.muted">
              {r.companyName}
            </Text>
          ) : null}
        </>
      ),
      csv: (r) => r.customerName,
    },
    { key: 'seller', header: t('saleReports.columns.seller'), render: (r) => r.sellerName, csv: (r) => r.sellerName, hideBelow: 'md' },
    { key: 'team', header: t('saleReports.columns.team'), render: (r) => r.teamName ?? '–', csv: (r) => r.teamName, hideBelow: 'lg' },
    { key: 'provider', header: t('saleReports.columns.provider'), render: (r) => r.providerName, csv: (r) => r.providerName, hideBelow: 'lg' },
    {
      key: 'orderNumber',
      header: t('saleReports.columns.orderNumber'),
      render: (r) => r.externalOrderNumber ?? '–',
      csv: (r) => r.externalOrderNumber,
      hideBelow: 'lg',
    },
    {
      key: 'orderValue',
      header: t('saleReports.columns.orderValue'),
      sortKey: 'orderValue',
      render: (r) => <Text textAlign="end">{formatOre(r.orderValueOre, lang)}</Text>,
      csv: (r) => (r.orderValueOre / 100).toFixed(2),
      hideBelow: 'sm',
    },
    {
      key: 'status',
      header: t('saleReports.columns.status'),
      sortKey: 'status',
      render: (r) => <SaleStatusBadge status={r.status} />,
      csv: (r) => t(`sales.status.${r.status}`),
    },
  ]
}
