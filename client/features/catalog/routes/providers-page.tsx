import { Button, SimpleGrid } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { PROVIDER_TYPES } from '../../../../shared/rules/catalog'
import { pathFor } from '../../../../shared/routes'
import type { ProviderListItem } from '../../../../shared/schemas/catalog'
import { listTable } from '../../../components/ui/data-table/list-state'
import { DataTable, type Column } from '../../../components/ui/data-table/data-table'
import { useCsvDownload } from '../../../components/ui/data-table/use-csv-download'
import { useListQuery, useListPage } from '../../../components/ui/data-table/use-list-query'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { listProviders, PROVIDER_FILTER_KEYS } from '../api/catalog-api'
import { ProviderDialog } from '../components/provider-dialog'
import { ActiveFilter, ActiveBadge } from '../components/active-filter'
import { catalogKeys } from '../api/catalog-keys'
import { Choices } from '../../../components/ui/choices'
import { StackedCell } from '../../../components/ui/data-table/stacked-cell'
import { useRefreshCatalogProviders } from '../api/catalog-queries'

/** /backoffice/providers: the providers sellers sell for, with their type, order-number rule and active products. */
export default function ProvidersPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const ability = useAbility()
  const refreshCatalogProviders = useRefreshCatalogProviders()
  const { query, update, filters, active } = useListQuery({ sortBy: 'name', itemsPerPage: 25 }, PROVIDER_FILTER_KEYS)
  const [creating, setCreating] = useState(false)
  const list = useListPage(catalogKeys.providers.list, listProviders, query, filters)

  const columns: Column<ProviderListItem>[] = [
    {
      key: 'name',
      header: t('catalog.fields.name'),
      sortKey: 'name',
      render: (r) => <StackedCell main={r.name} under={t(`catalog.providerTypes.${r.type}`)} hideFrom="sm" />,
      csv: (r) => r.name,
    },
    {
      key: 'type',
      header: t('catalog.fields.type'),
      sortKey: 'type',
      render: (r) => t(`catalog.providerTypes.${r.type}`),
      csv: (r) => r.type,
      hideBelow: 'sm',
    },
    { key: 'products', header: t('catalog.fields.products'), sortKey: 'products', render: (r) => r.productCount, csv: (r) => r.productCount },
    {
      key: 'order',
      header: t('catalog.fields.requireExternalOrderNumber'),
      render: (r) => (r.requireExternalOrderNumber ? '✓' : '–'),
      csv: (r) => r.requireExternalOrderNumber,
      hideBelow: 'md',
    },
    { key: 'status', header: t('catalog.fields.status'), render: (r) => <ActiveBadge active={r.active} />, csv: (r) => (r.active ? 'active' : 'archived') },
  ]
  const csv = useCsvDownload({ fileName: t('catalog.providers.csvFile'), columns, query, fetchPage: (q) => listProviders(q, filters) })

  return (
    <Page title={t('routes.backoffice-providers')} breadcrumbs={[{ label: t('nav.groups.backoffice') }]}>
      <DataTable
        label={t('routes.backoffice-providers')}
        columns={columns}
        {...listTable(list, { query, update }, csv)}
        onRowClick={(r) => navigate(pathFor('backoffice-providers-id', { id: r.id }))}
        activeFilters={active}
        toolbar={
          ability.can('create', 'providers') ? (
            <Button size="sm" colorPalette="brand" onClick={() => setCreating(true)}>
              {t('catalog.actions.newProvider')}
            </Button>
          ) : null
        }
        filters={
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="2">
            <Choices
              size="sm"
              aria-label={t('catalog.fields.type')}
              value={filters.type ?? ''}
              onChange={(e) => update({ type: e.currentTarget.value || undefined })}
              empty={t('lookup.all', { what: t('catalog.fields.type') })}
              options={PROVIDER_TYPES.map((type) => ({ value: type, label: t(`catalog.providerTypes.${type}`) }))}
            />
            <ActiveFilter value={filters.active} onChange={(v) => update({ active: v })} />
          </SimpleGrid>
        }
      />
      <ProviderDialog
        key={String(creating)}
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={({ id, name, copied }) => {
          setCreating(false)
          snackbar.success(copied > 0 ? t('catalog.providers.createdWithCopies', { name, count: copied }) : t('catalog.providers.created', { name }))
          void refreshCatalogProviders()
          navigate(pathFor('backoffice-providers-id', { id }))
        }}
      />
    </Page>
  )
}
