import { Alert, Box, Button, Card, Flex, HStack, IconButton, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useEffect, useMemo, useState } from 'react'
import { useForm, useWatch, type FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { formatOre, type FormatLanguage } from '../../../../shared/format'
import { sellerAmounts } from '../../../../shared/rules/sale'
import type { SaleInput } from '../../../../shared/schemas/sales'
import { FormField } from '../../../components/ui/form-field'
import { FilePicker } from '../../../components/ui/file-picker'
import { Page } from '../../../components/ui/page'
import { snackbar } from '../../../lib/snackbar-store'
import { LocalValidationError, checklistFileError, saveSaleLocally } from '../api/local-actions'
import { useCatalog, useCheckoutBlockingNow, useOutboxEntry, useSellerStore } from '../api/seller-store'
import { Figure } from '../components/figure'
import { SalePositionChoice, useSalePosition } from '../components/sale-position'
import { EMPTY_SALE_FORM, errorPlace, estimatedLines, formToSale, saleToForm, type SaleFormValues as FormValues } from '../model/sale-form'
import { TextField, TextAreaField } from '../../../components/ui/form-kit'
import { Choices } from '../../../components/ui/choices'

const now = () => Date.now()

const err = (message: string | undefined): FieldError | undefined => (message ? { type: 'server', message } : undefined)

/** Registers a sale on the device (spec section 3); it reaches the server through the sync queue. */
export default function SalesCreatePage() {
  const { t, i18n } = useTranslation()
  const lang = i18n.language as FormatLanguage
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
  const providerId = useWatch({ control: form.control, name: 'providerId' })
  const customerType = useWatch({ control: form.control, name: 'customerType' })
  const watchedLines = useWatch({ control: form.control, name: 'products' })
  // Product lines: index-named fields; adding and removing rewrite the array (no field-array helper needed).
  const lineCount = watchedLines?.length ?? 1
  const addLine = () => form.setValue('products', [...form.getValues('products'), { productId: '', quantity: 1 }])
  const removeLine = (i: number) => {
    const next = form.getValues('products').filter((_, j) => j !== i)
    form.unregister(`products.${next.length}`)
    form.setValue('products', next)
  }

  // Fixing a refused sale: its details come back into the form, under the same record id.
  useEffect(() => {
    if (!fixing || fixing.name !== 'createSale') return
    form.reset(saleToForm(fixing.args as SaleInput))
    for (const [field, messages] of Object.entries(fixing.rejection?.fieldErrors ?? {})) {
      form.setError(field as keyof FormValues, { type: 'server', message: messages[0] })
    }
  }, [fixing, form])

  const provider = catalog?.providers.find((p) => p.id === providerId)
  const providerProducts = useMemo(() => catalog?.products.filter((p) => p.providerId === providerId) ?? [], [catalog, providerId])
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
      snackbar.show(navigator.onLine ? t('sales.savedOnline') : t('sales.savedOffline'), { color: 'success', icon: 'success' })
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

  const fe = form.formState.errors
  const title = t('routes.sales-create')

  if (checkedOut) {
    return (
      <Page title={title} breadcrumbs={[{ label: t('nav.groups.sales') }]}>
        <Alert.Root status="info" data-testid="checked-out">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('checkout.doneTitle')}</Alert.Title>
            <Alert.Description>{t('sales.checkedOutToday', { date: checkedOut.date })}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <HStack>
          <Button asChild variant="outline">
            <Link to="/sales/list">{t('routes.sales-list')}</Link>
          </Button>
        </HStack>
      </Page>
    )
  }

  return (
    <Page title={title} breadcrumbs={[{ label: t('nav.groups.sales') }]}>
      {fixing?.rejection ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('sync.needsAttention')}</Alert.Title>
            <Alert.Description>{fixing.rejection.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {catalog && catalog.providers.length === 0 ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>{t('sales.noCatalog')}</Alert.Description>
        </Alert.Root>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="6" maxW="4xl">
          <Card.Root>
            <Card.Header>
              <Card.Title>{t('sales.order')}</Card.Title>
            </Card.Header>
            <Card.Body>
              <Stack gap="4">
                <FormField label={t('sales.provider')} error={fe.providerId} required>
                  <Choices
                    {...form.register('providerId')}
                    data-testid="provider"
                    empty={t('sales.chooseProvider')}
                    options={catalog?.providers.map((p) => ({ value: p.id, label: p.name }))}
                  />
                </FormField>
                <Stack gap="3">
                  <Text fontWeight="medium" fontSize="sm">
                    {t('sales.products')}
                  </Text>
                  {Array.from({ length: lineCount }, (_, i) => (
                    <Flex key={i} gap="2" align="flex-start">
                      <Box flex="1">
                        <FormField label={t('sales.product', { n: i + 1 })} error={fe.products?.[i]?.productId}>
                          <Choices
                            disabled={!providerId}
                            {...form.register(`products.${i}.productId`)}
                            data-testid={`product-${i}`}
                            empty={t('sales.chooseProduct')}
                            options={providerProducts.map((p) => ({ value: p.id, label: `${p.name} · ${formatOre(p.priceOre, lang)}` }))}
                          />
                        </FormField>
                      </Box>
                      <Box w="24">
                        <FormField label={t('sales.quantity')} error={fe.products?.[i]?.quantity}>
                          <Input type="number" inputMode="numeric" min={1} max={999} {...form.register(`products.${i}.quantity`, { valueAsNumber: true })} />
                        </FormField>
                      </Box>
                      <IconButton aria-label={t('sales.removeProduct')} variant="ghost" mt="7" disabled={lineCount === 1} onClick={() => removeLine(i)}>
                        ×
                      </IconButton>
                    </Flex>
                  ))}
                  {fe.products?.message || fe.products?.root?.message ? (
                    <Text color="fg.error" fontSize="sm">
                      {fe.products?.message ?? fe.products?.root?.message}
                    </Text>
                  ) : null}
                  <Box>
                    <Button variant="outline" size="sm" onClick={addLine}>
                      {t('sales.addProduct')}
                    </Button>
                  </Box>
                </Stack>
                <FormField label={t('sales.externalOrderNumber')} error={fe.externalOrderNumber} required={!!provider?.requireExternalOrderNumber}>
                  <Input {...form.register('externalOrderNumber')} />
                </FormField>
              </Stack>
            </Card.Body>
          </Card.Root>

          <Card.Root>
            <Card.Header>
              <Card.Title>{t('sales.customer')}</Card.Title>
            </Card.Header>
            <Card.Body>
              <Stack gap="4">
                <FormField label={t('sales.customerType')} error={fe.customerType}>
                  <Choices
                    {...form.register('customerType')}
                    options={[
                      { value: 'private', label: t('sales.customerTypes.private') },
                      { value: 'company', label: t('sales.customerTypes.company') },
                    ]}
                  />
                </FormField>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  {customerType === 'company' ? (
                    <>
                      <TextField form={form} name="companyName" label={t('sales.companyName')} autoComplete="organization" required />
                      <TextField form={form} name="orgNumber" label={t('sales.orgNumber')} inputMode="numeric" required helper="556036-0793" />
                    </>
                  ) : (
                    <TextField
                      form={form}
                      name="customerSsn"
                      label={t('sales.ssn')}
                      inputMode="numeric"
                      autoComplete="off"
                      required
                      helper={t('sales.ssnHelper')}
                    />
                  )}
                  <TextField
                    form={form}
                    name="customerName"
                    label={customerType === 'company' ? t('sales.contactName') : t('sales.customerName')}
                    autoComplete="name"
                    required
                  />
                  <TextField form={form} name="phone" label={t('sales.phone')} type="tel" autoComplete="tel" required />
                  <TextField form={form} name="email" label={t('sales.email')} type="email" autoComplete="email" />
                  <TextField form={form} name="address" label={t('sales.address')} autoComplete="street-address" required />
                  <SimpleGrid columns={2} gap="3">
                    <TextField form={form} name="postalCode" label={t('sales.postalCode')} inputMode="numeric" autoComplete="postal-code" required />
                    <TextField form={form} name="city" label={t('sales.city')} autoComplete="address-level2" required />
                  </SimpleGrid>
                </SimpleGrid>
                <TextAreaField form={form} name="message" label={t('sales.message')} rows={3} />
              </Stack>
            </Card.Body>
          </Card.Root>

          <Card.Root>
            <Card.Header>
              <Card.Title>{t('sales.checklist')}</Card.Title>
            </Card.Header>
            <Card.Body>
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
            </Card.Body>
          </Card.Root>

          <Card.Root variant="subtle">
            <Card.Body>
              <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
                <Figure label={t('sales.orderValue')} value={formatOre(estimate.orderValueOre, lang)} />
                <Figure label={t('sales.sellerCommission')} value={formatOre(estimate.sellerCommissionOre, lang)} />
              </SimpleGrid>
              <Text fontSize="xs" color="fg.muted" mt="2">
                {t('sales.estimateNote')}
              </Text>
            </Card.Body>
          </Card.Root>

          <SalePositionChoice position={position} />
          {formError ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Description>{formError}</Alert.Description>
            </Alert.Root>
          ) : null}
          <HStack justify="flex-end">
            <Button asChild variant="ghost">
              <Link to="/sales/list">{t('table.cancel')}</Link>
            </Button>
            <Button type="submit" colorPalette="brand" loading={form.formState.isSubmitting}>
              {t('sales.save')}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Page>
  )
}
