import { Button, Field, Input, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate, formatTime } from '../../../../shared/format'
import { DOUBLE_WINDOW_MAX_DAYS, DOUBLE_WINDOW_MIN_DAYS } from '../../../../shared/rules/double-sales'
import type { DoubleSaleListItem } from '../../../../shared/schemas/double-sales'
import { ApiClientError, errorText, serverFieldErrors } from '../../../lib/api-client'
import { confirmDoubleSale, dismissDoubleSale, saveSaleSettings } from '../api/double-sales-api'
import { AppDialog } from '../../../components/ui/app-dialog'
import { Notice } from '../../../components/ui/notice'
import { useLanguage } from '../../../lib/use-language'
import { useAction } from '../../../components/ui/use-action'

/**
 * Decides a possible double sale (docs/decisions/025): confirm — the chosen sale (the later one unless back office
 * picks the earlier) becomes regret with a reason the seller reads — or dismiss, with an optional note. A pair
 * decided meanwhile, or a sale changed meanwhile, is a 409 whose message says so; the list is read again.
 */
export function DoubleSaleDialog(props: {
  pair: DoubleSaleListItem | null
  mode: 'confirm' | 'dismiss'
  onClose: () => void
  onDecided: () => void
  onConflict: () => void
}) {
  const { t, lang } = useLanguage()
  const { pair } = props
  const [which, setWhich] = useState<'later' | 'earlier'>('later')
  const [reason, setReason] = useState(() => t('doubleSales.defaultReason'))
  const [note, setNote] = useState('')
  const [reasonError, setReasonError] = useState<string | null>(null)
  const deciding = useAction(
    async (decided: DoubleSaleListItem) => {
      if (props.mode === 'dismiss') return dismissDoubleSale(decided.id, { note: note.trim() || null })
      const sale = decided[which]
      return confirmDoubleSale(decided.id, { regretSaleId: sale.id, version: sale.version, reason: reason.trim() })
    },
    {
      onDone: () => props.onDecided(),
      // The reason's refusal under the reason; a pair or sale decided meanwhile read again, said in the server's words.
      onError: (err) => {
        const onReason = serverFieldErrors(err)?.reason?.[0]
        if (onReason) setReasonError(onReason)
        else {
          if (err instanceof ApiClientError && err.status === 409) props.onConflict()
          deciding.fail(errorText(err, t))
        }
        return true
      },
    },
  )

  const submit = async () => {
    if (!pair) return
    setReasonError(null)
    if (props.mode === 'confirm' && !reason.trim()) return setReasonError(t('validation.required'))
    await deciding.run(pair)
  }

  return (
    <AppDialog
      open={pair !== null}
      onClose={props.onClose}
      title={props.mode === 'confirm' ? t('doubleSales.confirmTitle') : t('doubleSales.dismissTitle')}
      size="md"
      footer={
        <>
          <Button variant="outline" onClick={props.onClose}>
            {t('doubleSales.cancel')}
          </Button>
          <Button colorPalette={props.mode === 'confirm' ? 'red' : 'brand'} loading={deciding.busy} onClick={() => void submit()}>
            {props.mode === 'confirm' ? t('doubleSales.confirm') : t('doubleSales.dismiss')}
          </Button>
        </>
      }
    >
      {pair ? (
        <Stack gap="4">
          <Text fontWeight="medium">
            {pair.customerName} · {pair.providerName}
          </Text>
          {props.mode === 'confirm' ? (
            <>
              <Text fontSize="sm" color="fg.muted">
                {t('doubleSales.confirmHelp')}
              </Text>
              <Field.Root>
                <Field.Label>{t('doubleSales.regretWhich')}</Field.Label>
                <RadioGroup.Root value={which} onValueChange={(e) => setWhich(e.value as 'later' | 'earlier')} colorPalette="brand">
                  <Stack gap="2">
                    {(['later', 'earlier'] as const).map((w) => (
                      <RadioGroup.Item key={w} value={w}>
                        <RadioGroup.ItemHiddenInput />
                        <RadioGroup.ItemIndicator />
                        <RadioGroup.ItemText>
                          {t(w === 'later' ? 'doubleSales.laterOption' : 'doubleSales.earlierOption', {
                            date: `${formatDate(pair[w].soldAt, lang)} ${formatTime(pair[w].soldAt, lang)}`,
                            seller: pair[w].sellerName,
                          })}
                        </RadioGroup.ItemText>
                      </RadioGroup.Item>
                    ))}
                  </Stack>
                </RadioGroup.Root>
              </Field.Root>
              <Field.Root invalid={!!reasonError} required>
                <Field.Label>
                  {t('doubleSales.reason')}
                  <Field.RequiredIndicator />
                </Field.Label>
                <Textarea rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
                {reasonError ? <Field.ErrorText>{reasonError}</Field.ErrorText> : null}
              </Field.Root>
            </>
          ) : (
            <Field.Root>
              <Field.Label>{t('doubleSales.note')}</Field.Label>
              <Textarea rows={3} maxLength={1000} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
            </Field.Root>
          )}
          {deciding.error ? <Notice status="error" title={deciding.error} /> : null}
        </Stack>
      ) : null}
    </AppDialog>
  )
}

/** Back office sets the double-sale window (1–90 days); the list follows at once. */
export function DoubleWindowDialog(props: { open: boolean; current: number; onClose: () => void; onSaved: (days: number) => void }) {
  const { t } = useTranslation()
  const [days, setDays] = useState(String(props.current))
  const saving = useAction(saveSaleSettings, { onDone: (saved) => props.onSaved(saved.doubleWindowDays), fieldFirst: 'doubleWindowDays' })
  const { busy, error } = saving
  const submit = async () => {
    const n = Number(days)
    if (!Number.isInteger(n) || n < DOUBLE_WINDOW_MIN_DAYS || n > DOUBLE_WINDOW_MAX_DAYS) return saving.fail(t('validation.saleSettings.window'))
    await saving.run({ doubleWindowDays: n })
  }
  return (
    <AppDialog
      open={props.open}
      onClose={props.onClose}
      title={t('doubleSales.changeWindow')}
      size="md"
      footer={
        <>
          <Button variant="outline" onClick={props.onClose}>
            {t('doubleSales.cancel')}
          </Button>
          <Button colorPalette="brand" loading={busy} onClick={() => void submit()}>
            {t('doubleSales.save')}
          </Button>
        </>
      }
    >
      <Field.Root invalid={!!error} required>
        <Field.Label>
          {t('doubleSales.windowLabel')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          type="number"
          inputMode="numeric"
          min={DOUBLE_WINDOW_MIN_DAYS}
          max={DOUBLE_WINDOW_MAX_DAYS}
          value={days}
          onChange={(e) => setDays(e.currentTarget.value)}
        />
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      </Field.Root>
    </AppDialog>
  )
}
