import { SimpleGrid, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { updateCustomerSchema, type CustomerDetail } from '../../../../shared/schemas/customers'
import { updateCustomer } from '../api/customers-api'
import { FormDialog } from '../../../components/ui/form-dialog'
import { useSchemaForm, useFormDialog, TextField, TextAreaField } from '../../../components/ui/form-kit'

const formSchema = updateCustomerSchema.omit({ version: true }).required()
const FIELDS = ['name', 'email', 'phone', 'address', 'postalCode', 'city', 'note'] as const

/** Back office corrects a customer's contact details and keeps a note, on the version they saw. */
export function CustomerDialog({
  open,
  onClose,
  customer,
  onSaved,
  onReload,
}: {
  open: boolean
  onClose: () => void
  customer: CustomerDetail
  onSaved: () => void
  onReload: () => void
}) {
  const { t } = useTranslation()
  const form = useSchemaForm(formSchema, {
    defaultValues: {
      name: customer.name,
      email: customer.email ?? '',
      phone: customer.phone ?? '',
      address: customer.address ?? '',
      postalCode: customer.postalCode ?? '',
      city: customer.city ?? '',
      note: customer.note ?? '',
    },
  })
  const dialog = useFormDialog(form, {
    open,
    onClose,
    onReload,
    fields: FIELDS,
    save: async (values) => {
      await updateCustomer(customer.id, { ...values, version: customer.version })
      onSaved()
    },
  })
  return (
    <FormDialog title={t('catalog.customers.editTitle')} testId="customer-dialog" {...dialog.props} size="lg">
      <Text fontSize="sm" color="fg.muted">
        {t('catalog.customers.editHelp')}
      </Text>
      <TextField form={form} name="name" label={t('catalog.fields.name')} autoComplete="off" required />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField form={form} name="email" label={t('catalog.customers.email')} type="email" autoComplete="off" />
        <TextField form={form} name="phone" label={t('catalog.customers.phone')} type="tel" autoComplete="off" />
      </SimpleGrid>
      <TextField form={form} name="address" label={t('catalog.customers.address')} autoComplete="off" />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField form={form} name="postalCode" label={t('catalog.customers.postalCode')} autoComplete="off" />
        <TextField form={form} name="city" label={t('catalog.customers.city')} autoComplete="off" />
      </SimpleGrid>
      <TextAreaField form={form} name="note" label={t('catalog.customers.note')} rows={3} />
    </FormDialog>
  )
}
