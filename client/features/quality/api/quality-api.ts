import type { SurveyListQuery } from '../../../../shared/schemas/quality'
import type { TemplateContent } from '../../../../shared/schemas/quality'
import { call, getWith, rpc } from '../../../lib/api-client'

/** Sale quality (docs/decisions/045): templates, the call queue and a survey's outcomes. */
type TemplateInput = { name: string; providerId: string | null; content: TemplateContent }

export const listTemplates = (signal?: AbortSignal) => call(rpc.quality.templates.$get({}, { init: { signal } }))
export const getTemplate = (id: string, signal?: AbortSignal) => call(rpc.quality.templates[':id'].$get({ param: { id } }, { init: { signal } }))
export const createTemplate = (json: TemplateInput) => call(rpc.quality.templates.$post({ json }))
export const updateTemplate = (id: string, json: TemplateInput & { version: number }) => call(rpc.quality.templates[':id'].$put({ param: { id }, json }))
export const setTemplateActive = (id: string, active: boolean, version: number) =>
  call(rpc.quality.templates[':id'].active.$post({ param: { id }, json: { active, version } }))

export const listSurveys = (q: Partial<SurveyListQuery>, signal?: AbortSignal) => getWith(rpc.quality.surveys.$get, q, signal)
export const getSurvey = (id: string, signal?: AbortSignal) => call(rpc.quality.surveys[':id'].$get({ param: { id } }, { init: { signal } }))
export const answerSurvey = (id: string, version: number, answers: Record<string, number | boolean | string>) =>
  call(rpc.quality.surveys[':id'].answer.$post({ param: { id }, json: { version, answers } }))
export const surveyNotReached = (id: string, version: number) => call(rpc.quality.surveys[':id']['not-reached'].$post({ param: { id }, json: { version } }))
export const surveyRegret = (id: string, version: number, reason: string) =>
  call(rpc.quality.surveys[':id'].regret.$post({ param: { id }, json: { version, reason } }))
export const sendSurveyLink = (id: string, language: 'sv' | 'en' | 'fi') =>
  call(rpc.quality.surveys[':id']['send-link'].$post({ param: { id }, json: { language } }))

/** The statistics screens (docs/decisions/045): each asks its own figures for the filter in the address. */
type StatsQuery = Record<string, string | number | undefined>
export const statsAll = (q: StatsQuery, signal?: AbortSignal) => getWith(rpc.quality.statistics.all.$get, q, signal)
export const statsGrades = (q: StatsQuery, signal?: AbortSignal) => getWith(rpc.quality.statistics.grades.$get, q, signal)
export const statsMonthly = (q: StatsQuery, signal?: AbortSignal) => getWith(rpc.quality.statistics.monthly.$get, q, signal)
export const statsRegret = (q: StatsQuery, signal?: AbortSignal) => getWith(rpc.quality.statistics.regret.$get, q, signal)
export const statsSellers = (q: StatsQuery, signal?: AbortSignal) => getWith(rpc.quality.statistics.sellers.$get, q, signal)
