import type { Deps } from '../../platform/deps'
import { type FinancePorts, financeContext } from './finance.context'
export { DEFAULT_LEGACY_CUTOFF } from './finance.context'
export type { FinancePorts } from './finance.context'

import { financeSettings } from './finance.settings'
import { profitabilityViews } from './finance.profitability'

/**
 * Finance profitability (issue 19, docs/decisions/051): the five views of one calculation (shared/rules/
 * profitability.ts) over the sales summary, the time reports, the sellers' extra income and the quality surveys,
 * each read through its area's port within the reader's own rules; and the calculation's settings.
 */
export function financeService(deps: Pick<Deps, 'database' | 'events'>, ports: FinancePorts) {
  const ctx = financeContext(deps, ports)
  return { setup: financeSettings(ctx), views: profitabilityViews(ctx) }
}
export type FinanceService = ReturnType<typeof financeService>
