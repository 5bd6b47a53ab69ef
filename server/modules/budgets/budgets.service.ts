import type { Deps } from '../../platform/deps'
import { type BudgetsPorts, budgetsContext } from './budgets.context'
export type { BudgetsPorts } from './budgets.context'

import { budgetReads } from './budgets.reads'
import { budgetChanges } from './budgets.changes'

/**
 * Monthly order-value budgets of offices, teams and sellers (docs/decisions/047). A seller's lives in
 * `sales_budgets` (its `version` is the change counter, so their device pulls it); an office's and a team's in
 * `unit_budgets` (its `version` counts edits). Who may view budgets reads those of the offices and teams their rule
 * reaches; who may update them sets a month's at once — all of a save or, when anyone changed one of its budgets
 * since the editor read it, none (409 with the budgets as they are now). Every change is logged and recorded as a
 * `budget.changed` event in its transaction.
 */
export function budgetsService(deps: Pick<Deps, 'database' | 'events'>, ports: BudgetsPorts, opts: { now?: () => number } = {}) {
  const ctx = budgetsContext(deps, ports, opts)
  return { reads: budgetReads(ctx), changes: budgetChanges(ctx) }
}
export type BudgetsService = ReturnType<typeof budgetsService>
