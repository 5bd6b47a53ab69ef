import { fiCore } from './fi/core'
import { fiAdmin } from './fi/admin'
import { fiBackoffice } from './fi/backoffice'
import { fiSales } from './fi/sales'
import { fiCatalog } from './fi/catalog'
import { fiPay } from './fi/pay'
import { fiAccounts } from './fi/accounts'
import { fiQuality } from './fi/quality'
import { fiBudgets } from './fi/budgets'
import { fiDashboards } from './fi/dashboards'
import { fiFinance } from './fi/finance'
import { fiGame } from './fi/game'
import { fiAssistant } from './fi/assistant'
import { mergeCatalogs } from './namespaces'

/** The whole Finnish catalogue (every namespace merged), for the server and tests. */
export const fi = mergeCatalogs(
  fiCore,
  fiSales,
  fiBackoffice,
  fiAdmin,
  fiCatalog,
  fiPay,
  fiAccounts,
  fiQuality,
  fiBudgets,
  fiDashboards,
  fiFinance,
  fiGame,
  fiAssistant,
)
