import { Box, Button, Card, Flex, HStack, IconButton, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useMemo } from 'react'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatOre } from '../../../../shared/format'
import { Choices } from '../../../components/ui/choices'
import { FormField } from '../../../components/ui/form-field'
import { TextAreaField, TextField } from '../../../components/ui/form-kit'
import type { useCatalog } from '../api/seller-store'
import type { SaleFormValues as FormValues } from '../model/sale-form'
import { Figure } from '../../../components/ui/figure'
import { Notice } from '../../../components/ui/notice'
import { useLanguage } from '../../../lib/use-language'
import { SectionCard } from '../../../components/ui/section-card'
import { usePhoneBlocked } from '../../../lib/contact-blocks'
import { useSellerStore } from '../../../lib/device-store'

type SaleForm = UseFormReturn<FormValues>

/**
 * The sale form's order: the provider, its product lines (index-named fields; adding and removing rewrite the array,
 * no field-array helper needed) and the provider's order number when it asks for one.
 */
export function OrderCard({ form, catalog }: { form: SaleForm; catalog: ReturnType<typeof useCatalog> }) {
  const { t, lang } = useLanguage()
  const fe = form.formState.errors
  const providerId = useWatch({ control: form.control, name: 'providerId' })
  const watchedLines = useWatch({ control: form.control, name: 'products' })
  const provider = catalog?.providers.find((p) => p.id === providerId)
  const providerProducts = useMemo(() => catalog?.products.filter((p) => p.providerId === providerId) ?? [], [catalog, providerId])
  const lineCount = watchedLines?.length ?? 1
  const addLine = () => form.setValue('products', [...form.getValues('products'), { productId: '', quantity: 1 }])
  const removeLine = (i: number) => {
    const next = form.getValues('products').filter((_, j) => j !== i)
    form.unregister(`products.${next.length}`)
    form.setValue('products', next)
  }

  return (
    <SectionCard title={t('sales.order')}>
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
    </SectionCard>
  )
}

/** The sale form's customer: a private person (identity number) or a company (name and organisation number), and how to reach them. */
export function CustomerCard({ form }: { form: SaleForm }) {
  const { t } = useTranslation()
  const fe = form.formState.errors
  const customerType = useWatch({ control: form.control, name: 'customerType' })
  const phone = useWatch({ control: form.control, name: 'phone' })
  // The do-not-contact register on the phone (decision 099): a warning, not a refusal — the customer may have asked in
  // person; the server logs the sale against the entry.
  const blocked = usePhoneBlocked(useSellerStore().db, phone)
  return (
    <SectionCard title={t('sales.customer')}>
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
            <TextField form={form} name="customerSsn" label={t('sales.ssn')} inputMode="numeric" autoComplete="off" required helper={t('sales.ssnHelper')} />
          )}
          <TextField
            form={form}
            name="customerName"
            label={customerType === 'company' ? t('sales.contactName') : t('sales.customerName')}
            autoComplete="name"
            required
          />
          <Stack gap="2">
            <TextField form={form} name="phone" label={t('sales.phone')} type="tel" autoComplete="tel" required />
            {blocked ? <Notice status="warning" title={t('sales.phoneBlocked')} data-testid="phone-blocked" /> : null}
          </Stack>
          <TextField form={form} name="email" label={t('sales.email')} type="email" autoComplete="email" />
          <TextField form={form} name="address" label={t('sales.address')} autoComplete="street-address" required />
          <SimpleGrid columns={2} gap="3">
            <TextField form={form} name="postalCode" label={t('sales.postalCode')} inputMode="numeric" autoComplete="postal-code" required />
            <TextField form={form} name="city" label={t('sales.city')} autoComplete="address-level2" required />
          </SimpleGrid>
        </SimpleGrid>
        <TextAreaField form={form} name="message" label={t('sales.message')} rows={3} />
      </Stack>
    </SectionCard>
  )
}

/** What the sale is worth and what the seller earns on it, as the device estimates it. */
export function EstimateCard({ orderValueOre, sellerCommissionOre }: { orderValueOre: number; sellerCommissionOre: number }) {
  const { t, lang } = useLanguage()
  return (
    <Card.Root variant="subtle">
      <Card.Body>
        <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
          <Figure label={t('sales.orderValue')} value={formatOre(orderValueOre, lang)} />
          <Figure label={t('sales.sellerCommission')} value={formatOre(sellerCommissionOre, lang)} />
        </SimpleGrid>
        <Text fontSize="xs" color="fg.muted" mt="2">
          {t('sales.estimateNote')}
        </Text>
      </Card.Body>
    </Card.Root>
  )
}

/** The day is checked out: no more sales are registered on it. */
export function CheckedOutNotice({ date }: { date: string }) {
  const { t } = useTranslation()
  return (
    <>
      <Notice status="info" data-testid="checked-out" title={t('checkout.doneTitle')} description={t('sales.checkedOutToday', { date: date })} />
      <HStack>
        <Button asChild variant="outline">
          <Link to="/sales/list">{t('routes.sales-list')}</Link>
        </Button>
      </HStack>
    </>
  )
}
