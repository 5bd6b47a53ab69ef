import { Badge, Button, Card, Flex, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { ApiClientError } from '../../../lib/api-client'
import { snackbar } from '../../../lib/snackbar-store'
import { PushDenied, pushSupported, useDisablePush, useEnablePush, usePushStatus, useTestPush } from '../api/push-device'

/**
 * Profile → notifications: push on this device. Turning it on asks the browser's permission, subscribes with the
 * server's VAPID key and stores the subscription for this user; off unsubscribes and forgets it; a test push
 * goes to every device of the user.
 */
export function PushDeviceCard() {
  const { t } = useTranslation()
  const status = usePushStatus()
  const failed = (err: unknown) => snackbar.error(err instanceof ApiClientError ? err.message : t('profile.push.failed'))
  const enable = useEnablePush(status.data?.server.publicKey, {
    onSuccess: () => snackbar.success(t('profile.push.enabled')),
    onError: (err) => (err instanceof PushDenied ? snackbar.error(t('profile.push.denied')) : failed(err)),
  })
  const disable = useDisablePush({ onError: failed })
  const test = useTestPush({ onSuccess: (answer) => snackbar.success(t('profile.push.testSent', { count: answer.devices })), onError: failed })

  const on = status.data?.server.thisDevice === true
  const blocked = status.data?.permission === 'denied'
  return (
    <Card.Root variant="outline" data-testid="push-device-card">
      <Card.Body>
        <Stack gap="3">
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Text fontWeight="semibold">{t('profile.push.title')}</Text>
            <Badge colorPalette={on ? 'green' : 'gray'} data-testid="push-state">
              {!pushSupported() ? t('profile.push.unsupported') : on ? t('profile.push.on') : t('profile.push.off')}
            </Badge>
          </Flex>
          <Text fontSize="sm" color="fg.muted">
            {blocked ? t('profile.push.blocked') : t('profile.push.intro', { count: status.data?.server.subscriptions ?? 0 })}
          </Text>
          <Flex gap="2" wrap="wrap">
            {on ? (
              <Button size="sm" variant="outline" loading={disable.isPending} onClick={() => disable.mutate()}>
                {t('profile.push.disable')}
              </Button>
            ) : (
              <Button
                size="sm"
                colorPalette="brand"
                disabled={!pushSupported() || blocked || !status.data}
                loading={enable.isPending}
                onClick={() => enable.mutate()}
              >
                {t('profile.push.enable')}
              </Button>
            )}
            <Button size="sm" variant="ghost" disabled={(status.data?.server.subscriptions ?? 0) === 0} loading={test.isPending} onClick={() => test.mutate()}>
              {t('profile.push.test')}
            </Button>
          </Flex>
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}
