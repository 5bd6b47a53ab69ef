import { Badge, Button, Card, Flex, Stack, Text } from '@chakra-ui/react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { ApiClientError } from '../../../lib/api-client'
import { snackbar } from '../../../lib/snackbar-store'
import { pushStatus, removePushSubscription, savePushSubscription, sendTestPush } from '../api/profile-api'
import { profileKeys } from '../api/profile-keys'
import { useRefreshProfilePushStatus } from '../api/profile-queries'

const supported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window

async function currentSubscription(): Promise<PushSubscription | null> {
  if (!supported()) return null
  const registration = await navigator.serviceWorker.getRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

/** base64url → the bytes pushManager.subscribe wants as the server's key */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  const out = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i)
  return out
}

/**
 * Profile → notifications: push on this device. Turning it on asks the browser's permission, subscribes with the
 * server's VAPID key and stores the subscription for this user; off unsubscribes and forgets it; a test push
 * goes to every device of the user.
 */
export function PushDeviceCard() {
  const { t } = useTranslation()
  const refreshProfilePushStatus = useRefreshProfilePushStatus()
  const status = useQuery({
    queryKey: profileKeys.pushStatus,
    queryFn: async () => {
      const subscription = await currentSubscription()
      return { server: await pushStatus(subscription?.endpoint), permission: supported() ? Notification.permission : 'denied' }
    },
  })
  const failed = (err: unknown) => snackbar.error(err instanceof ApiClientError ? err.message : t('profile.push.failed'))
  const enable = useMutation({
    mutationFn: async () => {
      if ((await Notification.requestPermission()) !== 'granted') throw new Error('denied')
      const registration = await navigator.serviceWorker.ready
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(status.data!.server.publicKey) }))
      await savePushSubscription(subscription.toJSON())
    },
    onSuccess: () => snackbar.success(t('profile.push.enabled')),
    onError: (err) => (err instanceof Error && err.message === 'denied' ? snackbar.error(t('profile.push.denied')) : failed(err)),
    onSettled: () => void refreshProfilePushStatus(),
  })
  const disable = useMutation({
    mutationFn: async () => {
      const subscription = await currentSubscription()
      if (!subscription) return
      await removePushSubscription(subscription.endpoint)
      await subscription.unsubscribe()
    },
    onError: failed,
    onSettled: () => void refreshProfilePushStatus(),
  })
  const test = useMutation({
    mutationFn: sendTestPush,
    onSuccess: (answer) => snackbar.success(t('profile.push.testSent', { count: answer.devices })),
    onError: failed,
  })

  const on = status.data?.server.thisDevice === true
  const blocked = status.data?.permission === 'denied'
  return (
    <Card.Root variant="outline" data-testid="push-device-card">
      <Card.Body>
        <Stack gap="3">
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Text fontWeight="semibold">{t('profile.push.title')}</Text>
            <Badge colorPalette={on ? 'green' : 'gray'} data-testid="push-state">
              {!supported() ? t('profile.push.unsupported') : on ? t('profile.push.on') : t('profile.push.off')}
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
                disabled={!supported() || blocked || !status.data}
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
