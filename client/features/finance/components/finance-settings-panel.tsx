import { Button, Card, Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { formatDate, formatOph } from '../../../../shared/format'
import { fieldErrorsOf, type FieldErrors } from '../../../../shared/schemas/errors'
import { financeSettingsSchema, type FinanceSettings } from '../../../../shared/schemas/finance'
import { ApiClientError, errorText, serverFieldErrors } from '../../../lib/api-client'
import { snackbar } from '../../../lib/snackbar-store'
import { saveFinanceSettings } from '../api/finance-api'
import { financeKeys } from '../api/finance-keys'
import { Notice } from '../../../components/ui/notice'
import { useLanguage } from '../../../lib/use-language'
import { useRefreshFinanceProfitability } from '../api/finance-queries'

/** A percentage as typed: a decimal comma or point, spaces ignored; anything else is left for the schema to refuse. */
const percentOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.replace(/\s/g, '').replace(',', '.')))

/**
 * The calculation's settings (docs/decisions/051), for those who may change them: the employer's contribution rate
 * and the legacy cut-off. Saved on the version read: if someone else saved meanwhile, the panel shows theirs.
 */
export function FinanceSettingsPanel({ settings }: { settings: FinanceSettings }) {
  const { t, lang } = useLanguage()
  const queryClient = useQueryClient()
  const refreshFinanceProfitability = useRefreshFinanceProfitability()
  const [rate, setRate] = useState(() => formatOph(settings.payrollTaxBp, lang).replace(/\s/g, ''))
  const [cutoff, setCutoff] = useState(settings.legacyCutoff)
  const [problems, setProblems] = useState<FieldErrors | null>(null)
  const [notice, setNotice] = useState<{ status: 'warning' | 'error'; text: string } | null>(null)
  const [busy, setBusy] = useState(false)

  const save = async () => {
    setNotice(null)
    const checked = financeSettingsSchema.safeParse({ payrollTaxPercent: percentOf(rate), legacyCutoff: cutoff, version: settings.version })
    if (!checked.success) {
      setProblems(fieldErrorsOf(checked.error, t))
      return
    }
    setProblems(null)
    setBusy(true)
    try {
      const saved = await saveFinanceSettings(checked.data)
      queryClient.setQueryData(financeKeys.settings, saved)
      await refreshFinanceProfitability()
      snackbar.success(t('finance.settings.saved'))
    } catch (err) {
      const fieldErrors = serverFieldErrors(err)
      if (err instanceof ApiClientError && err.body?.error === 'changed_elsewhere') {
        const current = err.body.details?.current as FinanceSettings | undefined
        if (current) {
          queryClient.setQueryData(financeKeys.settings, current)
          setRate(formatOph(current.payrollTaxBp, lang).replace(/\s/g, ''))
          setCutoff(current.legacyCutoff)
        }
        setNotice({ status: 'warning', text: t('finance.settings.conflict') })
      } else if (fieldErrors) setProblems(fieldErrors)
      else setNotice({ status: 'error', text: errorText(err, t) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card.Root variant="outline" size="sm" as="section" aria-labelledby="finance-settings-title">
      <Card.Body>
        <Stack gap="3">
          <Text id="finance-settings-title" fontWeight="semibold">
            {t('finance.settings.title')}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {settings.updatedAt && settings.updatedBy
              ? t('finance.settings.changed', { at: formatDate(settings.updatedAt, lang), by: settings.updatedBy })
              : t('finance.settings.defaults')}
          </Text>
          {notice ? <Notice status={notice.status} size="sm" title={notice.text} /> : null}
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" alignItems="end">
            <Field.Root invalid={!!problems?.payrollTaxPercent}>
              <Field.Label fontSize="sm">{t('finance.settings.payrollTax')}</Field.Label>
              <Input size="sm" inputMode="decimal" autoComplete="off" value={rate} onChange={(e) => setRate(e.currentTarget.value)} />
              <Field.ErrorText>{problems?.payrollTaxPercent?.[0]}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!problems?.legacyCutoff}>
              <Field.Label fontSize="sm">{t('finance.settings.legacyCutoff')}</Field.Label>
              <Input size="sm" type="date" value={cutoff} onChange={(e) => setCutoff(e.currentTarget.value)} />
              <Field.ErrorText>{problems?.legacyCutoff?.[0]}</Field.ErrorText>
            </Field.Root>
            <Button size="sm" colorPalette="brand" loading={busy} onClick={() => void save()}>
              {t('finance.settings.save')}
            </Button>
          </SimpleGrid>
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}
