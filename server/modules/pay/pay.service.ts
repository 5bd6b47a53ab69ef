import type { Deps } from '../../platform/deps'
import { payContext } from './pay.context'

import { paycodes } from './pay.paycodes'
import { extraIncome } from './pay.extra-income'
import { commissions } from './pay.commissions'

/**
 * The pay area (issue 15, docs/decisions/029): the payroll codes of the app's pay items, extra income, and the
 * commission ledger the sales area's events build. Every change version-checked, logged and an event.
 */
export function payService(deps: Pick<Deps, 'database' | 'events'>) {
  const ctx = payContext(deps)
  return { codes: paycodes(ctx), extraIncome: extraIncome(ctx), commissions: commissions(ctx) }
}
export type PayService = ReturnType<typeof payService>
