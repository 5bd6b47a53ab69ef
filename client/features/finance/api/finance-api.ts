import type { FinanceSettingsInput, Profitability, ProfitabilityView } from '../../../../shared/schemas/finance'
import { call, rpc } from '../../../lib/api-client'

/** Finance profitability (docs/decisions/051): each view from its own route, and the calculation's settings. */
type Query = Record<string, string | number | undefined>
const clean = (q: Query) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as never

const views = rpc.finance.profitability
export function getProfitability(view: ProfitabilityView, q: Query, signal?: AbortSignal): Promise<Profitability> {
  const init = { init: { signal } }
  const query = clean(q)
  switch (view) {
    case 'sellers':
      return call(views.sellers.$get({ query }, init))
    case 'teams':
      return call(views.teams.$get({ query }, init))
    case 'managers':
      return call(views.managers.$get({ query }, init))
    case 'providers':
      return call(views.providers.$get({ query }, init))
    case 'legacy':
      return call(views.legacy.$get({ query }, init))
  }
}

export const getFinanceSettings = (signal?: AbortSignal) => call(rpc.finance.settings.$get({}, { init: { signal } }))
export const saveFinanceSettings = (json: FinanceSettingsInput) => call(rpc.finance.settings.$put({ json }))
