import type { RegionInput, RegionUpdate } from '../../../../shared/schemas/org'
import { call, rpc } from '../../../lib/api-client'

export const listRegions = (signal?: AbortSignal) => call(rpc.regions.$get({}, { init: { signal } }))
export const createRegion = (json: RegionInput) => call(rpc.regions.$post({ json }))
export const updateRegion = (id: string, json: RegionUpdate) => call(rpc.regions[':id'].$put({ param: { id }, json }))
export const deleteRegion = (id: string) => call(rpc.regions[':id'].$delete({ param: { id } }))
