import { orgKeys } from './org-keys'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ListQuery } from '../../../../shared/schemas/pagination'
import { getOphTargets, getTeam, listCoachGroups, listOffices, listProviderCoachGroups, listRegions, listTeams } from './org-api'

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

/** What follows a change: the data it touched is read again. */
export function useRefreshOrgCoachGroupProviders() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: orgKeys.coachGroupProviders })
}

export function useRefreshOrgCoachGroups() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: orgKeys.coachGroups })
}

export function useRefreshOrgOffices() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: orgKeys.offices })
}

export function useRefreshOrgOphTargets() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: orgKeys.ophTargets })
}

export function useRefreshOrgRegions() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: orgKeys.regions })
}

export function useRefreshOrgTeam() {
  const queryClient = useQueryClient()
  return (...args: Parameters<typeof orgKeys.team>) => queryClient.invalidateQueries({ queryKey: orgKeys.team(...args) })
}

export function useRefreshOrgTeams() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: orgKeys.teams.all })
}
