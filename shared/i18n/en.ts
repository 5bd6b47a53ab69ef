import { enCore } from './en/core'
import { enAdmin } from './en/admin'
import { enBackoffice } from './en/backoffice'
import { enSales } from './en/sales'
import { enCatalog } from './en/catalog'
import { enPay } from './en/pay'
import { enAccounts } from './en/accounts'
import { enQuality } from './en/quality'
import { enBudgets } from './en/budgets'
import { enDashboards } from './en/dashboards'
import { enFinance } from './en/finance'
import { enGame } from './en/game'
import { enAssistant } from './en/assistant'
import { mergeCatalogs } from './namespaces'

/** The whole English catalogue (every namespace merged), for the server and tests. */
export const en = mergeCatalogs(
  enCore,
  enSales,
  enBackoffice,
  enAdmin,
  enCatalog,
  enPay,
  enAccounts,
  enQuality,
  enBudgets,
  enDashboards,
  enFinance,
  enGame,
  enAssistant,
)
