import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { BudgetsSave } from '../../../../shared/schemas/budgets'
import { copyPreviousBudgets, getBudgets, saveBudgets } from './budgets-api'
import { budgetsKeys } from './budgets-keys'

/** A month's budgets of one office (the first the reader may see when none is named). */
export function useBudgetsMonth(month: string, officeId: string | undefined) {
  return useQuery({ queryKey: budgetsKeys.month(month, officeId ?? ''), queryFn: ({ signal }) => getBudgets({ month, officeId }, signal) })
}

/** Saves a month's edited budgets at once; every month's budgets are read again (a copy or another month may show them). */
export function useSaveBudgets() {
  const queryClient = useQueryClient()
  return async (month: string, json: BudgetsSave) => {
    const saved = await saveBudgets(month, json)
    await queryClient.invalidateQueries({ queryKey: budgetsKeys.all })
    return saved
  }
}

/** Copies the previous month's budgets into the month where it has none. */
export function useCopyPreviousBudgets() {
  const queryClient = useQueryClient()
  return async (month: string, officeId: string) => {
    const answer = await copyPreviousBudgets(month, officeId)
    await queryClient.invalidateQueries({ queryKey: budgetsKeys.all })
    return answer
  }
}
