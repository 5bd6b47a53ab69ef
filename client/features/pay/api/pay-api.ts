import type { PayItem } from '../../../../shared/rules/pay'
import type { AbsenceExportRequest, CreateExtraIncomeInput, PayExportKind, UpdateExtraIncomeInput, UpdatePaycodeInput } from '../../../../shared/schemas/pay'
import type { ListQuery } from '../../../../shared/schemas/pagination'
import type { CorrectTimeReportInput } from '../../../../shared/schemas/time-reports'
import { listQueryParams } from '../../../components/ui/data-table/use-list-query'
import { call, rpc } from '../../../lib/api-client'

/** Time reports in the back office, attestation, sick notices, pay codes, extra income and exports (docs/decisions/029). */

export const TIME_REPORT_FILTER_KEYS = ['month', 'officeId', 'teamId', 'userId', 'allowanceType', 'absenceType', 'attested'] as const
export type TimeReportFilters = Partial<Record<(typeof TIME_REPORT_FILTER_KEYS)[number], string>> & { month: string }

export const listTimeReports = (q: ListQuery, filters: TimeReportFilters, signal?: AbortSignal) =>
  call(rpc['time-reports'].$get({ query: listQueryParams(q, filters) as never }, { init: { signal } }))
export const getTimeReport = (id: string, signal?: AbortSignal) => call(rpc['time-reports'][':id'].$get({ param: { id } }, { init: { signal } }))
export const correctTimeReport = (id: string, json: CorrectTimeReportInput) => call(rpc['time-reports'][':id'].$patch({ param: { id }, json }))

export const listAttestations = (query: { month: string; teamId?: string; officeId?: string }, signal?: AbortSignal) =>
  call(rpc['time-attestations'].$get({ query: Object.fromEntries(Object.entries(query).filter(([, v]) => v)) as never }, { init: { signal } }))
export const attest = (month: string, userIds: string[]) => call(rpc['time-attestations'].$post({ json: { month, userIds } }))
export const recordSickDays = (month: string, userId: string) => call(rpc['time-attestations']['sick-days'].$post({ json: { month, userId } }))
export const reopen = (month: string, userId: string, reason: string) => call(rpc['time-attestations'].reopen.$post({ json: { month, userId, reason } }))

export const listSick = (query: { state: string; days?: number; teamId?: string; officeId?: string }, signal?: AbortSignal) =>
  call(
    rpc['sick-notices'].$get(
      {
        query: Object.fromEntries(
          Object.entries(query)
            .filter(([, v]) => v !== undefined && v !== '')
            .map(([k, v]) => [k, String(v)]),
        ) as never,
      },
      { init: { signal } },
    ),
  )

export const listPaycodes = (signal?: AbortSignal) => call(rpc.paycodes.$get({}, { init: { signal } }))
export const updatePaycode = (item: PayItem, json: UpdatePaycodeInput) => call(rpc.paycodes[':item'].$put({ param: { item }, json }))

export const EXTRA_FILTER_KEYS = ['month', 'userId'] as const
export const listExtraIncome = (q: ListQuery, filters: Partial<Record<(typeof EXTRA_FILTER_KEYS)[number], string>>, signal?: AbortSignal) =>
  call(rpc['extra-incomes'].$get({ query: listQueryParams(q, filters) as never }, { init: { signal } }))
export const createExtraIncome = (json: CreateExtraIncomeInput) => call(rpc['extra-incomes'].$post({ json }))
export const updateExtraIncome = (id: string, json: UpdateExtraIncomeInput) => call(rpc['extra-incomes'][':id'].$patch({ param: { id }, json }))
export const removeExtraIncome = (id: string, version: number) => call(rpc['extra-incomes'][':id'].remove.$post({ param: { id }, json: { version } }))

export const payrollMonth = (month: string, signal?: AbortSignal) => call(rpc.payroll.$get({ query: { month } }, { init: { signal } }))
export const requestPayroll = (month: string, format: 'paxml' | 'csv') => call(rpc['payroll-exports'].$post({ json: { month, format } }))
export const requestAbsenceExport = (json: AbsenceExportRequest) => call(rpc['absence-exports'].$post({ json }))
export const listExports = (kind: PayExportKind, signal?: AbortSignal) => call(rpc['pay-exports'].$get({ query: { kind } }, { init: { signal } }))
export const fileUrl = (id: string) => `/api/files/${id}`
