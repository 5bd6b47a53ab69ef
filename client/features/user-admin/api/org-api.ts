import type { OfficeInput, OfficeUpdate, RegionInput, RegionUpdate } from '../../../../shared/schemas/org'
import { call, rpc } from '../../../lib/api-client'

export const listRegions = (signal?: AbortSignal) => call(rpc.regions.$get({}, { init: { signal } }))
export const createRegion = (json: RegionInput) => call(rpc.regions.$post({ json }))
export const updateRegion = (id: string, json: RegionUpdate) => call(rpc.regions[':id'].$put({ param: { id }, json }))
export const deleteRegion = (id: string) => call(rpc.regions[':id'].$delete({ param: { id } }))

export const listOffices = (signal?: AbortSignal) => call(rpc.offices.$get({}, { init: { signal } }))
export const createOffice = (json: OfficeInput) => call(rpc.offices.$post({ json }))
export const updateOffice = (id: string, json: OfficeUpdate) => call(rpc.offices[':id'].$put({ param: { id }, json }))
export const deleteOffice = (id: string) => call(rpc.offices[':id'].$delete({ param: { id } }))
