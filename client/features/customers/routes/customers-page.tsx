import { Badge, Text } from '@chakra-ui/react'
import { useNavigate } from 'react-router'
import { formatDate } from '../../../../shared/format'
import { pathFor } from '../../../../shared/routes'
import type { CustomerListItem } from '../../../../shared/schemas/customers'
import { listTable } from '../../../components/ui/data-table/list-state'
import { DataTable, type Column } from '../../../components/ui/data-table/data-table'
import { useCsvDownload } from '../../../components/ui/data-table/use-csv-download'
import { useListQuery, useListPage } from '../../../components/ui/data-table/use-list-query'
import { Page } from '../../../components/ui/page'
import { CUSTOMER_FILTER_KEYS, listCustomers } from '../api/customers-api'
import { customersKeys } from '../api/customers-keys'
import { FilterChips } from '../../../components/ui/list-filters'
import { useLanguage } from '../../../lib/use-language'

/**
 * /backoffice/customers: everyone the organisation has sold to, built from the sale reports; latest sale first,
 * searched by name, company, e-mail, phone or city, or found by the whole identity or organisation number.
 * Identity numbers show masked (birth date only).
 */
export default function CustomersPage() {
  const { t, lang } = useLanguage()
  const navigate = useNavigate()
  const { query, update, filters, active } = useListQuery({ sortBy: undefined, itemsPerPage: 25 }, CUSTOMER_FILTER_KEYS)
  const list = useListPage(customersKeys.list, listCustomers, query, filters)

  const columns: Column<CustomerListItem>[] = [
    {
      key: 'name',
      header: t('catalog.fields.name'),
      sortKey: 'name',
      render: (r) => (
        <>
          <Text fontWeight="medium">{r.name}</Text>
          {r.companyName && r.companyName !== r.name ? (
            <Text fontSize="xs" color="fg.muted">
              {r.companyName}
            </Text>
          ) : null}
          <Text fontSize="xs" color="fg.muted" hideFrom="md">
            {r.number ?? ''} {r.city ? `· ${r.city}` : ''}
          </Text>
        </>
      ),
      csv: (r) => r.name,
    },
    {
      key: 'type',
      header: t('catalog.fields.type'),
      render: (r) => <Badge variant="subtle">{t(`catalog.customers.${r.type}`)}</Badge>,
      csv: (r) => r.type,
      hideBelow: 'sm',
    },
    { key: 'number', header: t('catalog.customers.number'), render: (r) => r.number ?? '–', csv: (r) => r.number, hideBelow: 'md' },
    { key: 'phone', header: t('catalog.customers.phone'), render: (r) => r.phone ?? '–', csv: (r) => r.phone, hideBelow: 'lg' },
    { key: 'city', header: t('catalog.customers.city'), render: (r) => r.city ?? '–', csv: (r) => r.city, hideBelow: 'md' },
    {
      key: 'lastSale',
      header: t('catalog.customers.lastSale'),
      sortKey: 'lastSale',
      render: (r) => formatDate(r.lastSaleAt, lang),
      csv: (r) => new Date(r.lastSaleAt).toISOString().slice(0, 10),
    },
  ]
  const csv = useCsvDownload({ fileName: t('catalog.customers.csvFile'), columns, query, fetchPage: (q) => listCustomers(q, filters) })

  return (
    <Page title={t('routes.backoffice-customers')} subtitle={t('catalog.customers.searchHint')} breadcrumbs={[{ label: t('nav.groups.backoffice') }]}>
      <DataTable
        label={t('routes.backoffice-customers')}
        columns={columns}
        {...listTable(list, { query, update }, csv)}
        onRowClick={(r) => navigate(pathFor('backoffice-customers-id', { id: r.id }))}
        activeFilters={active}
        filters={
          <FilterChips
            label={t('catalog.fields.type')}
            values={['all', 'private', 'company'] as const}
            on={(type) => (filters.type ?? 'all') === type}
            onToggle={(type) => update({ type: type === 'all' ? undefined : type })}
            text={(type) => (type === 'all' ? t('catalog.customers.allTypes') : t(`catalog.customers.${type}`))}
          />
        }
      />
    </Page>
  )
}
