import { Badge, Box, Button, HStack, Skeleton, Stack, Text, Wrap } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CategoryItem } from '../../../../shared/schemas/catalog'
import { ActivityLog } from '../../../components/ui/activity-log'
import { confirm } from '../../../lib/confirm-store'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { applyCommissions, setCategoryActive } from '../api/catalog-api'
import { ActiveBadge } from './active-filter'
import { CategoryDialog } from './category-dialog'
import { dialogEnds, formErrorOf } from '../../../components/ui/form-dialog'
import { money } from './money'
import { ArchiveButton } from './archive'
import { QueryState } from '../../../components/ui/load-error'
import { QueryTable, RecordTable } from '../../../components/ui/record-table'
import { useLanguage } from '../../../lib/use-language'
import { useCategories, useCategoryActivity, useRefreshCategories } from '../api/catalog-queries'

/** What a category's log lines name: its fields, and how many products applying its commissions changed. */
const CATEGORY_FIELDS = ['name', 'sellerCommissionOre', 'companyCommissionOre', 'active', 'products'] as const

/** "Product Categories": the categories with their active products; create, rename, archive or restore, and each one's log. */
export function CategoriesPanel() {
  const { t } = useTranslation()
  const ability = useAbility()
  const query = useCategories()
  const refresh = useRefreshCategories()
  const [editing, setEditing] = useState<CategoryItem | 'new' | null>(null)
  const [logOf, setLogOf] = useState<CategoryItem | null>(null)

  return (
    <Stack gap="4" pt="4">
      {ability.can('create', 'products') ? (
        <Button size="sm" colorPalette="brand" alignSelf="start" onClick={() => setEditing('new')}>
          {t('catalog.actions.newCategory')}
        </Button>
      ) : null}
      <QueryTable<CategoryItem>
        query={query}
        empty={t('catalog.categories.empty')}
        rowKey={(c) => c.id}
        testId="categories-table"
        columns={[
          { header: t('catalog.fields.name'), cell: (c) => c.name, strong: true },
          { header: t('catalog.fields.products'), cell: (c) => t('catalog.categories.productCount', { count: c.productCount }) },
          { header: t('catalog.fields.status'), cell: (c) => <ActiveBadge active={c.active} />, hideBelow: 'sm' },
        ]}
        actions={(c) => (
          <Wrap gap="1" justify="end">
            {ability.can('update', 'products') ? (
              <Button size="xs" variant="outline" onClick={() => setEditing(c)}>
                {t('catalog.actions.edit')}
              </Button>
            ) : null}
            {ability.can('delete', 'products') ? (
              <ArchiveButton item={c} kind="categories" save={(active) => setCategoryActive(c.id, active, c.version)} then={refresh} compact />
            ) : null}
            <Button size="xs" variant="ghost" onClick={() => setLogOf(logOf?.id === c.id ? null : c)} aria-expanded={logOf?.id === c.id}>
              {t('activityLog.title')}
            </Button>
          </Wrap>
        )}
      />
      {logOf ? <CategoryLog category={logOf} /> : null}
      <CategoryDialog
        key={editing === 'new' ? 'new' : editing ? `${editing.id}-${editing.version}` : 'closed'}
        open={editing !== null}
        category={editing && editing !== 'new' ? editing : undefined}
        {...dialogEnds(() => setEditing(null), refresh)}
        onSaved={(name) => {
          snackbar.success(editing === 'new' ? t('catalog.categories.created', { name }) : t('catalog.categories.saved'))
          setEditing(null)
          refresh()
        }}
      />
    </Stack>
  )
}

function CategoryLog({ category }: { category: CategoryItem }) {
  const { t, lang } = useLanguage()
  const log = useCategoryActivity(category.id)
  if (!log.data) return <Skeleton h="20" aria-busy />
  return (
    <ActivityLog
      title={t('catalog.categories.log', { name: category.name })}
      lines={log.data.items}
      testId="category-log"
      fieldLabel={(k) =>
        (CATEGORY_FIELDS as readonly string[]).includes(k) ? t(k === 'active' ? 'catalog.fields.status' : `catalog.fields.${k.replace(/Ore$/, '')}`) : undefined
      }
      formatValue={(k, v) =>
        k.endsWith('Ore') ? money(v as number | null, lang) : k === 'active' ? t(v ? 'catalog.status.active' : 'catalog.status.archived') : undefined
      }
    />
  )
}

/**
 * "Category Commissions": what each category's products pay per piece, how many of its products differ, and
 * applying the category's commissions to them (confirmed; each product's change logged, sales keep their amounts).
 */
export function CommissionsPanel() {
  const { t, lang } = useLanguage()
  const ability = useAbility()
  const query = useCategories()
  const refresh = useRefreshCategories()
  const [editing, setEditing] = useState<CategoryItem | null>(null)

  const apply = async (c: CategoryItem) => {
    const ok = await confirm({
      title: t('catalog.categories.applyTitle', { name: c.name }),
      text: t('catalog.categories.applyText', { count: c.differingCount }),
      confirmLabel: t('catalog.actions.apply'),
      cancelLabel: t('catalog.actions.cancel'),
    })
    if (!ok) return
    try {
      const r = await applyCommissions(c.id, c.version)
      snackbar.success(t('catalog.categories.applied', { count: r.updated }))
    } catch (err) {
      snackbar.error(formErrorOf(err, t).message)
    }
    refresh()
  }

  const actions = (c: CategoryItem, justify: 'start' | 'end') =>
    ability.can('update', 'products') ? (
      <Wrap gap="1" justify={justify}>
        <Button size="xs" variant="outline" onClick={() => setEditing(c)}>
          {t('catalog.actions.edit')}
        </Button>
        <Button size="xs" colorPalette="brand" disabled={c.differingCount === 0} onClick={() => void apply(c)}>
          {t('catalog.actions.apply')}
        </Button>
      </Wrap>
    ) : null

  return (
    <Stack gap="4" pt="4">
      <Text color="fg.muted" fontSize="sm" maxW="3xl">
        {t('catalog.categories.commissionsHelp')}
      </Text>
      <QueryState query={query} empty={t('catalog.categories.empty')}>
        {(data) => (
          <RecordTable<CategoryItem>
            bordered
            rows={data.items.filter((c) => c.active)}
            rowKey={(c) => c.id}
            testId="commissions-table"
            rowTestId={(c) => `commission-${c.name}`}
            columns={[
              {
                header: t('catalog.fields.category'),
                cell: (c) => (
                  <>
                    <Text fontWeight="medium">{c.name}</Text>
                    <Box hideFrom="md" mt="1">
                      <Agreement category={c} />
                    </Box>
                    {/* On a phone the actions go under the name: a column of buttons would not fit beside the figures. */}
                    <Box hideFrom="sm" mt="2">
                      {actions(c, 'start')}
                    </Box>
                  </>
                ),
              },
              {
                header: t('catalog.fields.sellerCommission'),
                cell: (c) => (c.sellerCommissionOre === null ? t('catalog.categories.notSet') : money(c.sellerCommissionOre, lang)),
                end: true,
              },
              {
                header: t('catalog.fields.companyCommission'),
                cell: (c) => (c.companyCommissionOre === null ? t('catalog.categories.notSet') : money(c.companyCommissionOre, lang)),
                end: true,
                hideBelow: 'sm',
              },
              {
                header: t('catalog.fields.products'),
                cell: (c) => (
                  <HStack gap="2" wrap="wrap">
                    <Text>{t('catalog.categories.productCount', { count: c.productCount })}</Text>
                    <Agreement category={c} />
                  </HStack>
                ),
                hideBelow: 'md',
              },
              { header: '', cell: (c) => actions(c, 'end'), hideBelow: 'sm' },
            ]}
          />
        )}
      </QueryState>
      <CategoryDialog
        key={editing ? `${editing.id}-${editing.version}` : 'closed'}
        open={editing !== null}
        category={editing ?? undefined}
        {...dialogEnds(() => setEditing(null), refresh, t('catalog.categories.saved'))}
      />
    </Stack>
  )
}

/** Whether a category's products pay its commissions: how many differ, or that all match. */
function Agreement({ category: c }: { category: CategoryItem }) {
  const { t } = useTranslation()
  if (c.differingCount > 0) return <Badge colorPalette="orange">{t('catalog.categories.differing', { count: c.differingCount })}</Badge>
  if (c.productCount > 0) return <Badge colorPalette="green">{t('catalog.categories.allMatch')}</Badge>
  return null
}
