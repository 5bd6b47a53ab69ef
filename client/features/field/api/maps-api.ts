import type { AreaUpdate, MapSettingsInput, PostalImportResult } from '../../../../shared/schemas/maps'
import type { MapSettings } from '../../../../shared/schemas/maps'
import { XLSX_TYPE } from '../../../../shared/schemas/files'
import { call, getWith, rpc, uploadFile } from '../../../lib/api-client'

/** The maps' calls (docs/decisions/074). */
export type MapFilters = { from: string; to: string; officeId?: string; teamId?: string; sellerId?: string; providerId?: string; status?: string }
export type MapView = { bbox: string; zoom: number; view: string }

export const mapSales = (q: MapFilters & MapView, signal?: AbortSignal) => getWith(rpc.maps.sales.$get, q, signal)
export const clusterSales = (q: MapFilters & MapView & { clusterId: number }, signal?: AbortSignal) => getWith(rpc.maps.sales.cluster.$get, q, signal)
export const saleSummaries = (ids: string[], signal?: AbortSignal) => getWith(rpc.maps.sales.summaries.$get, { ids: ids.join(',') }, signal)
export const mapVisits = (q: Pick<MapFilters, 'from' | 'to' | 'officeId' | 'teamId' | 'sellerId'>, signal?: AbortSignal) =>
  getWith(rpc.maps.visits.$get, q, signal)
export const mapAreas = (q: MapFilters, signal?: AbortSignal) => getWith(rpc.maps.areas.$get, q, signal)
export const updateArea = (id: string, input: AreaUpdate) => call(rpc.field.areas[':id'].$put({ param: { id }, json: input }))
export const removeArea = (id: string) => call(rpc.field.areas[':id'].$delete({ param: { id } }))
export const getMapSettings = (signal?: AbortSignal) => call(rpc.maps.settings.$get({}, { init: { signal } }))
export const saveMapSettings = (input: MapSettingsInput) => call(rpc.maps.settings.$put({ json: input }))
/** The organisation's map file (a PMTiles extract), sent as it is: the server stores it piece by piece. */
export const uploadBasemap = (file: File) => uploadFile<NonNullable<MapSettings['file']>>('/api/maps/basemap', file, file.name, 'application/octet-stream')
/** A file of postal codes and their positions; the type by its name (a browser may give none for a CSV). */
export function importPostalCodes(file: File, country: string) {
  const type = /\.xlsx$/i.test(file.name) ? XLSX_TYPE : /\.(csv|txt)$/i.test(file.name) ? 'text/csv' : file.type || null
  return uploadFile<PostalImportResult>(`/api/maps/postal-codes?country=${encodeURIComponent(country)}`, file, file.name, type)
}
