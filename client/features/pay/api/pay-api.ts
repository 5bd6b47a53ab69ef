import type { PayItem } from '../../../../shared/rules/pay'
import type { AbsenceExportRequest, CreateExtraIncomeInput, PayExportKind, UpdateExtraIncomeInput, UpdatePaycodeInput } from '../../../../shared/schemas/pay'
import type { ListQuery } from '../../../../shared/schemas/pagination'
import { getList } from '../../../components/ui/data-table/use-list-query'
import { call, rpc } from '../../../lib/api-client'

/** Pay codes, extra income and the payroll and absence exports (docs/decisions/029). */

export const listPaycodes = (signal?: AbortSignal) => call(rpc.paycodes.$get({}, { init: { signal } }))
export const updatePaycode = (item: PayItem, json: UpdatePaycodeInput) => call(rpc.paycodes[':item'].$put({ param: { item }, json }))

export const EXTRA_FILTER_KEYS = ['month', 'userId'] as const
export const listExtraIncome = (q: ListQuery, filters: Partial<Record<(typeof EXTRA_FILTER_KEYS)[number], string>>, signal?: AbortSignal) =>
  getList(rpc['extra-incomes'].$get, q, filters, signal)
export const createExtraIncome = (json: CreateExtraIncomeInput) => call(rpc['extra-incomes'].$post({ json }))
export const updateExtraIncome = (id: string, json: UpdateExtraIncomeInput) => call(rpc['extra-incomes'][':id'].$patch({ param: { id }, json }))
export const removeExtraIncome = (id: string, version: number) => call(rpc['extra-incomes'][':id'].remove.$post({ param: { id }, json: { version } }))

export const payrollMonth = (month: string, signal?: AbortSignal) => call(rpc.payroll.$get({ query: { month } }, { init: { signal } }))
/** The month's payroll file: everyone payable, or by choice the attested only, naming who that leaves out. */
export const requestPayroll = (month: string, format: 'paxml' | 'csv', only?: { leftOut: string[] }) =>
  call(rpc['payroll-exports'].$post({ json: only ? { month, format, scope: 'attested', leftOut: only.leftOut } : { month, format } }))
export const requestAbsenceExport = (json: AbsenceExportRequest) => call(rpc['absence-exports'].$post({ json }))
export const listExports = (kind: PayExportKind, signal?: AbortSignal) => call(rpc['pay-exports'].$get({ query: { kind } }, { init: { signal } }))
export const fileUrl = (id: string) => `/api/files/${id}`
