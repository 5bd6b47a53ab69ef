import { qualityKeys } from './quality-keys'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import type { SurveyListQuery } from '../../../../shared/schemas/quality'
import { getSurvey, listSurveys, listTemplates } from './quality-api'

/** The quality feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useSurvey(id: string) {
  return useQuery({ queryKey: qualityKeys.survey(id), queryFn: ({ signal }) => getSurvey(id, signal), gcTime: 0 })
}

export function useSurveys(query: Partial<SurveyListQuery>) {
  return useQuery({ queryKey: qualityKeys.surveys(query), queryFn: ({ signal }) => listSurveys(query, signal), placeholderData: keepPreviousData })
}

export function useTemplates() {
  return useQuery({ queryKey: qualityKeys.templates, queryFn: ({ signal }) => listTemplates(signal) })
}

/** What follows a change: the data it touched is read again. */
export function useRefreshQualityTemplates() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: qualityKeys.templates })
}
