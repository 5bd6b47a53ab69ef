import { Alert, Button, Card, HStack, Input, Stack, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormField } from '../../../components/ui/form-field'
import { Page } from '../../../components/ui/page'
import { snackbar } from '../../../lib/snackbar-store'
import { LocalValidationError, sendSickNoticeLocally } from '../api/local-actions'
import { useOpenSickNotice, useSellerStore, useToday } from '../api/seller-store'
import { SyncBadge } from '../components/status-badges'

/** Reporting sick: once per occasion (spec section 4); while one is open the screen shows it with its date. */
export default function SickNoticePage() {
  const { t } = useTranslation()
  const { db, userId, engine } = useSellerStore()
  const { today } = useToday()
  const open = useOpenSickNotice(db)
  const [date, setDate] = useState(today)
  const [message, setMessage] = useState('')
  const [error, setError] = useState<string | null>(null)

  const send = async () => {
    setError(null)
    try {
      await sendSickNoticeLocally(db, userId, { id: crypto.randomUUID(), date, message, sentAt: Date.now() }, t)
      engine.afterLocalWrite()
      snackbar.show(t('sickNotice.sent'), { color: 'success', icon: 'success' })
    } catch (e) {
      if (!(e instanceof LocalValidationError)) throw e
      setError(Object.values(e.fieldErrors)[0]?.[0] ?? null)
    }
  }

  return (
    <Page title={t('routes.sales-sick-notice')} breadcrumbs={[{ label: t('nav.groups.sales') }]}>
      {open === undefined ? null : open ? (
        <Alert.Root status="info" maxW="3xl" data-testid="sick-notice-sent">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('sickNotice.alreadySent', { date: open.date })}</Alert.Title>
            <Alert.Description>
              {open.message ? `“${open.message}” · ` : ''}
              {t('sickNotice.sentAt', { date: open.sentAt })}. {t('sickNotice.backToWork')}
            </Alert.Description>
          </Alert.Content>
          <SyncBadge sync={open.sync} />
        </Alert.Root>
      ) : (
        <Card.Root maxW="3xl">
          <Card.Body>
            <Stack gap="4">
              <FormField label={t('sickNotice.date')} required>
                <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
              </FormField>
              <FormField label={t('sickNotice.message')} helper={t('sickNotice.messageHelper')}>
                <Textarea value={message} maxLength={1000} onChange={(e) => setMessage(e.target.value)} />
              </FormField>
              {error ? (
                <Alert.Root status="error">
                  <Alert.Indicator />
                  <Alert.Description>{error}</Alert.Description>
                </Alert.Root>
              ) : null}
              <HStack justify="flex-end">
                <Button colorPalette="brand" onClick={() => void send()}>
                  {t('sickNotice.send')}
                </Button>
              </HStack>
            </Stack>
          </Card.Body>
        </Card.Root>
      )}
    </Page>
  )
}
