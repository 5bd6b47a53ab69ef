import { Badge, Button, HStack, Input, Link as ChakraLink, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Link } from 'react-router'
import { formatDate } from '../../../../shared/format'
import { localized } from '../../../../shared/rules/guides'
import type { GuideAdminDetail, GuideAdminItem } from '../../../../shared/schemas/guides'
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog'
import { QueryState } from '../../../components/ui/load-error'
import { Page } from '../../../components/ui/page'
import { CreateButton, RecordTable } from '../../../components/ui/record-table'
import { RowActions } from '../../../components/ui/row-actions'
import { errorText } from '../../../lib/api-client'
import { snackbar } from '../../../lib/snackbar-store'
import { deleteGuide, moveGuide } from '../api/guides-api'
import { CategoryIconView } from '../components/category-icon'
import { GuideEditorDialog } from '../components/guide-editor-dialog'
import { useLanguage } from '../../../lib/use-language'
import { useAdminGuides, useCategories, useEmbeds, useFreshAdminGuide, useRefreshGuides } from '../api/guides-queries'

/**
 * /guides/guide-management (docs/decisions/069): every guide by category with its state — draft, published, changes
 * not yet published — and the translations it lacks; the editor, the order within a category, and deleting.
 */
export default function GuideManagementPage() {
  const { t, lang } = useLanguage()
  const readGuide = useFreshAdminGuide()
  const refreshGuides = useRefreshGuides()
  const categories = useCategories()
  const guides = useAdminGuides()
  const embeds = useEmbeds()
  const [editing, setEditing] = useState<GuideAdminDetail | 'new' | null>(null)
  const [deleting, setDeleting] = useState<GuideAdminItem | null>(null)
  const [q, setQ] = useState('')
  const [categoryId, setCategoryId] = useState('')
  const refresh = () => void refreshGuides()
  const done = (message: string) => {
    snackbar.success(message)
    refresh()
  }
  const move = (g: GuideAdminItem, by: number) =>
    moveGuide(g.id, g.categoryId, Math.max(0, g.position + by), g.version)
      .catch((err: unknown) => snackbar.error(errorText(err, t)))
      .finally(refresh)
  const cats = categories.data?.items ?? []
  /** The editor opens with the guide as it is now, read afresh. */
  const edit = (id: string) =>
    readGuide(id)
      .then(setEditing)
      .catch((err: unknown) => snackbar.error(errorText(err, t)))

  return (
    <Page title={t('routes.guides-guide-management')} breadcrumbs={[{ label: t('nav.groups.guides') }]}>
      <Stack gap="4">
        {categories.data && cats.length === 0 ? (
          <Text color="fg.muted">
            {t('guides.manage.noCategories')}{' '}
            <ChakraLink asChild variant="underline" colorPalette="brand">
              <Link to="/guides/guide-categories">{t('routes.guides-guide-categories')}</Link>
            </ChakraLink>
          </Text>
        ) : null}
        <HStack gap="2" wrap="wrap" justify="space-between">
          <HStack gap="2" wrap="wrap" flex="1">
            <Input
              type="search"
              size="sm"
              maxW="xs"
              placeholder={t('guides.manage.search')}
              aria-label={t('guides.manage.search')}
              value={q}
              onChange={(e) => setQ(e.currentTarget.value)}
            />
            <NativeSelect.Root size="sm" maxW="xs">
              <NativeSelect.Field aria-label={t('guides.manage.category')} value={categoryId} onChange={(e) => setCategoryId(e.currentTarget.value)}>
                <option value="">{t('guides.manage.allCategories')}</option>
                {cats.map((c) => (
                  <option key={c.id} value={c.id}>
                    {localized(c.name, lang)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </HStack>
          <CreateButton show={cats.length > 0} label={t('guides.manage.create')} onClick={() => setEditing('new')} testId="guide-create" />
        </HStack>
        <QueryState query={guides} empty={t('guides.manage.empty')} emptyTestId="guides-admin-empty">
          {(data) => {
            const needle = q.trim().toLocaleLowerCase(lang)
            const shown = data.items.filter(
              (g) => (!categoryId || g.categoryId === categoryId) && (!needle || g.title.toLocaleLowerCase(lang).includes(needle)),
            )
            if (shown.length === 0) return <Text color="fg.muted">{t('guides.manage.noneMatch')}</Text>
            return (
              <Stack gap="5">
                {cats
                  .filter((c) => shown.some((g) => g.categoryId === c.id))
                  .map((c) => {
                    const rows = shown.filter((g) => g.categoryId === c.id)
                    const last = data.items.filter((g) => g.categoryId === c.id).length - 1
                    return (
                      <Stack key={c.id} gap="2">
                        <HStack gap="2" fontWeight="semibold">
                          <CategoryIconView icon={c.icon} />
                          <Text>{localized(c.name, lang)}</Text>
                        </HStack>
                        <CategoryGuides
                          rows={rows}
                          label={localized(c.name, lang)}
                          last={last}
                          onMove={(g, by) => void move(g, by)}
                          onEdit={(g) => void edit(g.id)}
                          onDelete={setDeleting}
                        />
                      </Stack>
                    )
                  })}
              </Stack>
            )
          }}
        </QueryState>
      </Stack>
      {editing ? (
        <GuideEditorDialog
          initial={editing === 'new' ? null : editing}
          categories={cats}
          embeds={embeds.data?.items ?? []}
          onClose={() => {
            setEditing(null)
            refresh()
          }}
          onSaved={done}
        />
      ) : null}
      <ConfirmDeleteDialog
        open={deleting !== null}
        title={t('guides.manage.deleteTitle', { title: deleting?.title ?? '' })}
        text={deleting?.publishedNumber ? t('guides.manage.deleteTextPublished') : t('guides.manage.deleteText')}
        blocked={null}
        deleteLabel={t('guides.manage.delete')}
        testId="delete-guide"
        onDelete={async () => {
          await deleteGuide(deleting!.id, deleting!.version)
          done(t('guides.manage.deleted', { title: deleting!.title }))
        }}
        onClose={() => setDeleting(null)}
      />
    </Page>
  )
}

/** A category's guides with their state, languages and actions. */
function CategoryGuides(props: {
  rows: GuideAdminItem[]
  label: string
  last: number
  onMove: (g: GuideAdminItem, by: number) => void
  onEdit: (g: GuideAdminItem) => void
  onDelete: (g: GuideAdminItem) => void
}) {
  const { t, lang } = useLanguage()
  return (
    <RecordTable
      bordered
      label={props.label}
      rows={props.rows}
      rowKey={(g) => g.id}
      rowTestId="guide-admin-row"
      columns={[
        {
          header: t('guides.manage.title'),
          strong: true,
          cell: (g) => (
            <Stack gap="1">
              <Text>{g.title}</Text>
              <HStack gap="1" wrap="wrap">
                {g.mustRead ? <Badge colorPalette="orange">{t('guides.reader.mustRead')}</Badge> : null}
                {g.missing.map((l) => (
                  <Badge key={l} colorPalette="gray" variant="outline">
                    {t('guides.manage.missingLanguage', { language: t(`guides.languages.${l}`) })}
                  </Badge>
                ))}
              </HStack>
            </Stack>
          ),
        },
        {
          header: t('guides.manage.state'),
          cell: (g) => (
            <Badge colorPalette={g.status === 'draft' ? 'gray' : g.unpublished ? 'yellow' : 'green'} data-testid="guide-admin-state">
              {g.status === 'draft'
                ? t('guides.manage.draft')
                : g.unpublished
                  ? t('guides.manage.changed', { number: g.publishedNumber })
                  : t('guides.manage.published', { number: g.publishedNumber })}
            </Badge>
          ),
        },
        { header: t('guides.manage.updated'), hideBelow: 'md', cell: (g) => formatDate(g.updatedAt, lang) },
      ]}
      actions={(g) => (
        <HStack justify="flex-end" gap="1" wrap="wrap">
          <Button
            size="xs"
            variant="ghost"
            aria-label={t('guides.manage.up', { title: g.title })}
            disabled={g.position === 0}
            onClick={() => props.onMove(g, -1)}
          >
            ↑
          </Button>
          <Button
            size="xs"
            variant="ghost"
            aria-label={t('guides.manage.down', { title: g.title })}
            disabled={g.position >= props.last}
            onClick={() => props.onMove(g, 1)}
          >
            ↓
          </Button>
          <RowActions
            name={g.title}
            editLabel={t('guides.manage.edit')}
            deleteLabel={t('guides.manage.delete')}
            onEdit={() => props.onEdit(g)}
            onDelete={() => props.onDelete(g)}
          />
        </HStack>
      )}
    />
  )
}
