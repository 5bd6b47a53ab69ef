import { getCandidateChoices, getCandidateSettings, getContractTemplates, getOwnPage, getSigningPage } from './candidates-api'
import { candidatesKeys } from './candidates-keys'
import { useQuery } from '@tanstack/react-query'

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
