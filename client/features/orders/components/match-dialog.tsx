import { Badge, Box, Button, HStack, Input, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../../../shared/format'
import { addDays, businessDay } from '../../../../shared/rules/work'
import type { OrderDetail } from '../../../../shared/schemas/orders'
import { FormDialog } from '../../../components/ui/form-dialog'
import { useAction } from '../../../components/ui/use-action'
import { FormField } from '../../../components/ui/form-field'
import { SaleStatusBadge } from '../../../components/ui/sale-status-badge'
import { matchOrder, unmatchOrder } from '../api/orders-api'
import { rankCandidates } from './match-candidates'
import { ReasonDialog } from '../../../components/ui/reason-dialog'
import { useLanguage } from '../../../lib/use-language'
import { useUnmatchedSales } from '../api/orders-queries'

/** Days either side of the order's date the dialog looks first; "a longer period" doubles it. */
const NEAR_DAYS = 14

/**
 * Matches an unmatched order to one of its provider's sale reports that no order has (docs/decisions/026): those
 * sold near the order's date, the same customer first, searchable; a note for the log.
 */
export function MatchDialog({ order, onClose, onDone }: { order: OrderDetail; onClose: () => void; onDone: () => void }) {
  const { t, lang } = useLanguage()
  const [days, setDays] = useState(NEAR_DAYS)
  const [today] = useState(() => businessDay(Date.now()))
  const center = order.orderDate ?? today
  const from = addDays(center, -days)
  const to = order.orderDate ? addDays(center, days) : center
  const candidates = useUnmatchedSales(order.providerId, from, to)
  const [filter, setFilter] = useState('')
  const [saleId, setSaleId] = useState<string | null>(null)
  const [note, setNote] = useState('')
  const match = useAction(matchOrder, { onDone, fieldFirst: 'saleId' })
  const ranked = rankCandidates(candidates.data?.items ?? [], order, filter)

  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('orderManagement.manualMatch.title')}
      testId="match-dialog"
      size="lg"
      {...match.dialog}
      submitLabel={t('orderManagement.manualMatch.submit')}
      onSubmit={(e) => {
        e.preventDefault()
        if (!saleId) match.fail(t('orderManagement.manualMatch.choose'))
        else void match.run(order.id, saleId, note.trim() || null)
      }}
    >
      <Text fontSize="sm" color="fg.muted">
        {t('orderManagement.manualMatch.intro', { provider: order.providerName, from: formatDate(from, lang), to: formatDate(to, lang) })}
      </Text>
      <Input
        type="search"
        aria-label={t('orderManagement.manualMatch.filter')}
        placeholder={t('orderManagement.manualMatch.filter')}
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
      />
      {candidates.isPending ? (
        <Text color="fg.muted" aria-busy>
          …
        </Text>
      ) : ranked.length === 0 ? (
        <Text color="fg.muted">{t('orderManagement.manualMatch.none')}</Text>
      ) : (
        <Box maxH="20rem" overflowY="auto" borderWidth="1px" borderRadius="md" p="2">
          <RadioGroup.Root value={saleId} onValueChange={(e) => setSaleId(e.value)} colorPalette="brand" aria-label={t('orderManagement.manualMatch.choose')}>
            <Stack gap="1">
              {ranked.map((s) => (
                <RadioGroup.Item key={s.id} value={s.id} data-testid="match-candidate" alignItems="start" py="1">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator mt="1" />
                  <RadioGroup.ItemText flex="1">
                    <HStack gap="2" wrap="wrap">
                      <Text as="span" fontWeight="medium">
                        {s.customerName}
                      </Text>
                      {s.sameCustomer ? (
                        <Badge colorPalette="green" variant="subtle">
                          {t('orderManagement.manualMatch.sameCustomer')}
                        </Badge>
                      ) : null}
                      <SaleStatusBadge status={s.status} />
                    </HStack>
                    <Text fontSize="xs" color="fg.muted">
                      {[formatDate(s.sellDate, lang), s.sellerName, s.externalOrderNumber].filter(Boolean).join(' · ')}
                    </Text>
                  </RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
        </Box>
      )}
      {order.orderDate && days < 90 ? (
        <Button size="xs" variant="outline" alignSelf="start" onClick={() => setDays((d) => d * 2)}>
          {t('orderManagement.manualMatch.widen')}
        </Button>
      ) : null}
      <FormField label={t('orderManagement.manualMatch.note')}>
        <Textarea value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={500} rows={2} />
      </FormField>
    </FormDialog>
  )
}

/** Undoes a match (a wrong one, by hand or by the file) with a reason kept in the log. */
export function UnmatchDialog({ order, onClose, onDone }: { order: OrderDetail; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation()
  return (
    <ReasonDialog
      title={t('orderManagement.manualMatch.unmatchTitle')}
      text={t('orderManagement.manualMatch.unmatchText')}
      reasonLabel={t('orderManagement.manualMatch.reason')}
      submitLabel={t('orderManagement.manualMatch.unmatch')}
      testId="unmatch-dialog"
      onSave={(reason) => unmatchOrder(order.id, reason)}
      onDone={onDone}
      onClose={onClose}
    />
  )
}
