import { Box, Button, Flex, IconButton, Input, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { CORRECTIONS, type CorrectableField } from '../../../../shared/rules/sale-lifecycle'
import type { DeviationType } from '../../../../shared/rules/sale'
import { FormField } from '../../../components/ui/form-field'
import { snackbar } from '../../../lib/snackbar-store'
import type { LocalSale } from '../../../lib/offline-db'
import { LocalValidationError } from '../../../lib/device-actions'
import { correctSaleLocally } from '../api/local-actions'
import { useSellerStore } from '../../../lib/device-store'
import { useCatalog } from '../api/seller-store'
import { formatOre } from '../../../../shared/format'
import { FormAlert } from '../../../components/ui/form-alert'
import { AppDialog, DialogButtons } from '../../../components/ui/app-dialog'
import { Choices } from '../../../components/ui/choices'
import { Notice } from '../../../components/ui/notice'
import { useLanguage } from '../../../lib/use-language'

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
  const { t, lang } = useLanguage()
  const { db, engine } = useSellerStore()
  const catalog = useCatalog(db)
  // A new order (incorrect_order): the sale's products, changed here; sent only when they differ.
  const productsCorrectable = !!sale.deviationType && (CORRECTIONS[sale.deviationType] as readonly string[]).includes('products')
  const [lines, setLines] = useState(() => sale.products.map((l) => ({ productId: l.productId, quantity: String(l.quantity) })))
  const [productsError, setProductsError] = useState<string | null>(null)
  const providerProducts = (catalog?.products ?? []).filter((p) => p.providerId === sale.providerId)
  const setLine = (i: number, change: Partial<{ productId: string; quantity: string }>) =>
    setLines((all) => all.map((l, j) => (j === i ? { ...l, ...change } : l)))
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
    setProductsError(null)
    const newLines = lines.map((l) => ({ productId: l.productId, quantity: Number(l.quantity) }))
    const productsChanged =
      productsCorrectable && JSON.stringify(newLines) !== JSON.stringify(sale.products.map((l) => ({ productId: l.productId, quantity: l.quantity })))
    try {
      await correctSaleLocally(
        db,
        sale,
        { id: sale.id, comment: values.comment.trim() || null, changes: productsChanged ? { ...changes, products: newLines } : changes },
        t,
      )
      engine.afterLocalWrite()
      snackbar.success(navigator.onLine ? t('sales.correct.savedOnline') : t('sales.correct.savedOffline'))
      onOpenChange(false)
    } catch (e) {
      if (!(e instanceof LocalValidationError)) throw e
      for (const [field, messages] of Object.entries(e.fieldErrors)) {
        const name = field.replace(/^changes\./, '') as keyof FormValues
        if (name.startsWith('products')) setProductsError(messages[0] ?? null)
        else if (name === 'comment' || (fields as string[]).includes(name)) form.setError(name, { type: 'server', message: messages[0] })
        else setFormError(messages[0] ?? null)
      }
    }
  })

  return (
    <AppDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title={t('sales.correct.title')}
      testId="correct-sale-dialog"
      size="md"
      onSubmit={(e) => void submit(e)}
      footer={<DialogButtons onCancel={() => onOpenChange(false)} action={{ label: t('sales.correct.submit'), loading: form.formState.isSubmitting }} />}
    >
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {t('sales.correct.intro', { type: sale.deviationType ? t(`sales.deviationTypes.${sale.deviationType}`) : '' })}
        </Text>
        {formError ? <Notice status="error" size="sm" description={formError} /> : null}
        {fields.map((f) => (
          <FormField key={f} label={t(LABELS[f])} error={form.formState.errors[f]}>
            {f === 'message' ? <Textarea rows={3} {...form.register(f)} /> : <Input {...form.register(f)} />}
          </FormField>
        ))}
        {productsCorrectable ? (
          <Stack gap="3" data-testid="correct-products">
            <Text fontWeight="medium" fontSize="sm">
              {t('sales.products')}
            </Text>
            {lines.map((line, i) => (
              <Flex key={i} gap="2" align="flex-end">
                <Box flex="1">
                  <Choices
                    size="sm"
                    aria-label={t('sales.product', { n: i + 1 })}
                    value={line.productId}
                    onChange={(e) => setLine(i, { productId: e.currentTarget.value })}
                    empty={t('sales.chooseProduct')}
                    options={providerProducts.map((p) => ({ value: p.id, label: `${p.name} · ${formatOre(p.priceOre, lang)}` }))}
                  />
                </Box>
                <Input
                  w="20"
                  size="sm"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={999}
                  aria-label={t('sales.quantity')}
                  value={line.quantity}
                  onChange={(e) => setLine(i, { quantity: e.currentTarget.value })}
                />
                <IconButton
                  size="sm"
                  aria-label={t('sales.removeProduct')}
                  variant="ghost"
                  disabled={lines.length === 1}
                  onClick={() => setLines((all) => all.filter((_, j) => j !== i))}
                >
                  ×
                </IconButton>
              </Flex>
            ))}
            {productsError ? <FormAlert message={productsError} /> : null}
            <Box>
              <Button variant="outline" size="xs" onClick={() => setLines((all) => [...all, { productId: '', quantity: '1' }])}>
                {t('sales.addProduct')}
              </Button>
            </Box>
          </Stack>
        ) : null}
        <FormField label={t('sales.correct.comment')} error={form.formState.errors.comment}>
          <Textarea rows={3} placeholder={t('sales.correct.commentHint')} {...form.register('comment')} />
        </FormField>
      </Stack>
    </AppDialog>
  )
}
