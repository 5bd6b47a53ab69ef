import { Badge, Button, Card, DataList, Link as ChakraLink, Text, Wrap } from '@chakra-ui/react'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { formatDate } from '../../../../shared/format'
import { productMarginOre } from '../../../../shared/rules/catalog'
import { pathFor } from '../../../../shared/routes'
import { ActivityLog } from '../../../components/ui/activity-log'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { getProduct, setProductActive } from '../api/catalog-api'
import { ActiveBadge } from '../components/active-filter'
import { DetailState } from '../../../components/ui/detail-state'
import { money } from '../components/money'
import { ProductDialog } from '../components/product-dialog'
import { ArchiveButton } from '../components/archive'
import { catalogKeys } from '../api/catalog-keys'
import { useRecord } from '../../../lib/use-record'
import { dialogEnds } from '../../../components/ui/form-dialog'
import { fact } from '../../../components/ui/detail-kit'
import { useLanguage } from '../../../lib/use-language'

const LOGGED = ['name', 'category', 'priceOre', 'sellerCommissionOre', 'companyCommissionOre', 'companyCostOre', 'gamePoints', 'active'] as const

/** /backoffice/products/:id: a product's figures, its provider and category, its log; edit, archive or restore. */
export default function ProductPage() {
  const { t, lang } = useLanguage()
  const ability = useAbility()
  const [editing, setEditing] = useState(false)
  const { query: product, refresh } = useRecord(catalogKeys.product, getProduct, [catalogKeys.products.all, catalogKeys.provider.all, catalogKeys.categories])
  const title = t('routes.backoffice-products-id')
  const crumbs = [{ label: t('nav.groups.backoffice') }, { label: t('routes.backoffice-products'), to: pathFor('backoffice-products') }]

  return (
    <DetailState query={product} title={title} breadcrumbs={crumbs} notFound={t('catalog.products.notFound')}>
      {(p) => {
        const row = (label: string, value: React.ReactNode) => fact(label, value)
        return (
          <Page title={p.name} breadcrumbs={crumbs}>
            <Wrap gap="2" align="center">
              <ActiveBadge active={p.active} />
              {p.categoryName ? <Badge variant="subtle">{p.categoryName}</Badge> : null}
            </Wrap>
            <Wrap gap="2">
              {ability.can('update', 'products') ? (
                <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                  {t('catalog.actions.edit')}
                </Button>
              ) : null}
              {ability.can('delete', 'products') ? (
                <ArchiveButton item={p} kind="products" save={(active) => setProductActive(p.id, active, p.version)} then={refresh} />
              ) : null}
            </Wrap>
            <Card.Root>
              <Card.Body>
                <DataList.Root orientation="horizontal" size="sm" data-testid="product-figures">
                  {row(
                    t('catalog.fields.provider'),
                    <ChakraLink asChild>
                      <RouterLink to={pathFor('backoffice-providers-id', { id: p.providerId })}>{p.providerName}</RouterLink>
                    </ChakraLink>,
                  )}
                  {row(t('catalog.fields.category'), p.categoryName ?? t('catalog.fields.noCategory'))}
                  {row(t('catalog.fields.price'), `${money(p.priceOre, lang)} ${t('catalog.fields.perPiece')}`)}
                  {row(t('catalog.fields.sellerCommission'), money(p.sellerCommissionOre, lang))}
                  {p.companyCommissionOre !== undefined ? row(t('catalog.fields.companyCommission'), money(p.companyCommissionOre, lang)) : null}
                  {p.companyCostOre !== undefined ? row(t('catalog.fields.companyCost'), money(p.companyCostOre, lang)) : null}
                  {p.companyCommissionOre !== undefined && p.companyCostOre !== undefined
                    ? row(
                        t('catalog.fields.margin'),
                        money(productMarginOre({ companyCommissionOre: p.companyCommissionOre, companyCostOre: p.companyCostOre }), lang),
                      )
                    : null}
                  {row(t('catalog.fields.gamePoints'), p.gamePoints)}
                  {row(t('catalog.fields.updated'), formatDate(p.updatedAt, lang))}
                </DataList.Root>
                <Text fontSize="sm" color="fg.muted" mt="4">
                  {t('catalog.products.reachesDevices')}
                </Text>
              </Card.Body>
            </Card.Root>
            <ActivityLog
              lines={p.activity}
              testId="product-log"
              fieldLabel={(k) =>
                (LOGGED as readonly string[]).includes(k)
                  ? t(k === 'active' ? 'catalog.fields.status' : k === 'priceOre' ? 'catalog.fields.price' : `catalog.fields.${k.replace(/Ore$/, '')}`)
                  : undefined
              }
              formatValue={(k, v) =>
                k.endsWith('Ore') && typeof v === 'number'
                  ? money(v, lang)
                  : k === 'active'
                    ? t(v ? 'catalog.status.active' : 'catalog.status.archived')
                    : k === 'category'
                      ? ((v as string | null) ?? t('catalog.fields.noCategory'))
                      : undefined
              }
            />
            <ProductDialog
              key={`${p.version}-${String(editing)}`}
              open={editing}
              product={p}
              {...dialogEnds(() => setEditing(false), refresh, t('catalog.products.saved'))}
            />
          </Page>
        )
      }}
    </DetailState>
  )
}
