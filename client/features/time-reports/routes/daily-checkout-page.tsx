import { Button, Card, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { Link } from 'react-router'
import { formatDate, formatOre, formatTime } from '../../../../shared/format'
import { Page } from '../../../components/ui/page'
import { confirm } from '../../../lib/confirm-store'
import { snackbar } from '../../../lib/snackbar-store'
import { LocalValidationError } from '../../../lib/device-actions'
import { checkoutLocally } from '../api/local-actions'
import { useSellerStore, useToday } from '../../../lib/device-store'
import { useCheckoutDay } from '../api/seller-store'
import { SyncBadge } from '../../../components/ui/sync-badge'
import { Figure } from '../../../components/ui/figure'
import { Notice } from '../../../components/ui/notice'
import { useLanguage } from '../../../lib/use-language'
import { FormActions } from '../../../components/ui/form-kit'
import { SectionCard } from '../../../components/ui/section-card'

const now = () => Date.now()

/** The day's summary and the checkout; after it no new sale can be made that day (spec section 4). */
export default function DailyCheckoutPage() {
  const { t, lang } = useLanguage()
  const { db, userId, engine } = useSellerStore()
  const { today } = useToday()
  const day = useCheckoutDay(db, today)
  const sales = day?.sales
  const report = day?.report
  const done = day?.checkout
  const [comment, setComment] = useState('')
  const [error, setError] = useState<string | null>(null)

  const counted = (sales ?? []).filter((s) => s.sync !== 'rejected')
  const value = counted.reduce((sum, s) => sum + s.orderValueOre, 0)
  const commission = counted.reduce((sum, s) => sum + s.sellerCommissionOre, 0)

  const checkout = async () => {
    const ok = await confirm({
      title: t('checkout.confirmTitle'),
      text: t('checkout.confirmText', { count: counted.length }),
      confirmLabel: t('checkout.confirm'),
      cancelLabel: t('table.cancel'),
    })
    if (!ok) return
    try {
      await checkoutLocally(db, userId, { id: crypto.randomUUID(), date: today, checkedOutAt: now(), comment }, t)
      engine.afterLocalWrite()
      snackbar.success(t('checkout.done'))
    } catch (e) {
      if (!(e instanceof LocalValidationError)) throw e
      setError(Object.values(e.fieldErrors)[0]?.[0] ?? null)
    }
  }

  return (
    <Page title={t('routes.sales-daily-checkout')} subtitle={formatDate(today, lang)} breadcrumbs={[{ label: t('nav.groups.sales') }]}>
      <SectionCard title={t('checkout.summary')}>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
          <Figure label={t('checkout.sales')} value={String(counted.length)} testId="checkout-sales" />
          <Figure label={t('sales.orderValue')} value={formatOre(value, lang)} testId="checkout-value" />
          <Figure label={t('sales.sellerCommission')} value={formatOre(commission, lang)} />
          <Figure label={t('checkout.hours')} value={report ? t('checkout.hoursValue', { hours: report.workHours }) : '–'} />
        </SimpleGrid>
        {!report ? (
          <Text mt="4" fontSize="sm">
            {t('checkout.noTimeReport')}{' '}
            <Link to="/sales/time-report" style={{ textDecoration: 'underline' }}>
              {t('routes.sales-time-report')}
            </Link>
          </Text>
        ) : null}
      </SectionCard>

      {done ? (
        <Notice
          status="success"
          data-testid="checkout-done"
          title={t('checkout.doneTitle')}
          description={t('checkout.doneAt', { time: formatTime(done.checkedOutAt, lang) })}
        >
          <SyncBadge sync={done.sync} />
        </Notice>
      ) : (
        <Card.Root>
          <Card.Body>
            <Stack gap="4">
              <Text>{t('checkout.explain')}</Text>
              <Textarea
                aria-label={t('checkout.comment')}
                placeholder={t('checkout.comment')}
                value={comment}
                maxLength={500}
                onChange={(e) => setComment(e.target.value)}
              />
              <FormActions error={error}>
                <Button colorPalette="brand" onClick={() => void checkout()}>
                  {t('checkout.confirm')}
                </Button>
              </FormActions>
            </Stack>
          </Card.Body>
        </Card.Root>
      )}
    </Page>
  )
}
