import { Alert, Button, CloseButton, Dialog, Input, Portal, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { CORRECTIONS, type CorrectableField } from '../../../../shared/rules/sale-lifecycle'
import type { DeviationType } from '../../../../shared/rules/sale'
import { FormField } from '../../../components/ui/form-field'
import { useDialogSize } from '../../../components/ui/dialog-size'
import { snackbar } from '../../../lib/snackbar-store'
import type { LocalSale } from '../../../lib/offline-db'
import { LocalValidationError, correctSaleLocally } from '../api/local-actions'
import { useSellerStore } from '../api/seller-store'

/** The text fields a correction form offers, in the order the sale form has them (products are corrected as a new order). */
const FORM_FIELDS = [
  'customerSsn',
  'customerName',
  'companyName',
  'orgNumber',
  'phone',
  'email',
  'address',
  'postalCode',
  'city',
  'externalOrderNumber',
  'message',
] as const
type FormField_ = (typeof FORM_FIELDS)[number]
type FormValues = Record<FormField_, string> & { comment: string }

const LABELS: Record<FormField_, string> = {
  customerSsn: 'sales.ssn',
  customerName: 'sales.customerName',
  companyName: 'sales.companyName',
  orgNumber: 'sales.orgNumber',
  phone: 'sales.phone',
  email: 'sales.email',
  address: 'sales.address',
  postalCode: 'sales.postalCode',
  city: 'sales.city',
  externalOrderNumber: 'sales.externalOrderNumber',
  message: 'sales.message',
}

/** The fields a deviation of this type lets the seller correct, for this kind of customer. */
export function correctableFormFields(type: DeviationType, customerType: 'private' | 'company'): FormField_[] {
  const allowed: readonly CorrectableField[] = CORRECTIONS[type]
  return FORM_FIELDS.filter(
    (f) =>
      allowed.includes(f) &&
      !(customerType === 'company' && f === 'customerSsn') &&
      !(customerType === 'private' && (f === 'companyName' || f === 'orgNumber')),
  )
}

/**
 * The seller corrects what a deviation asks for, on the phone and offline too: the fields its type lets them
 * change, prefilled, and a comment to back office. Saved on the phone at once; the sale waits for approval again.
 */
export function CorrectSaleDialog({ sale, open, onOpenChange }: { sale: LocalSale; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation()
  const { db, engine } = useSellerStore()
  const size = useDialogSize('md')
  const [formError, setFormError] = useState<string | null>(null)
  const fields = sale.deviationType ? correctableFormFields(sale.deviationType, sale.customerType) : []
  const initial = Object.fromEntries(FORM_FIELDS.map((f) => [f, String((sale as Record<string, unknown>)[f] ?? '')])) as Record<FormField_, string>
  const form = useForm<FormValues>({ defaultValues: { ...initial, comment: '' } })

  const submit = form.handleSubmit(async (values) => {
    setFormError(null)
    // Only what the seller changed travels; an emptied optional field becomes null, as in the sale form.
    const changes: Record<string, string | null> = {}
    for (const f of fields) {
      if (values[f].trim() !== initial[f].trim()) changes[f] = values[f].trim() === '' ? null : values[f]
    }
    try {
      await correctSaleLocally(db, sale, { id: sale.id, comment: values.comment.trim() || null, changes }, t)
      engine.afterLocalWrite()
      snackbar.show(navigator.onLine ? t('sales.correct.savedOnline') : t('sales.correct.savedOffline'), { color: 'success', icon: 'success' })
      onOpenChange(false)
    } catch (e) {
      if (!(e instanceof LocalValidationError)) throw e
      for (const [field, messages] of Object.entries(e.fieldErrors)) {
        const name = field.replace(/^changes\./, '') as keyof FormValues
        if (name === 'comment' || (fields as string[]).includes(name)) form.setError(name, { type: 'server', message: messages[0] })
        else setFormError(messages[0] ?? null)
      }
    }
  })

  return (
    <Dialog.Root lazyMount unmountOnExit open={open} onOpenChange={(e) => onOpenChange(e.open)} size={size}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="correct-sale-dialog">
            <form onSubmit={(e) => void submit(e)} noValidate>
              <Dialog.Header>
                <Dialog.Title>{t('sales.correct.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text fontSize="sm" color="fg.muted">
                    {t('sales.correct.intro', { type: sale.deviationType ? t(`sales.deviationTypes.${sale.deviationType}`) : '' })}
                  </Text>
                  {formError ? (
                    <Alert.Root status="error" size="sm">
                      <Alert.Indicator />
                      <Alert.Description>{formError}</Alert.Description>
                    </Alert.Root>
                  ) : null}
                  {fields.map((f) => (
                    <FormField key={f} label={t(LABELS[f])} error={form.formState.errors[f]}>
                      {f === 'message' ? <Textarea rows={3} {...form.register(f)} /> : <Input {...form.register(f)} />}
                    </FormField>
                  ))}
                  <FormField label={t('sales.correct.comment')} error={form.formState.errors.comment}>
                    <Textarea rows={3} placeholder={t('sales.correct.commentHint')} {...form.register('comment')} />
                  </FormField>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">{t('table.cancel')}</Button>
                </Dialog.ActionTrigger>
                <Button type="submit" colorPalette="brand" loading={form.formState.isSubmitting}>
                  {t('sales.correct.submit')}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('app.close')} />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
