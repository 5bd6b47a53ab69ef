import { Field, Input, InputGroup, SimpleGrid, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { type FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { kronorText } from '../../../../shared/rules/catalog'
import { productFormSchema, type ProductListItem } from '../../../../shared/schemas/catalog'
import { FormField } from '../../../components/ui/form-field'
import { LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { createProduct, updateProduct } from '../api/catalog-api'
import { FormDialog } from '../../../components/ui/form-dialog'
import { useSchemaForm, TextField, useFormDialog } from '../../../components/ui/form-kit'
import { Choices } from '../../../components/ui/choices'
import { useCategories } from '../api/catalog-queries'

const FIELDS = ['name', 'categoryId', 'priceOre', 'sellerCommissionOre', 'companyCommissionOre', 'companyCostOre', 'gamePoints'] as const
const MONEY = ['priceOre', 'sellerCommissionOre', 'companyCommissionOre', 'companyCostOre'] as const

/**
 * A new product of a provider, or an edit of one on the version the user saw. Amounts are typed in kronor and sent
 * in öre; the category's commissions fill in a new product's empty commission fields.
 */
export function ProductDialog({
  open,
  onClose,
  providerId,
  product,
  onSaved,
  onReload,
}: {
  open: boolean
  onClose: () => void
  providerId?: string
  product?: ProductListItem
  onSaved: (result: { id: string; name: string }) => void
  onReload?: () => void
}) {
  const { t } = useTranslation()
  // A new product without a provider given (the products list): the dialog asks for one.
  const [chosenProvider, setChosenProvider] = useState<string | undefined>(providerId)
  const [providerError, setProviderError] = useState<string | null>(null)
  const categories = useCategories({ enabled: open })
  const form = useSchemaForm(productFormSchema, {
    defaultValues: product
      ? {
          name: product.name,
          categoryId: product.categoryId ?? '',
          priceOre: kronorText(product.priceOre),
          sellerCommissionOre: kronorText(product.sellerCommissionOre),
          companyCommissionOre: kronorText(product.companyCommissionOre),
          companyCostOre: kronorText(product.companyCostOre),
          gamePoints: product.gamePoints,
        }
      : { name: '', categoryId: '', priceOre: '', sellerCommissionOre: '', companyCommissionOre: '', companyCostOre: '', gamePoints: 0 },
  })
  const { errors } = form.formState
  const active = (categories.data?.items ?? []).filter((c) => c.active || c.id === product?.categoryId)

  const categoryChosen = (id: string) => {
    const c = categories.data?.items.find((x) => x.id === id)
    if (!c || product) return
    if (c.sellerCommissionOre !== null && !form.getValues('sellerCommissionOre')) form.setValue('sellerCommissionOre', kronorText(c.sellerCommissionOre))
    if (c.companyCommissionOre !== null && !form.getValues('companyCommissionOre')) form.setValue('companyCommissionOre', kronorText(c.companyCommissionOre))
  }

  const dialog = useFormDialog(form, {
    open,
    onClose,
    onReload,
    fields: FIELDS,
    outside: { providerId: setProviderError },
    save: async (values) => {
      if (product) {
        await updateProduct(product.id, { ...values, version: product.version })
        onSaved({ id: product.id, name: values.name })
      } else {
        if (!chosenProvider) return setProviderError(t('validation.required'))
        const made = await createProduct({ ...values, providerId: chosenProvider })
        onSaved({ id: made.id, name: values.name })
      }
    },
  })

  const categoryField = form.register('categoryId')
  return (
    <FormDialog title={product ? t('catalog.products.editTitle') : t('catalog.actions.newProduct')} testId="product-dialog" {...dialog.props} size="lg">
      {!product && !providerId ? (
        <Field.Root invalid={!!providerError} required>
          <Field.Label>
            {t('catalog.fields.provider')}
            <Field.RequiredIndicator />
          </Field.Label>
          <LookupNativeSelect
            kind="providers"
            label={t('catalog.fields.provider')}
            emptyLabel={t('catalog.fields.choose')}
            value={chosenProvider}
            onChange={(v) => {
              setChosenProvider(v)
              setProviderError(null)
            }}
          />
          {providerError ? <Field.ErrorText>{providerError}</Field.ErrorText> : null}
        </Field.Root>
      ) : null}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField form={form} name="name" label={t('catalog.fields.name')} autoComplete="off" required />
        <FormField label={t('catalog.fields.category')} error={errors.categoryId}>
          <Choices
            {...categoryField}
            onChange={(e) => {
              void categoryField.onChange(e)
              categoryChosen(e.currentTarget.value)
            }}
            empty={t('catalog.fields.noCategory')}
            options={active.map((c) => ({ value: c.id, label: c.name }))}
          />
        </FormField>
        {MONEY.map((field) => (
          <FormField key={field} label={t(`catalog.fields.${field === 'priceOre' ? 'price' : field.replace(/Ore$/, '')}`)} error={errors[field]} required>
            <InputGroup endElement={<Text color="fg.muted">{t('catalog.fields.kr')}</Text>}>
              <Input inputMode="decimal" autoComplete="off" {...form.register(field)} />
            </InputGroup>
          </FormField>
        ))}
        <FormField label={t('catalog.fields.gamePoints')} error={errors.gamePoints as FieldError | undefined} helper={t('catalog.fields.gamePointsHelp')}>
          <Input type="number" inputMode="numeric" min={0} {...form.register('gamePoints')} />
        </FormField>
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted">
        {t('catalog.products.reachesDevices')}
      </Text>
    </FormDialog>
  )
}
