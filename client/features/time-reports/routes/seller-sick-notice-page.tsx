import { Button, Card, Field, Input, RadioGroup, Stack, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { sickNoticeAsks, type SickSameDay } from '../../../../shared/rules/pay'
import { addDays, isWeekend } from '../../../../shared/rules/work'
import { useTranslation } from 'react-i18next'
import { FormField } from '../../../components/ui/form-field'
import { Page } from '../../../components/ui/page'
import { snackbar } from '../../../lib/snackbar-store'
import { LocalValidationError } from '../../../lib/device-actions'
import { sendSickNoticeLocally } from '../api/local-actions'
import { useSellerStore, useToday } from '../../../lib/device-store'
import { useOpenSickNotice, useTimeReportOn } from '../api/seller-store'
import { SyncBadge } from '../../../components/ui/sync-badge'
import { FormActions } from '../../../components/ui/form-kit'
import { Notice } from '../../../components/ui/notice'

/** The first weekday after a day. */
function nextWorkDay(date: string) {
  let d = addDays(date, 1)
  while (isWeekend(d)) d = addDays(d, 1)
  return d
}

type Choice = SickSameDay | 'nextDay'

/**
 * Reporting sick: once per occasion (spec section 4); while one is open the screen shows it with its date. A day
 * the seller already reported work on asks what holds (docs/decisions/060): the notice then writes the day's time
 * report to match, so the sick list, the time report and every export agree.
 */
export default function SickNoticePage() {
  const { t } = useTranslation()
  const { db, userId, engine } = useSellerStore()
  const { today } = useToday()
  const open = useOpenSickNotice(db)
  const [date, setDate] = useState(today)
  const [message, setMessage] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [choice, setChoice] = useState<Choice | null>(null)
  const report = useTimeReportOn(db, date || null)
  const dayReport = report && report.sync !== 'rejected' ? report : null
  const asks = sickNoticeAsks(dayReport)
  const choices: Choice[] = asks === 'fullyWorked' ? ['wholeDay', 'nextDay'] : asks === 'partlyWorked' ? ['restOfDay', 'wholeDay', 'nextDay'] : []

  const send = async () => {
    setError(null)
    if (asks && (!choice || !choices.includes(choice))) {
      setError(t('sickNotice.sameDayRequired'))
      return
    }
    const firstDay = asks && choice === 'nextDay' ? nextWorkDay(date) : date
    const sameDay = asks && choice !== 'nextDay' ? choice : undefined
    try {
      await sendSickNoticeLocally(db, userId, { id: crypto.randomUUID(), date: firstDay, message, sentAt: Date.now(), sameDay }, t)
      engine.afterLocalWrite()
      snackbar.success(t('sickNotice.sent'))
    } catch (e) {
      if (!(e instanceof LocalValidationError)) throw e
      setError(Object.values(e.fieldErrors)[0]?.[0] ?? null)
    }
  }

  return (
    <Page title={t('routes.sales-sick-notice')} breadcrumbs={[{ label: t('nav.groups.sales') }]}>
      {open === undefined ? null : open ? (
        <Notice
          status="info"
          maxW="3xl"
          data-testid="sick-notice-sent"
          title={t('sickNotice.alreadySent', { date: open.date })}
          description={
            <>
              {open.message ? `“${open.message}” · ` : ''}
              {t('sickNotice.sentAt', { date: open.sentAt })}. {t('sickNotice.backToWork')}
            </>
          }
        >
          <SyncBadge sync={open.sync} />
        </Notice>
      ) : (
        <Card.Root maxW="3xl">
          <Card.Body>
            <Stack gap="4">
              <FormField label={t('sickNotice.date')} required>
                <Input
                  type="date"
                  value={date}
                  onChange={(e) => {
                    setDate(e.target.value)
                    setChoice(null)
                  }}
                />
              </FormField>
              {asks && dayReport ? (
                <Field.Root required invalid={!!error && !choice} data-testid="sick-same-day">
                  <Field.Label>
                    {t('sickNotice.sameDayQuestion', { hours: dayReport.workHours })}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <RadioGroup.Root value={choice} onValueChange={(e) => setChoice(e.value as Choice)} colorPalette="brand">
                    <Stack gap="2" pt="1">
                      {choices.map((c) => (
                        <RadioGroup.Item key={c} value={c}>
                          <RadioGroup.ItemHiddenInput />
                          <RadioGroup.ItemIndicator />
                          <RadioGroup.ItemText>{t(`sickNotice.sameDay.${c}`, { date: nextWorkDay(date) })}</RadioGroup.ItemText>
                        </RadioGroup.Item>
                      ))}
                    </Stack>
                  </RadioGroup.Root>
                </Field.Root>
              ) : null}
              <FormField label={t('sickNotice.message')} helper={t('sickNotice.messageHelper')}>
                <Textarea value={message} maxLength={1000} onChange={(e) => setMessage(e.target.value)} />
              </FormField>
              <FormActions error={error}>
                <Button colorPalette="brand" onClick={() => void send()}>
                  {t('sickNotice.send')}
                </Button>
              </FormActions>
            </Stack>
          </Card.Body>
        </Card.Root>
      )}
    </Page>
  )
}
