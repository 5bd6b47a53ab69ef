import { Input, InputGroup, SimpleGrid, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { kronorText } from '../../../../shared/rules/catalog'
import { categoryFormSchema, type CategoryItem } from '../../../../shared/schemas/catalog'
import { FormField } from '../../../components/ui/form-field'
import { createCategory, updateCategory } from '../api/catalog-api'
import { FormDialog } from '../../../components/ui/form-dialog'
import { useSchemaForm, useFormDialog, TextField } from '../../../components/ui/form-kit'

const FIELDS = ['name', 'sellerCommissionOre', 'companyCommissionOre'] as const

/** A new product category, or an edit of one (its name and commissions, in kronor, either may be left empty). */
export function CategoryDialog({
  open,
  onClose,
  category,
  onSaved,
  onReload,
}: {
  open: boolean
  onClose: () => void
  category?: CategoryItem
  onSaved: (name: string) => void
  onReload?: () => void
}) {
  const { t } = useTranslation()
  const form = useSchemaForm(categoryFormSchema, {
    defaultValues: {
      name: category?.name ?? '',
      sellerCommissionOre: kronorText(category?.sellerCommissionOre),
      companyCommissionOre: kronorText(category?.companyCommissionOre),
    },
  })
  const { errors } = form.formState
  const dialog = useFormDialog(form, {
    open,
    onClose,
    onReload,
    fields: FIELDS,
    save: async (values) => {
      if (category) await updateCategory(category.id, { ...values, version: category.version })
      else await createCategory(values)
      onSaved(values.name)
    },
  })
  return (
    <FormDialog title={category ? t('catalog.categories.editTitle') : t('catalog.actions.newCategory')} testId="category-dialog" {...dialog.props}>
      <TextField form={form} name="name" label={t('catalog.fields.name')} autoComplete="off" required />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        {(['sellerCommissionOre', 'companyCommissionOre'] as const).map((field) => (
          <FormField key={field} label={t(`catalog.fields.${field.replace(/Ore$/, '')}`)} error={errors[field]}>
            <InputGroup endElement={<Text color="fg.muted">{t('catalog.fields.kr')}</Text>}>
              <Input inputMode="decimal" autoComplete="off" placeholder={t('catalog.categories.notSet')} {...form.register(field)} />
            </InputGroup>
          </FormField>
        ))}
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted">
        {t('catalog.categories.commissionsHelp')}
      </Text>
    </FormDialog>
  )
}
