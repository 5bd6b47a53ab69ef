import { candidatesKeys } from './candidates-keys'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getCandidateChoices, getCandidateSettings, getContractTemplates, getOwnPage, getSigningPage } from './candidates-api'

/** The candidates feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useCandidateSettings() {
  return useQuery({ queryKey: candidatesKeys.settings, queryFn: ({ signal }) => getCandidateSettings(signal) })
}

export function useContractTemplates() {
  return useQuery({ queryKey: candidatesKeys.templates, queryFn: ({ signal }) => getContractTemplates(signal) })
}

export function useOwnPage(token: string) {
  return useQuery({ queryKey: candidatesKeys.ownPage(token), queryFn: ({ signal }) => getOwnPage(token, signal), retry: false })
}

export function useCandidateChoices() {
  return useQuery({ queryKey: candidatesKeys.choices, queryFn: ({ signal }) => getCandidateChoices(signal), staleTime: 60_000 })
}

export function useSigningPage(token: string) {
  return useQuery({ queryKey: candidatesKeys.signing(token), queryFn: ({ signal }) => getSigningPage(token, signal), retry: false })
}

/** What follows a change: the data it touched is read again. */
export function useRefreshCandidates() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: candidatesKeys.all })
}

export function useRefreshCandidatesDetail() {
  const queryClient = useQueryClient()
  return (...args: Parameters<typeof candidatesKeys.detail>) => queryClient.invalidateQueries({ queryKey: candidatesKeys.detail(...args) })
}

export function useRefreshCandidatesSettings() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: candidatesKeys.settings })
}

export function useRefreshCandidatesTemplates() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: candidatesKeys.templates })
}
