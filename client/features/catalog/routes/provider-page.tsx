import { Badge, Button, Card, DataList, HStack, Text, Wrap } from '@chakra-ui/react'
import { useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { formatDate } from '../../../../shared/format'
import { pathFor } from '../../../../shared/routes'
import type { ProviderDetail } from '../../../../shared/schemas/catalog'
import { ActivityLog } from '../../../components/ui/activity-log'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { getProvider, setProviderActive } from '../api/catalog-api'
import { ChildTableCard, fact, type ChildColumn } from '../../../components/ui/detail-kit'
import { ActiveBadge } from '../components/active-filter'
import { CopyProductsDialog } from '../components/copy-products-dialog'
import { DetailState } from '../../../components/ui/detail-state'
import { money } from '../components/money'
import { ProductDialog } from '../components/product-dialog'
import { ProviderDialog } from '../components/provider-dialog'
import { ArchiveButton } from '../components/archive'
import { catalogKeys } from '../api/catalog-keys'
import { useRecord } from '../../../lib/use-record'
import { dialogEnds } from '../../../components/ui/form-dialog'
import { useLanguage } from '../../../lib/use-language'

const PROVIDER_FIELDS = ['name', 'type', 'requireExternalOrderNumber', 'active'] as const

/** /backoffice/providers/:id: a provider, its products, and its log; edit, archive or restore, copy or add products. */
export default function ProviderPage() {
  const { t, lang } = useLanguage()
  const ability = useAbility()
  const [dialog, setDialog] = useState<'edit' | 'copy' | 'product' | null>(null)
  const { query: provider, refresh } = useRecord(catalogKeys.provider.detail, getProvider, [catalogKeys.providers.all, catalogKeys.products.all])
  const title = t('routes.backoffice-providers-id')
  const crumbs = [{ label: t('nav.groups.backoffice') }, { label: t('routes.backoffice-providers'), to: pathFor('backoffice-providers') }]

  return (
    <DetailState query={provider} title={title} breadcrumbs={crumbs} notFound={t('catalog.providers.notFound')}>
      {(p) => (
        <Page title={p.name} breadcrumbs={crumbs}>
          <Wrap gap="2" align="center">
            <Badge variant="subtle">{t(`catalog.providerTypes.${p.type}`)}</Badge>
            <ActiveBadge active={p.active} />
            {p.copyAllProducts ? <Badge variant="outline">{t('catalog.fields.copiedProducts')}</Badge> : null}
          </Wrap>
          <Wrap gap="2">
            {ability.can('update', 'providers') ? (
              <Button size="sm" variant="outline" onClick={() => setDialog('edit')}>
                {t('catalog.actions.edit')}
              </Button>
            ) : null}
            {ability.can('create', 'products') && p.active ? (
              <>
                <Button size="sm" colorPalette="brand" onClick={() => setDialog('product')}>
                  {t('catalog.actions.newProduct')}
                </Button>
                <Button size="sm" variant="outline" onClick={() => setDialog('copy')}>
                  {t('catalog.actions.copyProducts')}
                </Button>
              </>
            ) : null}
            {ability.can('delete', 'providers') ? (
              <ArchiveButton item={p} kind="providers" save={(active) => setProviderActive(p.id, active, p.version)} then={refresh} />
            ) : null}
          </Wrap>
          <Card.Root>
            <Card.Body>
              <DataList.Root orientation="horizontal" size="sm">
                {fact(t('catalog.fields.type'), t(`catalog.providerTypes.${p.type}`))}
                {fact(t('catalog.fields.requireExternalOrderNumber'), p.requireExternalOrderNumber ? '✓' : '–')}
                {fact(t('catalog.fields.products'), p.productCount)}
                {fact(t('catalog.fields.created'), formatDate(p.createdAt, lang))}
              </DataList.Root>
            </Card.Body>
          </Card.Root>
          <ProviderProducts products={p.products} />
          <ActivityLog
            lines={p.activity}
            testId="provider-log"
            fieldLabel={(k) =>
              (PROVIDER_FIELDS as readonly string[]).includes(k) ? t(k === 'active' ? 'catalog.fields.status' : `catalog.fields.${k}`) : undefined
            }
            formatValue={(k, v) =>
              k === 'type' && typeof v === 'string'
                ? t(`catalog.providerTypes.${v}`)
                : k === 'active'
                  ? t(v ? 'catalog.status.active' : 'catalog.status.archived')
                  : undefined
            }
          />
          <ProviderDialog
            key={`edit-${p.version}-${String(dialog === 'edit')}`}
            open={dialog === 'edit'}
            provider={p}
            {...dialogEnds(() => setDialog(null), refresh, t('catalog.providers.saved'))}
          />
          <CopyProductsDialog
            key={`copy-${String(dialog === 'copy')}`}
            open={dialog === 'copy'}
            provider={p}
            onClose={() => setDialog(null)}
            onCopied={(count, source) => {
              setDialog(null)
              snackbar.success(t('catalog.providers.copied', { count, source }))
              refresh()
            }}
          />
          <ProductDialog
            key={`product-${String(dialog === 'product')}`}
            open={dialog === 'product'}
            providerId={p.id}
            onClose={() => setDialog(null)}
            onSaved={({ name }) => {
              setDialog(null)
              snackbar.success(t('catalog.products.created', { name }))
              refresh()
            }}
          />
        </Page>
      )}
    </DetailState>
  )
}

type Product = ProviderDetail['products'][number]

/** The provider's products with their price, commissions, cost and game points; a row opens the product. */
function ProviderProducts({ products }: { products: ProviderDetail['products'] }) {
  const { t, lang } = useLanguage()
  const navigate = useNavigate()
  const figure = (header: string, value: (x: Product) => ReactNode, hideBelow?: 'sm' | 'md' | 'lg'): ChildColumn<Product> => ({
    header,
    cell: value,
    end: true,
    hideBelow,
  })
  return (
    <ChildTableCard<Product>
      title={t('catalog.fields.products')}
      count={false}
      rows={products}
      rowKey={(x) => x.id}
      empty={t('catalog.providers.noProducts')}
      testId="provider-products"
      onRowClick={(x) => navigate(pathFor('backoffice-products-id', { id: x.id }))}
      columns={[
        {
          header: t('catalog.fields.name'),
          cell: (x) => (
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="medium">{x.name}</Text>
              {x.active ? null : <Badge size="sm">{t('catalog.status.archived')}</Badge>}
            </HStack>
          ),
        },
        { header: t('catalog.fields.category'), cell: (x) => x.categoryName ?? '–', hideBelow: 'md' },
        figure(t('catalog.fields.price'), (x) => money(x.priceOre, lang)),
        figure(t('catalog.fields.sellerCommission'), (x) => money(x.sellerCommissionOre, lang), 'sm'),
        figure(t('catalog.fields.companyCommission'), (x) => money(x.companyCommissionOre, lang), 'lg'),
        figure(t('catalog.fields.companyCost'), (x) => money(x.companyCostOre, lang), 'lg'),
        figure(t('catalog.fields.gamePoints'), (x) => x.gamePoints, 'md'),
      ]}
    />
  )
}
