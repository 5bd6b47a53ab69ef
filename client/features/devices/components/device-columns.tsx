import { Badge, HStack, Stack, Text } from '@chakra-ui/react'
import { formatBytes, formatDate, formatTime, type FormatLanguage } from '../../../../shared/format'
import type { DeviceAlert, DeviceItem } from '../../../../shared/schemas/devices'
import type { Column } from '../../../components/ui/data-table/data-table'

export const ALERT_COLOUR: Record<DeviceAlert, string> = { stale: 'red', lowSpace: 'orange', oldVersion: 'yellow' }

/** A device's alerts as badges (none: nothing). */
export function AlertBadges({ alerts, t }: { alerts: DeviceAlert[]; t: (key: string) => string }) {
  if (alerts.length === 0) return null
  return (
    <HStack gap="1" wrap="wrap" data-testid="device-alerts">
      {alerts.map((a) => (
        <Badge key={a} variant="subtle" colorPalette={ALERT_COLOUR[a]}>
          {t(`devices.alerts.${a}`)}
        </Badge>
      ))}
    </HStack>
  )
}

/** The devices list's columns: the device (and its serial number), whose it is, system, version, space, sync, alerts. */
export function deviceColumns(t: (key: string, params?: Record<string, unknown>) => string, lang: FormatLanguage): Column<DeviceItem>[] {
  const when = (ms: number | null) => (ms === null ? t('devices.never') : `${formatDate(ms, lang)} ${formatTime(ms, lang)}`)
  return [
    {
      key: 'device',
      header: t('devices.columns.device'),
      sortKey: 'name',
      render: (d) => (
        <Stack gap="0">
          <HStack gap="2">
            <Text fontWeight="medium">{d.label}</Text>
            <Badge variant="outline" size="sm" data-testid="device-kind">
              {t(`devices.kinds.${d.kind}`)}
            </Badge>
            {d.state === 'lost' ? (
              <Badge colorPalette="red" variant="solid" size="sm">
                {t('devices.states.lost')}
              </Badge>
            ) : null}
          </HStack>
          {d.serialNumber ? (
            <Text fontSize="xs" color="fg.muted" fontFamily="mono">
              {d.serialNumber}
            </Text>
          ) : null}
          <Text fontSize="xs" color="fg.muted" hideFrom="md">
            {d.userName ?? t('devices.nobody')}
          </Text>
        </Stack>
      ),
      csv: (d) => (d.serialNumber ? `${d.label} (${d.serialNumber})` : d.label),
    },
    { key: 'user', header: t('devices.columns.user'), render: (d) => d.userName ?? t('devices.nobody'), csv: (d) => d.userName ?? '', hideBelow: 'md' },
    {
      key: 'os',
      header: t('devices.columns.os'),
      render: (d) => (
        <Stack gap="0">
          <Text>{d.os ?? t('devices.unknown')}</Text>
          {d.browser ? (
            <Text fontSize="xs" color="fg.muted">
              {d.browser}
            </Text>
          ) : null}
        </Stack>
      ),
      csv: (d) => [d.os, d.browser].filter(Boolean).join(' · '),
      hideBelow: 'lg',
    },
    { key: 'appVersion', header: t('devices.columns.appVersion'), render: (d) => d.appVersion ?? '–', csv: (d) => d.appVersion ?? '', hideBelow: 'lg' },
    {
      key: 'freeStorage',
      header: t('devices.columns.freeStorage'),
      sortKey: 'freeStorage',
      render: (d) => formatBytes(d.freeStorageBytes, lang, { binary: true }),
      csv: (d) => d.freeStorageBytes ?? '',
      hideBelow: 'md',
    },
    {
      key: 'lastSync',
      header: t('devices.columns.lastSync'),
      sortKey: 'lastSyncAt',
      render: (d) => (
        <Stack gap="0">
          <Text>{when(d.lastSyncAt)}</Text>
          {d.pending > 0 ? (
            <Text fontSize="xs" color="fg.warning">
              {t('devices.pending', { count: d.pending })}
            </Text>
          ) : null}
        </Stack>
      ),
      csv: (d) => `${when(d.lastSyncAt)}${d.pending > 0 ? ` (${t('devices.pending', { count: d.pending })})` : ''}`,
    },
    {
      key: 'enrolledAt',
      header: t('devices.columns.enrolledAt'),
      sortKey: 'enrolledAt',
      render: (d) => (d.enrolledAt === null ? '–' : formatDate(d.enrolledAt, lang)),
      csv: (d) => (d.enrolledAt === null ? '' : formatDate(d.enrolledAt, lang)),
      hideBelow: 'lg',
    },
    {
      key: 'alerts',
      header: t('devices.columns.alerts'),
      render: (d) => <AlertBadges alerts={d.alerts} t={t} />,
      csv: (d) => d.alerts.map((a) => t(`devices.alerts.${a}`)).join(', '),
    },
  ]
}
