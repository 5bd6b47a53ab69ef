import { fieldKeys } from './field-keys'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { listAreas, listRuns, runsReport, teamMembers } from './field-api'
import { MapFilters, MapView, getMapSettings, mapAreas, mapSales } from './maps-api'

/** The field feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useTeamMembers(teamId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: fieldKeys.members(teamId), queryFn: ({ signal }) => teamMembers(teamId, signal), ...options })
}

export function useAreas(teamId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: fieldKeys.areas(teamId), queryFn: ({ signal }) => listAreas(teamId, signal), ...options })
}

export function useRuns(q: { from: string; to: string; teamId?: string }) {
  return useQuery({ queryKey: fieldKeys.runs(q), queryFn: ({ signal }) => listRuns(q, signal) })
}

export function useMapSettings() {
  return useQuery({ queryKey: fieldKeys.mapSettings, queryFn: ({ signal }) => getMapSettings(signal) })
}

export function useMapSales(salesQ: MapFilters & MapView, options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: fieldKeys.mapSales(salesQ), queryFn: ({ signal }) => mapSales(salesQ, signal), placeholderData: keepPreviousData, ...options })
}

export function useMapAreas(filters: MapFilters, options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: fieldKeys.mapAreas(filters), queryFn: ({ signal }) => mapAreas(filters, signal), ...options })
}

export function useRunsReport(q: { from: string; to: string; teamId?: string }) {
  return useQuery({ queryKey: fieldKeys.report(q), queryFn: ({ signal }) => runsReport(q, signal) })
}

/** What follows a change: the data it touched is read again. */
export function useRefreshField() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: fieldKeys.all })
}
