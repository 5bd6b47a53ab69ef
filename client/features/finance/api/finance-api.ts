import type { FinanceSettingsInput, Profitability, ProfitabilityView } from '../../../../shared/schemas/finance'
import { call, getWith, rpc } from '../../../lib/api-client'

/** Finance profitability (docs/decisions/051): each view from its own route, and the calculation's settings. */
type Query = Record<string, string | number | undefined>

const views = rpc.finance.profitability
export function getProfitability(view: ProfitabilityView, q: Query, signal?: AbortSignal): Promise<Profitability> {
  switch (view) {
    case 'sellers':
      return getWith(views.sellers.$get, q, signal)
    case 'teams':
      return getWith(views.teams.$get, q, signal)
    case 'managers':
      return getWith(views.managers.$get, q, signal)
    case 'providers':
      return getWith(views.providers.$get, q, signal)
    case 'legacy':
      return getWith(views.legacy.$get, q, signal)
  }
}

export const getFinanceSettings = (signal?: AbortSignal) => call(rpc.finance.settings.$get({}, { init: { signal } }))
export const saveFinanceSettings = (json: FinanceSettingsInput) => call(rpc.finance.settings.$put({ json }))
