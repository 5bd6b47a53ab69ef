import { Badge, Button, Field, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { localized } from '../../../../shared/rules/guides'
import {
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_ICONS,
  CATEGORY_NAME_MAX,
  EVERYONE,
  GUIDE_LANGUAGES,
  type CategoryIcon,
  type CategoryInput,
  type CategoryItem,
} from '../../../../shared/schemas/guides'
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog'
import { Page } from '../../../components/ui/page'
import { CreateButton, QueryTable } from '../../../components/ui/record-table'
import { RowActions } from '../../../components/ui/row-actions'
import { errorText, serverFieldErrors } from '../../../lib/api-client'
import { snackbar } from '../../../lib/snackbar-store'
import { createCategory, deleteCategory, reorderCategories, updateCategory } from '../api/guides-api'
import { AudiencePicker, AudienceSummary } from '../components/audience-picker'
import { CategoryIconView } from '../components/category-icon'
import { FormDialog } from '../../../components/ui/form-dialog'
import { useAction } from '../../../components/ui/use-action'
import { useCategories, useRefreshGuides } from '../api/guides-queries'

/**
 * /guides/guide-categories (docs/decisions/069): the categories in the order readers see them, each with its icon,
 * name and description in three languages, its audience and how many guides it holds.
 */
export default function GuideCategoriesPage() {
  const { t, i18n } = useTranslation()
  const refreshGuides = useRefreshGuides()
  const categories = useCategories()
  const [editing, setEditing] = useState<CategoryItem | 'new' | null>(null)
  const [deleting, setDeleting] = useState<CategoryItem | null>(null)
  const refresh = () => void refreshGuides()
  const done = (message: string) => {
    snackbar.success(message)
    refresh()
  }
  const move = async (c: CategoryItem, by: number) => {
    const ids = (categories.data?.items ?? []).map((x) => x.id)
    const from = ids.indexOf(c.id)
    ids.splice(from, 1)
    ids.splice(from + by, 0, c.id)
    try {
      await reorderCategories(ids)
    } catch (err) {
      snackbar.error(errorText(err, t))
    }
    refresh()
  }
  const count = categories.data?.items.length ?? 0

  return (
    <Page title={t('routes.guides-guide-categories')} breadcrumbs={[{ label: t('nav.groups.guides') }]}>
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          {t('guides.categories.intro')}
        </Text>
        <CreateButton show label={t('guides.categories.create')} onClick={() => setEditing('new')} testId="category-create" />
        <QueryTable
          query={categories}
          empty={t('guides.categories.empty')}
          label={t('routes.guides-guide-categories')}
          rowKey={(c) => c.id}
          rowTestId="guide-category-row"
          columns={[
            {
              header: t('guides.categories.name'),
              strong: true,
              cell: (c) => (
                <Stack gap="1">
                  <HStack gap="2">
                    <CategoryIconView icon={c.icon} />
                    <Text>{localized(c.name, i18n.language as 'sv')}</Text>
                  </HStack>
                  <HStack gap="1">
                    {(['en', 'fi'] as const)
                      .filter((l) => !c.name[l])
                      .map((l) => (
                        <Badge key={l} variant="outline" colorPalette="gray">
                          {t('guides.manage.missingLanguage', { language: t(`guides.languages.${l}`) })}
                        </Badge>
                      ))}
                  </HStack>
                </Stack>
              ),
            },
            { header: t('guides.categories.audience'), hideBelow: 'md', cell: (c) => <AudienceSummary audience={c.audience} /> },
            { header: t('guides.categories.guides'), end: true, cell: (c) => c.guideCount },
          ]}
          actions={(c) => (
            <HStack justify="flex-end" gap="1" wrap="wrap">
              <Button
                size="xs"
                variant="ghost"
                aria-label={t('guides.manage.up', { title: c.name.sv })}
                disabled={c.position === 0}
                onClick={() => void move(c, -1)}
              >
                ↑
              </Button>
              <Button
                size="xs"
                variant="ghost"
                aria-label={t('guides.manage.down', { title: c.name.sv })}
                disabled={c.position >= count - 1}
                onClick={() => void move(c, 1)}
              >
                ↓
              </Button>
              <RowActions
                name={c.name.sv}
                editLabel={t('guides.categories.edit')}
                deleteLabel={t('guides.categories.delete')}
                onEdit={() => setEditing(c)}
                onDelete={() => setDeleting(c)}
              />
            </HStack>
          )}
        />
      </Stack>
      {editing ? <CategoryDialog category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={done} /> : null}
      <ConfirmDeleteDialog
        open={deleting !== null}
        title={t('guides.categories.deleteTitle', { name: deleting?.name.sv ?? '' })}
        text={t('guides.categories.deleteText')}
        blocked={deleting && deleting.guideCount > 0 ? t('guides.categories.deleteBlocked', { count: deleting.guideCount }) : null}
        deleteLabel={t('guides.categories.delete')}
        testId="delete-category"
        onDelete={async () => {
          await deleteCategory(deleting!.id, deleting!.version)
          done(t('guides.categories.deleted', { name: deleting!.name.sv }))
        }}
        onClose={() => setDeleting(null)}
      />
    </Page>
  )
}

function CategoryDialog(props: { category: CategoryItem | null; onClose: () => void; onSaved: (message: string) => void }) {
  const { t } = useTranslation()
  const c = props.category
  const [input, setInput] = useState<CategoryInput>(() =>
    c
      ? { name: c.name, description: c.description, icon: c.icon, audience: c.audience }
      : { name: { sv: '', en: null, fi: null }, description: { sv: '', en: null, fi: null }, icon: 'book', audience: EVERYONE },
  )
  const [fields, setFields] = useState<Record<string, string[]>>({})
  const saving = useAction(() => (c ? updateCategory(c.id, { ...input, version: c.version }) : createCategory(input)), {
    onDone: (saved) => {
      props.onSaved(t(c ? 'guides.categories.saved' : 'guides.categories.created', { name: saved.name.sv }))
      props.onClose()
    },
    onError: (err) => {
      setFields(serverFieldErrors(err) ?? {})
      return false
    },
  })
  const text = (field: 'name' | 'description', l: 'sv' | 'en' | 'fi', value: string) =>
    setInput((x) => ({ ...x, [field]: { ...x[field], [l]: l === 'sv' ? value : value === '' ? null : value } }))
  const save = async () => {
    setFields({})
    await saving.run()
  }
  return (
    <FormDialog
      open
      onClose={props.onClose}
      title={c ? t('guides.categories.editTitle', { name: c.name.sv }) : t('guides.categories.createTitle')}
      size="lg"
      scroll
      testId="category-dialog"
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
      {...saving.dialog}
    >
      <Stack gap="4">
        <Field.Root>
          <Field.Label>{t('guides.categories.icon')}</Field.Label>
          <NativeSelect.Root size="sm" maxW="xs">
            <NativeSelect.Field value={input.icon} onChange={(e) => setInput((x) => ({ ...x, icon: e.currentTarget.value as CategoryIcon }))}>
              {CATEGORY_ICONS.map((i) => (
                <option key={i} value={i}>
                  {t(`guides.icons.${i}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          {GUIDE_LANGUAGES.map((l) => (
            <Stack key={l} gap="2">
              <Field.Root required={l === 'sv'} invalid={!!fields[`name.${l}`]}>
                <Field.Label>{t('guides.categories.nameIn', { language: t(`guides.languages.${l}`) })}</Field.Label>
                <Input
                  value={input.name[l] ?? ''}
                  maxLength={CATEGORY_NAME_MAX}
                  onChange={(e) => text('name', l, e.currentTarget.value)}
                  data-testid={`category-name-${l}`}
                />
                <Field.ErrorText>{fields[`name.${l}`]?.[0]}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!fields[`description.${l}`]}>
                <Field.Label>{t('guides.categories.descriptionIn', { language: t(`guides.languages.${l}`) })}</Field.Label>
                <Textarea
                  rows={2}
                  value={input.description[l] ?? ''}
                  maxLength={CATEGORY_DESCRIPTION_MAX}
                  onChange={(e) => text('description', l, e.currentTarget.value)}
                />
              </Field.Root>
            </Stack>
          ))}
        </SimpleGrid>
        <Stack gap="2">
          <Text fontWeight="semibold">{t('guides.categories.audience')}</Text>
          <Text fontSize="sm" color="fg.muted">
            {t('guides.categories.audienceHelp')}
          </Text>
          <AudiencePicker value={input.audience} onChange={(audience) => setInput((x) => ({ ...x, audience }))} />
        </Stack>
      </Stack>
    </FormDialog>
  )
}
