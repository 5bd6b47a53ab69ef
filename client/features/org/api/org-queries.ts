import type { ListQuery } from '../../../../shared/schemas/pagination'
import { getOphTargets, getTeam, listCoachGroups, listOffices, listProviderCoachGroups, listRegions, listTeams } from './org-api'
import { orgKeys } from './org-keys'
import { keepPreviousData, useQuery } from '@tanstack/react-query'

/** The org feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useRegions() {
  return useQuery({ queryKey: orgKeys.regions, queryFn: ({ signal }) => listRegions(signal) })
}

export function useCoachGroups() {
  return useQuery({ queryKey: orgKeys.coachGroups, queryFn: ({ signal }) => listCoachGroups(signal) })
}

export function useProviderCoachGroups() {
  return useQuery({ queryKey: orgKeys.coachGroupProviders, queryFn: ({ signal }) => listProviderCoachGroups(signal) })
}

export function useOffices() {
  return useQuery({ queryKey: orgKeys.offices, queryFn: ({ signal }) => listOffices(signal) })
}

export function useOphTargets() {
  return useQuery({ queryKey: orgKeys.ophTargets, queryFn: ({ signal }) => getOphTargets(signal) })
}

export function useTeam(id: string) {
  return useQuery({ queryKey: orgKeys.team(id), queryFn: ({ signal }) => getTeam(id, signal), retry: false })
}

export function useTeams(query: ListQuery) {
  return useQuery({ queryKey: orgKeys.teams.list(query), queryFn: ({ signal }) => listTeams(query, signal), placeholderData: keepPreviousData })
}
