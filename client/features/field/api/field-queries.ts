import { fieldKeys } from './field-keys'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { listAreas, listRuns, promiseClosers, promiseQueue, promisesReport, runsReport, takePromise, teamMembers } from './field-api'
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

/** The seller's team's queue of promises left overdue (online; read again every minute while open). */
export function usePromiseQueue(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: fieldKeys.promiseQueue, queryFn: ({ signal }) => promiseQueue(signal), refetchInterval: 60_000, ...options })
}

/** The teammates an appointment can be booked for (online). */
export function usePromiseClosers(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: fieldKeys.promiseClosers, queryFn: ({ signal }) => promiseClosers(signal), staleTime: 5 * 60_000, ...options })
}

/** Taking a promise from the queue: the queue is read again, and the device pulls it onto the seller's list. */
export function useTakePromise(after: () => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: takePromise,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: fieldKeys.promiseQueue })
      after()
    },
  })
}

export function usePromisesReport(q: { from: string; to: string; teamId?: string }, options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: fieldKeys.promisesReport(q), queryFn: ({ signal }) => promisesReport(q, signal), ...options })
}

/** What follows a change: the data it touched is read again. */
export function useRefreshField() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: fieldKeys.all })
}
