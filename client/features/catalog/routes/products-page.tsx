import { Button, SimpleGrid } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { pathFor } from '../../../../shared/routes'
import type { ProductListItem } from '../../../../shared/schemas/catalog'
import { listTable } from '../../../components/ui/data-table/list-state'
import { DataTable, type Column } from '../../../components/ui/data-table/data-table'
import { useCsvDownload } from '../../../components/ui/data-table/use-csv-download'
import { useListQuery, useListPage } from '../../../components/ui/data-table/use-list-query'
import { LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { listProducts, PRODUCT_FILTER_KEYS } from '../api/catalog-api'
import { ActiveBadge, ActiveFilter } from '../components/active-filter'
import { CategoriesPanel, CommissionsPanel } from '../components/categories-panels'
import { money } from '../components/money'
import { ProductDialog } from '../components/product-dialog'
import { catalogKeys } from '../api/catalog-keys'
import { Choices } from '../../../components/ui/choices'
import { AddressTabs } from '../../../components/ui/address-tabs'
import { useLanguage } from '../../../lib/use-language'
import { StackedCell } from '../../../components/ui/data-table/stacked-cell'
import { useCategories } from '../api/catalog-queries'

const TABS = ['products', 'categories', 'commissions'] as const

/**
 * /backoffice/products: every provider's products (the list), the product categories, and the categories'
 * commissions ("Product Categories" and "Category Commissions" of the spec), each a tab kept in the URL.
 */
export default function ProductsPage() {
  const { t } = useTranslation()
  return (
    <Page title={t('routes.backoffice-products')} breadcrumbs={[{ label: t('nav.groups.backoffice') }]}>
      <AddressTabs
        tabs={TABS}
        label={(k) => t(`catalog.products.tabs.${k}`)}
        panels={{ products: <ProductList />, categories: <CategoriesPanel />, commissions: <CommissionsPanel /> }}
      />
    </Page>
  )
}

function ProductList() {
  const { t, lang } = useLanguage()
  const navigate = useNavigate()
  const ability = useAbility()
  const { query, update, filters, active } = useListQuery({ sortBy: 'name', itemsPerPage: 25 }, PRODUCT_FILTER_KEYS)
  const [creating, setCreating] = useState(false)
  const list = useListPage(catalogKeys.products.list, listProducts, query, filters)
  const categories = useCategories()

  const columns: Column<ProductListItem>[] = [
    {
      key: 'name',
      header: t('catalog.fields.name'),
      sortKey: 'name',
      render: (r) => <StackedCell main={r.name} under={r.providerName} />,
      csv: (r) => r.name,
    },
    { key: 'provider', header: t('catalog.fields.provider'), sortKey: 'provider', render: (r) => r.providerName, csv: (r) => r.providerName, hideBelow: 'md' },
    {
      key: 'category',
      header: t('catalog.fields.category'),
      sortKey: 'category',
      render: (r) => r.categoryName ?? '–',
      csv: (r) => r.categoryName,
      hideBelow: 'lg',
    },
    { key: 'price', header: t('catalog.fields.price'), sortKey: 'price', render: (r) => money(r.priceOre, lang), csv: (r) => r.priceOre / 100 },
    {
      key: 'sellerCommission',
      header: t('catalog.fields.sellerCommission'),
      sortKey: 'sellerCommission',
      render: (r) => money(r.sellerCommissionOre, lang),
      csv: (r) => r.sellerCommissionOre / 100,
      hideBelow: 'sm',
    },
    {
      key: 'companyCommission',
      header: t('catalog.fields.companyCommission'),
      render: (r) => money(r.companyCommissionOre, lang),
      csv: (r) => (r.companyCommissionOre ?? 0) / 100,
      hideBelow: 'lg',
    },
    {
      key: 'companyCost',
      header: t('catalog.fields.companyCost'),
      render: (r) => money(r.companyCostOre, lang),
      csv: (r) => (r.companyCostOre ?? 0) / 100,
      hideBelow: 'lg',
    },
    { key: 'gamePoints', header: t('catalog.fields.gamePoints'), render: (r) => r.gamePoints, csv: (r) => r.gamePoints, hideBelow: 'lg' },
    {
      key: 'status',
      header: t('catalog.fields.status'),
      render: (r) => <ActiveBadge active={r.active} />,
      csv: (r) => (r.active ? 'active' : 'archived'),
      hideBelow: 'sm',
    },
  ]
  const csv = useCsvDownload({ fileName: t('catalog.products.csvFile'), columns, query, fetchPage: (q) => listProducts(q, filters) })

  return (
    <>
      <DataTable
        label={t('catalog.products.tabs.products')}
        columns={columns}
        {...listTable(list, { query, update }, csv)}
        onRowClick={(r) => navigate(pathFor('backoffice-products-id', { id: r.id }))}
        activeFilters={active}
        toolbar={
          ability.can('create', 'products') ? (
            <Button size="sm" colorPalette="brand" onClick={() => setCreating(true)}>
              {t('catalog.actions.newProduct')}
            </Button>
          ) : null
        }
        filters={
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="2">
            <LookupNativeSelect kind="providers" label={t('catalog.fields.provider')} value={filters.providerId} onChange={(v) => update({ providerId: v })} />
            <Choices
              size="sm"
              aria-label={t('catalog.fields.category')}
              value={filters.categoryId ?? ''}
              onChange={(e) => update({ categoryId: e.currentTarget.value || undefined })}
              empty={t('lookup.all', { what: t('catalog.fields.category') })}
              options={(categories.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }))}
            />
            <ActiveFilter value={filters.active} onChange={(v) => update({ active: v })} />
          </SimpleGrid>
        }
      />
      {ability.can('create', 'products') ? (
        <ProductDialog
          key={`${String(creating)}-${filters.providerId}`}
          open={creating}
          providerId={filters.providerId}
          onClose={() => setCreating(false)}
          onSaved={({ id, name }) => {
            setCreating(false)
            snackbar.success(t('catalog.products.created', { name }))
            navigate(pathFor('backoffice-products-id', { id }))
          }}
        />
      ) : null}
    </>
  )
}
