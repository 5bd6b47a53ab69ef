import { Input, InputGroup, SimpleGrid, Text } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { kronorText } from '../../../../shared/rules/catalog'
import { categoryFormSchema, type CategoryFormIn, type CategoryItem } from '../../../../shared/schemas/catalog'
import { zodErrorMap } from '../../../../shared/schemas/errors'
import { FormField } from '../../../components/ui/form-field'
import { applyFieldErrors } from '../../../lib/api-client'
import { createCategory, updateCategory } from '../api/catalog-api'
import { FormDialog, useFormError } from '../../../components/ui/form-dialog'

type FormOut = z.output<typeof categoryFormSchema>
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
  const formError = useFormError()
  const resolver = useMemo(() => zodResolver(categoryFormSchema, { error: zodErrorMap(t) }), [t])
  const form = useForm<CategoryFormIn, unknown, FormOut>({
    resolver,
    defaultValues: {
      name: category?.name ?? '',
      sellerCommissionOre: kronorText(category?.sellerCommissionOre),
      companyCommissionOre: kronorText(category?.companyCommissionOre),
    },
  })
  const { errors, isSubmitting } = form.formState
  const submit = form.handleSubmit(async (values) => {
    formError.clear()
    try {
      if (category) await updateCategory(category.id, { ...values, version: category.version })
      else await createCategory(values)
      onSaved(values.name)
    } catch (err) {
      if (!applyFieldErrors(err, form.setError, FIELDS)) formError.fail(err)
    }
  })
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={category ? t('catalog.categories.editTitle') : t('catalog.actions.newCategory')}
      testId="category-dialog"
      onSubmit={submit}
      submitting={isSubmitting}
      {...formError.props}
      onReload={onReload}
    >
      <FormField label={t('catalog.fields.name')} error={errors.name} required>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
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
