import { Alert, DataList, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { formatBytes, formatDate, formatTime } from '../../../../shared/format'
import { pathFor } from '../../../../shared/routes'
import type { DeviceDetail } from '../../../../shared/schemas/devices'
import { ActivityLog } from '../../../components/ui/activity-log'
import { DetailActions } from '../../../components/ui/detail-kit'
import { DetailState } from '../../../components/ui/detail-state'
import { formErrorOf } from '../../../components/ui/form-dialog'
import { Page } from '../../../components/ui/page'
import { confirm } from '../../../lib/confirm-store'
import { snackbar } from '../../../lib/snackbar-store'
import { setDeviceLost } from '../api/devices-api'
import { AlertBadges } from '../components/device-columns'
import { EditDeviceDialog } from '../components/edit-device-dialog'
import { useLanguage } from '../../../lib/use-language'
import { SectionCard } from '../../../components/ui/section-card'
import { Notice } from '../../../components/ui/notice'
import { useDevice, useDeviceSettings, useRefreshDevices } from '../api/devices-queries'

/**
 * /backoffice/devices/:id (decision 072): what the device is (from the app and the MDM), its storage and sync, its
 * alerts, the lost mark (with what was waiting on it) and its history — who had it, in the activity log.
 */
export default function DevicePage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const crumbs = [{ label: t('nav.groups.backoffice') }, { label: t('routes.backoffice-devices'), to: pathFor('backoffice-devices') }]
  const detail = useDevice(id)
  return (
    <DetailState query={detail} title={t('routes.backoffice-devices-id')} breadcrumbs={crumbs} notFound={t('pages.notFound.text')}>
      {(d) => <Device device={d} crumbs={crumbs} />}
    </DetailState>
  )
}

function Facts({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <SectionCard title={title}>
      <DataList.Root orientation="horizontal" size="sm" data-testid={testId}>
        {children}
      </DataList.Root>
    </SectionCard>
  )
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="40">{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  )
}

function Device({ device: d, crumbs }: { device: DeviceDetail; crumbs: Array<{ label: string; to?: string }> }) {
  const { t, lang } = useLanguage()
  const refreshDevices = useRefreshDevices()
  const [editing, setEditing] = useState(false)
  const settings = useDeviceSettings()
  const reload = () => void refreshDevices()
  const when = (ms: number | null) => (ms === null ? t('devices.never') : `${formatDate(ms, lang)} ${formatTime(ms, lang)}`)
  const text = (v: string | null) => v ?? t('devices.unknown')
  const yesNo = (v: boolean | null) => (v === null ? t('devices.unknown') : v ? t('devices.storage.yes') : t('devices.storage.no'))

  const markLost = async (lost: boolean) => {
    if (lost) {
      const ok = await confirm({
        title: t('devices.markLostTitle', { device: d.label }),
        text: [t('devices.markLostText'), d.pending > 0 ? t('devices.markLostPending', { count: d.pending }) : t('devices.markLostNothing')].join('\n\n'),
        confirmLabel: t('devices.markLostConfirm'),
        cancelLabel: t('table.cancel'),
        destructive: true,
      })
      if (!ok) return
    }
    try {
      await setDeviceLost(d.id, d.version, lost)
      snackbar.success(t(lost ? 'devices.markedLost' : 'devices.markedFound'))
    } catch (err) {
      snackbar.error(formErrorOf(err, t).message)
    }
    reload()
  }

  const lost = d.state === 'lost'
  return (
    <Page title={d.label} breadcrumbs={crumbs}>
      <DetailActions
        actions={[
          { label: t('devices.edit'), onClick: () => setEditing(true), show: d.may.edit, testId: 'device-edit' },
          { label: t('devices.markLost'), onClick: () => void markLost(true), show: d.may.edit && !lost, danger: true, testId: 'device-mark-lost' },
          { label: t('devices.found'), onClick: () => void markLost(false), show: d.may.edit && lost, testId: 'device-found' },
        ]}
      />
      {lost ? (
        <Notice
          status="error"
          data-testid="device-lost"
          title={t('devices.lostBanner', { time: when(d.lostAt), name: d.lostByName ?? t('activityLog.system') })}
          description={
            <Stack gap="1">
              {d.pendingAtLoss ? <Text>{t('devices.lostPending', { count: d.pendingAtLoss })}</Text> : null}
              <Text>{d.wipedAt ? t('devices.wiped', { time: when(d.wipedAt) }) : t('devices.wipeWaiting')}</Text>
            </Stack>
          }
        />
      ) : null}
      {d.storeLostAt && d.pendingAtStoreLoss ? (
        <Notice
          status="warning"
          data-testid="device-store-lost"
          description={t('devices.storeLost', { count: d.pendingAtStoreLoss, time: when(d.storeLostAt) })}
        />
      ) : null}
      {d.alerts.length > 0 && settings.data ? (
        <Alert.Root status="warning" data-testid="device-alert-help">
          <Alert.Indicator />
          <Alert.Content>
            <AlertBadges alerts={d.alerts} t={t} />
            <Alert.Description>
              {d.alerts
                .map((a) =>
                  t(`devices.alertHelp.${a}`, { hours: settings.data.staleHours, mb: settings.data.lowSpaceMb, version: settings.data.minAppVersion ?? '' }),
                )
                .join(' ')}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
        <Facts title={t('devices.facts.title')} testId="device-facts">
          <Row label={t('devices.facts.user')} value={d.userName ?? t('devices.nobody')} />
          <Row label={t('devices.facts.name')} value={text(d.name)} />
          <Row label={t('devices.facts.manufacturer')} value={text(d.manufacturer)} />
          <Row label={t('devices.facts.model')} value={text(d.model)} />
          <Row label={t('devices.facts.serialNumber')} value={text(d.serialNumber)} />
          <Row label={t('devices.facts.os')} value={text(d.os ? [d.os, d.osVersion].filter(Boolean).join(' ') : null)} />
          <Row label={t('devices.facts.browser')} value={text(d.browser)} />
          <Row label={t('devices.facts.appVersion')} value={text(d.appVersion)} />
          <Row label={t('devices.facts.source')} value={t(`devices.sources.${d.source}`)} />
        </Facts>
        <Facts title={t('devices.storage.title')} testId="device-storage">
          <Row label={t('devices.storage.mdmFree')} value={formatBytes(d.mdmFreeStorageBytes, lang, { binary: true })} />
          <Row label={t('devices.storage.mdmTotal')} value={formatBytes(d.mdmTotalStorageBytes, lang, { binary: true })} />
          <Row label={t('devices.storage.appUses')} value={formatBytes(d.storageUsedBytes, lang, { binary: true })} />
          <Row label={t('devices.storage.appMay')} value={formatBytes(d.storageQuotaBytes, lang, { binary: true })} />
          <Row label={t('devices.storage.persisted')} value={yesNo(d.persisted)} />
        </Facts>
        <Facts title={t('devices.sync.title')} testId="device-sync">
          <Row label={t('devices.sync.lastSync')} value={when(d.lastSyncAt)} />
          <Row label={t('devices.sync.lastContact')} value={when(d.lastContactAt)} />
          <Row label={t('devices.sync.pending')} value={d.pending} />
          <Row label={t('devices.sync.appEnrolled')} value={when(d.appEnrolledAt)} />
          <Row label={t('devices.sync.mdmEnrolled')} value={d.mdmEnrolledAt === null ? '–' : formatDate(d.mdmEnrolledAt, lang)} />
          <Row label={t('devices.sync.mdmLastSync')} value={d.mdmLastSyncAt === null ? '–' : when(d.mdmLastSyncAt)} />
        </Facts>
      </SimpleGrid>
      <ActivityLog
        title={t('devices.log')}
        lines={d.activity}
        testId="device-log"
        fieldLabel={(f) => (f === 'userId' ? t('devices.fields.userId') : f === 'pending' ? t('devices.sync.pending') : undefined)}
        formatValue={(f, v) => (f === 'userId' && !v ? t('devices.nobody') : undefined)}
      />
      {editing ? (
        <EditDeviceDialog
          device={d}
          onClose={() => setEditing(false)}
          onReload={reload}
          onSaved={() => {
            setEditing(false)
            snackbar.success(t('devices.saved'))
            reload()
          }}
        />
      ) : null}
    </Page>
  )
}
