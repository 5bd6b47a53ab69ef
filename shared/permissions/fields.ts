import type { AppAbility } from './ability'
import type { Subject } from './catalogue'

/**
 * What a role receives is what it may see (docs/decisions/016): the fields of synced records and API answers
 * that not every role may read, with the permission that reads them. Everything else in a record is the
 * record owner's or in-scope staff's to see; a field listed here is left out of what is sent to anyone else.
 *
 * The company's own economics (what a product earns the company and costs it) are for those who keep the
 * catalogue or read a finance view; a seller's device gets the price and their own commission only.
 */

const FINANCE_VIEWS: Subject[] = [
  'finance_profitability_legacy',
  'finance_profitability_managers',
  'finance_profitability_providers',
  'finance_profitability_sellers',
  'finance_profitability_teams',
]

export function seesCompanyFigures(ability: AppAbility): boolean {
  return ability.can('view', 'products') || FINANCE_VIEWS.some((s) => ability.can('view', s))
}

/** Every field name that carries the company's economics, wherever it appears (the exposure test walks answers for these). */
export const COMPANY_FIGURE_FIELDS = ['companyCommissionOre', 'companyCostOre'] as const

/** Per synced table: the fields that need a permission, and the check. */
export const RESTRICTED_SYNC_FIELDS = {
  sales: { fields: COMPANY_FIGURE_FIELDS, may: seesCompanyFigures },
  products: { fields: COMPANY_FIGURE_FIELDS, may: seesCompanyFigures },
} as const

/** The record with the fields this ability may not read left out (a copy; the record is not changed). */
export function visibleFields<T extends object>(table: string, value: T, ability: AppAbility): T {
  const rule = Object.hasOwn(RESTRICTED_SYNC_FIELDS, table) ? RESTRICTED_SYNC_FIELDS[table as keyof typeof RESTRICTED_SYNC_FIELDS] : undefined
  if (!rule || rule.may(ability)) return value
  const copy = { ...value } as Record<string, unknown>
  for (const f of rule.fields) delete copy[f]
  return copy as T
}
