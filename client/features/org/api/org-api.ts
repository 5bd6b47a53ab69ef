import type {
  CoachGroupInput,
  CoachGroupUpdate,
  OfficeInput,
  OfficeUpdate,
  OphScope,
  OphTargetInput,
  ProviderCoachGroupsInput,
  RegionCountry,
  RegionInput,
  RegionUpdate,
  TeamInput,
  TeamUpdate,
} from '../../../../shared/schemas/org'
import type { ListQuery } from '../../../../shared/schemas/pagination'
import { getList } from '../../../components/ui/data-table/use-list-query'
import { call, rpc } from '../../../lib/api-client'

export const listRegions = (signal?: AbortSignal) => call(rpc.regions.$get({}, { init: { signal } }))
export const getRegion = (id: string, signal?: AbortSignal) => call(rpc.regions[':id'].$get({ param: { id } }, { init: { signal } }))
export const createRegion = (json: RegionInput) => call(rpc.regions.$post({ json }))
export const updateRegion = (id: string, json: RegionUpdate) => call(rpc.regions[':id'].$put({ param: { id }, json }))
export const setRegionCountry = (id: string, country: RegionCountry) => call(rpc.regions[':id'].country.$put({ param: { id }, json: { country } }))
export const deleteRegion = (id: string) => call(rpc.regions[':id'].$delete({ param: { id } }))

export const listOffices = (signal?: AbortSignal) => call(rpc.offices.$get({}, { init: { signal } }))
export const getOffice = (id: string, signal?: AbortSignal) => call(rpc.offices[':id'].$get({ param: { id } }, { init: { signal } }))
export const createOffice = (json: OfficeInput) => call(rpc.offices.$post({ json }))
export const updateOffice = (id: string, json: OfficeUpdate) => call(rpc.offices[':id'].$put({ param: { id }, json }))
export const deleteOffice = (id: string) => call(rpc.offices[':id'].$delete({ param: { id } }))

export function listTeams(q: ListQuery, signal?: AbortSignal) {
  return getList(rpc.teams.$get, q, {}, signal)
}
export const getTeam = (id: string, signal?: AbortSignal) => call(rpc.teams[':id'].$get({ param: { id } }, { init: { signal } }))
export const createTeam = (json: TeamInput) => call(rpc.teams.$post({ json }))
export const updateTeam = (id: string, json: TeamUpdate) => call(rpc.teams[':id'].$put({ param: { id }, json }))
export const deleteTeam = (id: string) => call(rpc.teams[':id'].$delete({ param: { id } }))

export const listCoachGroups = (signal?: AbortSignal) => call(rpc['coach-groups'].$get({}, { init: { signal } }))
export const createCoachGroup = (json: CoachGroupInput) => call(rpc['coach-groups'].$post({ json }))
export const updateCoachGroup = (id: string, json: CoachGroupUpdate) => call(rpc['coach-groups'][':id'].$put({ param: { id }, json }))
export const deleteCoachGroup = (id: string) => call(rpc['coach-groups'][':id'].$delete({ param: { id } }))
export const listProviderCoachGroups = (signal?: AbortSignal) => call(rpc['coach-group-providers'].$get({}, { init: { signal } }))
export const setProviderCoachGroups = (id: string, json: ProviderCoachGroupsInput) => call(rpc['coach-group-providers'][':id'].$put({ param: { id }, json }))

export const getOphTargets = (signal?: AbortSignal) => call(rpc['oph-targets'].$get({}, { init: { signal } }))
export const setOphTarget = (scope: OphScope, id: string, json: OphTargetInput) =>
  call(rpc['oph-targets'][':scope'][':id'].$put({ param: { scope, id }, json }))
