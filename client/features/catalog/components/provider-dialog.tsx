import { SimpleGrid } from '@chakra-ui/react'
import { Controller } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { PROVIDER_TYPES } from '../../../../shared/rules/catalog'
import { createProviderSchema, type ProviderListItem } from '../../../../shared/schemas/catalog'
import { FormField } from '../../../components/ui/form-field'
import { LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { createProvider, updateProvider } from '../api/catalog-api'
import { FormDialog } from '../../../components/ui/form-dialog'
import { CheckField, useSchemaForm, useFormDialog, TextField } from '../../../components/ui/form-kit'
import { Choices } from '../../../components/ui/choices'

const FIELDS = ['name', 'type', 'requireExternalOrderNumber', 'copyProductsFrom'] as const

/**
 * Create a provider (optionally with every product of another one copied in) or edit one on the version the user
 * saw; validated with the API's own schema, the server's field errors shown on their fields.
 */
export function ProviderDialog({
  open,
  onClose,
  provider,
  onSaved,
  onReload,
}: {
  open: boolean
  onClose: () => void
  /** absent: a new provider */
  provider?: ProviderListItem
  onSaved: (result: { id: string; name: string; copied: number }) => void
  onReload?: () => void
}) {
  const { t } = useTranslation()
  const form = useSchemaForm(createProviderSchema, {
    defaultValues: provider
      ? { name: provider.name, type: provider.type, requireExternalOrderNumber: provider.requireExternalOrderNumber, copyProductsFrom: null }
      : { name: '', type: 'energy', requireExternalOrderNumber: false, copyProductsFrom: null },
  })
  const { errors } = form.formState

  const dialog = useFormDialog(form, {
    open,
    onClose,
    onReload,
    fields: FIELDS,
    save: async (values) => {
      if (provider) {
        const { copyProductsFrom: _c, ...fields } = values
        await updateProvider(provider.id, { ...fields, version: provider.version })
        onSaved({ id: provider.id, name: values.name, copied: 0 })
      } else {
        const made = await createProvider({ ...values, copyProductsFrom: values.copyProductsFrom || null })
        onSaved({ id: made.id, name: values.name, copied: made.copied })
      }
    },
  })

  return (
    <FormDialog title={provider ? t('catalog.providers.editTitle') : t('catalog.actions.newProvider')} testId="provider-dialog" {...dialog.props}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField form={form} name="name" label={t('catalog.fields.name')} autoComplete="off" required />
        <FormField label={t('catalog.fields.type')} error={errors.type} required>
          <Choices {...form.register('type')} options={PROVIDER_TYPES.map((type) => ({ value: type, label: t(`catalog.providerTypes.${type}`) }))} />
        </FormField>
      </SimpleGrid>
      <CheckField form={form} name="requireExternalOrderNumber" label={t('catalog.fields.requireExternalOrderNumber')} />
      {provider ? null : (
        <FormField label={t('catalog.fields.copyProductsFrom')} error={errors.copyProductsFrom}>
          <Controller
            control={form.control}
            name="copyProductsFrom"
            render={({ field }) => (
              <LookupNativeSelect
                kind="providers"
                label={t('catalog.fields.copyProductsFrom')}
                emptyLabel={t('catalog.fields.copyNone')}
                value={field.value ?? undefined}
                onChange={(v) => field.onChange(v ?? null)}
              />
            )}
          />
        </FormField>
      )}
    </FormDialog>
  )
}
