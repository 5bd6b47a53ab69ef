import type { ListQuery } from '../../../../shared/schemas/pagination'
import type { CorrectTimeReportInput } from '../../../../shared/schemas/time-reports'
import { getList } from '../../../components/ui/data-table/use-list-query'
import { call, getWith, rpc } from '../../../lib/api-client'

/** Time reports in the back office, attestation and sick notices (docs/decisions/029). */

export const TIME_REPORT_FILTER_KEYS = ['month', 'officeId', 'teamId', 'userId', 'allowanceType', 'absenceType', 'attested'] as const
export type TimeReportFilters = Partial<Record<(typeof TIME_REPORT_FILTER_KEYS)[number], string>> & { month: string }

export const listTimeReports = (q: ListQuery, filters: TimeReportFilters, signal?: AbortSignal) => getList(rpc['time-reports'].$get, q, filters, signal)
export const getTimeReport = (id: string, signal?: AbortSignal) => call(rpc['time-reports'][':id'].$get({ param: { id } }, { init: { signal } }))
export const correctTimeReport = (id: string, json: CorrectTimeReportInput) => call(rpc['time-reports'][':id'].$patch({ param: { id }, json }))

export const listAttestations = (query: { month: string; teamId?: string; officeId?: string }, signal?: AbortSignal) =>
  getWith(rpc['time-attestations'].$get, query, signal)
export const attest = (month: string, userIds: string[]) => call(rpc['time-attestations'].$post({ json: { month, userIds } }))
export const recordSickDays = (month: string, userId: string) => call(rpc['time-attestations']['sick-days'].$post({ json: { month, userId } }))
export const reopen = (month: string, userId: string, reason: string) => call(rpc['time-attestations'].reopen.$post({ json: { month, userId, reason } }))

export const listSick = (query: { state: string; days?: number; teamId?: string; officeId?: string }, signal?: AbortSignal) =>
  getWith(rpc['sick-notices'].$get, query, signal)
