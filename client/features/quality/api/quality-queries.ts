import { qualityKeys } from './quality-keys'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import type { QualityStatsFilter, SurveyListQuery } from '../../../../shared/schemas/quality'
import type { ListQuery } from '../../../../shared/schemas/pagination'
import { listQueryParams } from '../../../components/ui/data-table/use-list-query'
import { getSurvey, listSurveys, listTemplates, statsAll, statsGrades, statsMonthly, statsRegret, statsSellers } from './quality-api'

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

/** The statistics views of the surveys the filter selects; the previous figures stay while a changed filter is read. */
export function useStatsAll(filter: QualityStatsFilter) {
  return useQuery({ queryKey: qualityKeys.stats('all', filter), queryFn: ({ signal }) => statsAll(filter, signal), placeholderData: keepPreviousData })
}

export function useStatsRegret(filter: QualityStatsFilter) {
  return useQuery({ queryKey: qualityKeys.stats('regret', filter), queryFn: ({ signal }) => statsRegret(filter, signal), placeholderData: keepPreviousData })
}

export function useStatsGrades(filter: QualityStatsFilter) {
  return useQuery({ queryKey: qualityKeys.stats('grades', filter), queryFn: ({ signal }) => statsGrades(filter, signal), placeholderData: keepPreviousData })
}

export function useStatsMonthly(filter: QualityStatsFilter) {
  return useQuery({ queryKey: qualityKeys.stats('monthly', filter), queryFn: ({ signal }) => statsMonthly(filter, signal), placeholderData: keepPreviousData })
}

/** Each seller's figures for the filter, a page of them as the list asks. */
export function useSellerStats(filter: QualityStatsFilter, query: ListQuery) {
  return useQuery({
    queryKey: qualityKeys.sellerStats(filter, query),
    queryFn: ({ signal }) => statsSellers({ ...filter, ...listQueryParams(query) }, signal),
    placeholderData: keepPreviousData,
  })
}
