import { Button, Stack } from '@chakra-ui/react'
import { useEffect, useMemo, useState } from 'react'
import { useForm, useWatch, type FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { sellerAmounts } from '../../../../shared/rules/sale'
import type { SaleInput } from '../../../../shared/schemas/sales'
import { FormField } from '../../../components/ui/form-field'
import { FilePicker } from '../../../components/ui/file-picker'
import { Page } from '../../../components/ui/page'
import { snackbar } from '../../../lib/snackbar-store'
import { LocalValidationError } from '../../../lib/device-actions'
import { checklistFileError, saveSaleLocally } from '../api/local-actions'
import { useOutboxEntry, useSellerStore } from '../../../lib/device-store'
import { useCatalog, useCheckoutBlockingNow } from '../api/seller-store'
import { SalePositionChoice, useSalePosition } from '../components/sale-position'
import { EMPTY_SALE_FORM, errorPlace, estimatedLines, formToSale, saleToForm, type SaleFormValues as FormValues } from '../model/sale-form'
import { CheckedOutNotice, CustomerCard, EstimateCard, OrderCard } from '../components/sale-form-cards'
import { Notice } from '../../../components/ui/notice'
import { FormActions } from '../../../components/ui/form-kit'
import { SectionCard } from '../../../components/ui/section-card'

const now = () => Date.now()

const err = (message: string | undefined): FieldError | undefined => (message ? { type: 'server', message } : undefined)

/** Registers a sale on the device (spec section 3); it reaches the server through the sync queue. */
export default function SalesCreatePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const fixSeq = params.get('fix') ? Number(params.get('fix')) : undefined
  const { db, userId, engine } = useSellerStore()
  const catalog = useCatalog(db)
  const checkedOut = useCheckoutBlockingNow(db)
  const fixing = useOutboxEntry(db, fixSeq)
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [freshId] = useState(() => crypto.randomUUID())
  // Fixing a refused sale keeps its record id, so the server sees the same sale.
  const recordId = fixing?.name === 'createSale' ? (fixing.args as SaleInput).id : freshId
  // A new sale's position (decision 074); a refused sale being fixed keeps the one it had.
  const position = useSalePosition(!fixSeq)

  // A door visit that became a sale opens the form with the door's address filled in (decision 073).
  const [door] = useState(() => ({ address: params.get('address') ?? '', postalCode: params.get('postalCode') ?? '', city: params.get('city') ?? '' }))
  const form = useForm<FormValues>({
    defaultValues: {
      ...EMPTY_SALE_FORM,
      address: door.address.slice(0, 200) || EMPTY_SALE_FORM.address,
      postalCode: door.postalCode.slice(0, 10) || EMPTY_SALE_FORM.postalCode,
      city: door.city.slice(0, 80) || EMPTY_SALE_FORM.city,
    },
  })
  const watchedLines = useWatch({ control: form.control, name: 'products' })

  // Fixing a refused sale: its details come back into the form, under the same record id.
  useEffect(() => {
    if (!fixing || fixing.name !== 'createSale') return
    form.reset(saleToForm(fixing.args as SaleInput))
    for (const [field, messages] of Object.entries(fixing.rejection?.fieldErrors ?? {})) {
      form.setError(field as keyof FormValues, { type: 'server', message: messages[0] })
    }
  }, [fixing, form])

  const estimate = useMemo(() => {
    const byId = new Map((catalog?.products ?? []).map((p) => [p.id, p]))
    return sellerAmounts(estimatedLines(watchedLines), byId)
  }, [catalog, watchedLines])

  const submit = form.handleSubmit(async (values) => {
    setFormError(null)
    try {
      const soldAt = now()
      const input = {
        ...formToSale(values, { id: recordId, soldAt }),
        position: fixing?.name === 'createSale' ? ((fixing.args as SaleInput).position ?? null) : await position.take(),
      }
      await saveSaleLocally(db, userId, input, file, t, {
        replacesSeq: fixing?.seq,
        keepFileId: fixing?.name === 'createSale' ? (fixing.args as SaleInput).checklistFileId : null,
      })
      engine.afterLocalWrite()
      snackbar.success(navigator.onLine ? t('sales.savedOnline') : t('sales.savedOffline'))
      navigate(`/sales/${input.id}`)
    } catch (e) {
      if (!(e instanceof LocalValidationError)) throw e
      for (const [field, messages] of Object.entries(e.fieldErrors)) {
        const place = errorPlace(field)
        if (place.at === 'form') setFormError(messages[0] ?? null)
        else if (place.at === 'file') setFileError(messages[0] ?? null)
        else form.setError(place.field, { type: 'server', message: messages[0] })
      }
    }
  })

  const title = t('routes.sales-create')

  if (checkedOut) {
    return (
      <Page title={title} breadcrumbs={[{ label: t('nav.groups.sales') }]}>
        <CheckedOutNotice date={checkedOut.date} />
      </Page>
    )
  }

  return (
    <Page title={title} breadcrumbs={[{ label: t('nav.groups.sales') }]}>
      {fixing?.rejection ? <Notice status="error" title={t('sync.needsAttention')} description={fixing.rejection.message} /> : null}
      {catalog && catalog.providers.length === 0 ? <Notice status="warning" description={t('sales.noCatalog')} /> : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="6" maxW="4xl">
          <OrderCard form={form} catalog={catalog} />

          <CustomerCard form={form} />

          <SectionCard title={t('sales.checklist')}>
            <FormField label={t('sales.checklistFile')} error={err(fileError ?? undefined)} helper={t('sales.checklistHelper')}>
              <FilePicker
                accept="image/*,application/pdf"
                capture="environment"
                testId="checklist"
                fileName={file?.name ?? null}
                onChange={(chosen) => {
                  setFileError(chosen ? checklistFileError(chosen, t) : null)
                  setFile(chosen)
                }}
              />
            </FormField>
          </SectionCard>

          <EstimateCard orderValueOre={estimate.orderValueOre} sellerCommissionOre={estimate.sellerCommissionOre} />

          <SalePositionChoice position={position} />
          <FormActions error={formError}>
            <Button asChild variant="ghost">
              <Link to="/sales/list">{t('table.cancel')}</Link>
            </Button>
            <Button type="submit" colorPalette="brand" loading={form.formState.isSubmitting}>
              {t('sales.save')}
            </Button>
          </FormActions>
        </Stack>
      </form>
    </Page>
  )
}
