import type { BudgetsQuery, BudgetsSave } from '../../../../shared/schemas/budgets'
import { call, rpc } from '../../../lib/api-client'

export const getBudgets = (query: BudgetsQuery, signal?: AbortSignal) => call(rpc.budgets.$get({ query }, { init: { signal } }))
export const saveBudgets = (month: string, json: BudgetsSave) => call(rpc.budgets[':month'].$put({ param: { month }, json }))
export const copyPreviousBudgets = (month: string, officeId: string) =>
  call(rpc.budgets[':month']['copy-previous'].$post({ param: { month }, json: { officeId } }))
