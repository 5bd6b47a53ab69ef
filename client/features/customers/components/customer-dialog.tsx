import { Input, SimpleGrid, Text, Textarea } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { updateCustomerSchema, type CustomerDetail } from '../../../../shared/schemas/customers'
import { zodErrorMap } from '../../../../shared/schemas/errors'
import { FormField } from '../../../components/ui/form-field'
import { applyFieldErrors } from '../../../lib/api-client'
import { updateCustomer } from '../api/customers-api'
import { FormDialog, useFormError } from '../../../components/ui/form-dialog'

const formSchema = updateCustomerSchema.omit({ version: true }).required()
type FormIn = z.input<typeof formSchema>
type FormOut = z.output<typeof formSchema>
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
  const formError = useFormError()
  const resolver = useMemo(() => zodResolver(formSchema, { error: zodErrorMap(t) }), [t])
  const form = useForm<FormIn, unknown, FormOut>({
    resolver,
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
  const { errors, isSubmitting } = form.formState
  const submit = form.handleSubmit(async (values) => {
    formError.clear()
    try {
      await updateCustomer(customer.id, { ...values, version: customer.version })
      onSaved()
    } catch (err) {
      if (!applyFieldErrors(err, form.setError, FIELDS)) formError.fail(err)
    }
  })
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('catalog.customers.editTitle')}
      testId="customer-dialog"
      onSubmit={submit}
      submitting={isSubmitting}
      {...formError.props}
      onReload={onReload}
      size="lg"
    >
      <Text fontSize="sm" color="fg.muted">
        {t('catalog.customers.editHelp')}
      </Text>
      <FormField label={t('catalog.fields.name')} error={errors.name} required>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField label={t('catalog.customers.email')} error={errors.email}>
          <Input type="email" autoComplete="off" {...form.register('email')} />
        </FormField>
        <FormField label={t('catalog.customers.phone')} error={errors.phone}>
          <Input type="tel" autoComplete="off" {...form.register('phone')} />
        </FormField>
      </SimpleGrid>
      <FormField label={t('catalog.customers.address')} error={errors.address}>
        <Input autoComplete="off" {...form.register('address')} />
      </FormField>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField label={t('catalog.customers.postalCode')} error={errors.postalCode}>
          <Input autoComplete="off" {...form.register('postalCode')} />
        </FormField>
        <FormField label={t('catalog.customers.city')} error={errors.city}>
          <Input autoComplete="off" {...form.register('city')} />
        </FormField>
      </SimpleGrid>
      <FormField label={t('catalog.customers.note')} error={errors.note}>
        <Textarea rows={3} {...form.register('note')} />
      </FormField>
    </FormDialog>
  )
}
