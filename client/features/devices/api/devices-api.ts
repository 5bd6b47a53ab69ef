import type { DeviceImportPreview, DeviceMapping, DeviceSettings, DeviceUpdate } from '../../../../shared/schemas/devices'
import { XLSX_TYPE } from '../../../../shared/schemas/files'
import type { ListQuery } from '../../../../shared/schemas/pagination'
import { getList } from '../../../components/ui/data-table/use-list-query'
import { call, rpc, uploadFile } from '../../../lib/api-client'

/** The devices' calls (docs/decisions/072). */
export const DEVICE_FILTER_KEYS = ['alert', 'state', 'source', 'kind'] as const
export type DeviceFilters = Partial<Record<(typeof DEVICE_FILTER_KEYS)[number], string>>

export const listDevices = (q: ListQuery, filters: DeviceFilters, signal?: AbortSignal) => getList(rpc.devices.$get, q, filters, signal)
export const getDevice = (id: string, signal?: AbortSignal) => call(rpc.devices[':id'].$get({ param: { id } }, { init: { signal } }))
export const updateDevice = (id: string, input: DeviceUpdate) => call(rpc.devices[':id'].$put({ param: { id }, json: input }))
export const setDeviceLost = (id: string, version: number, lost: boolean) => call(rpc.devices[':id'].lost.$put({ param: { id }, json: { version, lost } }))
export const getDeviceSettings = (signal?: AbortSignal) => call(rpc.devices.settings.$get({}, { init: { signal } }))
export const saveDeviceSettings = (version: number, settings: DeviceSettings) => call(rpc.devices.settings.$put({ json: { version, ...settings } }))

/** The MDM's list: the type by its name (a browser may give none for a CSV), read and previewed by the server. */
export function uploadDeviceList(file: File) {
  const type = /\.xlsx$/i.test(file.name) ? XLSX_TYPE : /\.(csv|txt)$/i.test(file.name) ? 'text/csv' : file.type || null
  return uploadFile<DeviceImportPreview>('/api/device-imports', file, file.name, type)
}
export const previewDeviceList = (id: string, mapping: DeviceMapping) => call(rpc['device-imports'][':id'].preview.$post({ param: { id }, json: { mapping } }))
export const applyDeviceList = (id: string, mapping: DeviceMapping) => call(rpc['device-imports'][':id'].apply.$post({ param: { id }, json: { mapping } }))
