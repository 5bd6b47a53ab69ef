import { Button, HStack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { pathFor } from '../../../../shared/routes'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { listTable } from '../../../components/ui/data-table/list-state'
import { useCsvDownload } from '../../../components/ui/data-table/use-csv-download'
import { useListQuery, useListPage } from '../../../components/ui/data-table/use-list-query'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { DEVICE_FILTER_KEYS, listDevices } from '../api/devices-api'
import { devicesKeys } from '../api/devices-keys'
import { deviceColumns } from '../components/device-columns'
import { DeviceFilterBar } from '../components/device-filter-bar'
import { DeviceSettingsDialog } from '../components/device-settings-dialog'
import { ImportDevicesDialog } from '../components/import-devices-dialog'
import { useLanguage } from '../../../lib/use-language'
import { useDeviceSettings, useRefreshDevices } from '../api/devices-queries'

/**
 * /backoffice/devices (spec section 3, decision 072): the sellers' devices — manufacturer, model, serial number, free
 * space, enrollment, last sync, whose — with their alerts; the MDM list's import and the alerts' limits for those who
 * keep the devices.
 */
export default function DevicesPage() {
  const { t, lang } = useLanguage()
  const navigate = useNavigate()
  const ability = useAbility()
  const refreshDevices = useRefreshDevices()
  const { query, update, filters, active } = useListQuery({ itemsPerPage: 25, sortBy: 'lastSyncAt', orderBy: 'desc' }, DEVICE_FILTER_KEYS)
  const list = useListPage(devicesKeys.list, listDevices, query, filters)
  const settings = useDeviceSettings()
  const [dialog, setDialog] = useState<'import' | 'settings' | null>(null)
  const mayKeep = ability.can('update', 'devices')
  const columns = deviceColumns(t, lang)
  const csv = useCsvDownload({ fileName: t('routes.backoffice-devices'), columns, query, fetchPage: (q) => listDevices(q, filters) })
  const refresh = () => void refreshDevices()
  return (
    <Page title={t('routes.backoffice-devices')} breadcrumbs={[{ label: t('nav.groups.backoffice') }]}>
      <Text color="fg.muted" maxW="3xl">
        {t('devices.intro')}
      </Text>
      {mayKeep ? (
        <HStack gap="2" wrap="wrap">
          <Button size="sm" colorPalette="brand" onClick={() => setDialog('import')} data-testid="devices-import">
            {t('devices.import')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setDialog('settings')} disabled={!settings.data} data-testid="devices-settings">
            {t('devices.settings')}
          </Button>
        </HStack>
      ) : null}
      <DataTable
        label={t('routes.backoffice-devices')}
        columns={columns}
        {...listTable(list, { query, update }, csv)}
        emptyText={t('devices.empty')}
        activeFilters={active}
        filters={<DeviceFilterBar filters={filters} update={update} />}
        onRowClick={(d) => navigate(pathFor('backoffice-devices-id', { id: d.id }))}
      />
      {dialog === 'import' ? (
        <ImportDevicesDialog
          open
          onClose={() => setDialog(null)}
          onImported={(summary) => {
            setDialog(null)
            snackbar.success(summary)
            refresh()
          }}
        />
      ) : null}
      {dialog === 'settings' && settings.data ? (
        <DeviceSettingsDialog
          open
          settings={settings.data}
          onClose={() => setDialog(null)}
          onReload={() => void settings.refetch()}
          onSaved={() => {
            setDialog(null)
            snackbar.success(t('devices.settingsSaved'))
            refresh()
          }}
        />
      ) : null}
    </Page>
  )
}
