import { mergeCatalogs } from './namespaces'
import { svCore } from './sv/core'
import { svAdmin } from './sv/admin'
import { svBackoffice } from './sv/backoffice'
import { svSales } from './sv/sales'
import { svCatalog } from './sv/catalog'
import { svPay } from './sv/pay'
import { svAccounts } from './sv/accounts'
import { svQuality } from './sv/quality'
import { svBudgets } from './sv/budgets'
import { svDashboards } from './sv/dashboards'
import { svFinance } from './sv/finance'
import { svGame } from './sv/game'
import { svAssistant } from './sv/assistant'

/** The whole Swedish catalogue (every namespace merged), and its type. */
export const sv = mergeCatalogs(
  svCore,
  svSales,
  svBackoffice,
  svAdmin,
  svCatalog,
  svPay,
  svAccounts,
  svQuality,
  svBudgets,
  svDashboards,
  svFinance,
  svGame,
  svAssistant,
)

export type Messages = typeof sv
