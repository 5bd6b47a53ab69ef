import { Skeleton, Stack, Switch, Table, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { NOTIFICATION_CHANNELS, NOTIFICATION_TYPES } from '../../../../shared/schemas/notifications'
import { ApiClientError } from '../../../lib/api-client'
import { snackbar } from '../../../lib/snackbar-store'
import { PushDeviceCard } from './push-device-card'
import { useNotificationSettings, useSaveNotificationSettings } from '../api/profile-queries'

/** Profile → notification settings: each kind of alert × in the app, push, e-mail. Saved on each switch. */
export function NotificationSettingsTab() {
  const { t } = useTranslation()
  const settings = useNotificationSettings()
  const save = useSaveNotificationSettings({
    onSuccess: () => snackbar.success(t('profile.notificationSettings.saved')),
    onError: (err) => snackbar.error(err instanceof ApiClientError ? err.message : t('errors.network')),
  })
  const s = settings.data
  if (!s) return <Skeleton h="32" />

  return (
    <Stack gap="4" maxW="3xl">
      <Text color="fg.muted">{t('profile.notificationSettings.intro')}</Text>
      <PushDeviceCard />
      <Table.Root size="sm" variant="outline">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('profile.notificationSettings.kind')}</Table.ColumnHeader>
            {NOTIFICATION_CHANNELS.map((c) => (
              <Table.ColumnHeader key={c} textAlign="center">
                {t(`profile.notificationSettings.channels.${c}`)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {NOTIFICATION_TYPES.map((kind) => (
            <Table.Row key={kind}>
              <Table.Cell>{t(`profile.notificationSettings.kinds.${kind}`)}</Table.Cell>
              {NOTIFICATION_CHANNELS.map((channel) => {
                const locked = kind === 'deviation' && channel === 'inApp'
                const label = `${t(`profile.notificationSettings.kinds.${kind}`)}: ${t(`profile.notificationSettings.channels.${channel}`)}`
                return (
                  <Table.Cell key={channel} textAlign="center">
                    <Switch.Root
                      colorPalette="brand"
                      checked={s[kind][channel]}
                      disabled={locked}
                      onCheckedChange={(e) => save.mutate({ ...s, [kind]: { ...s[kind], [channel]: e.checked } })}
                      data-testid={`notify-${kind}-${channel}`}
                    >
                      <Switch.HiddenInput aria-label={label} />
                      <Switch.Control />
                    </Switch.Root>
                  </Table.Cell>
                )
              })}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Text fontSize="sm" color="fg.muted">
        {t('profile.notificationSettings.deviationLocked')}
      </Text>
    </Stack>
  )
}
