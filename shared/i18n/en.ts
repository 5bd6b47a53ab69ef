import { mergeCatalogs } from './namespaces'
import { enCore } from './en/core'
import { enSales } from './en/sales'
import { enCatalog } from './en/catalog'
import { enCustomers } from './en/customers'
import { enOrders } from './en/orders'
import { enPay } from './en/pay'
import { enTimeReports } from './en/time-reports'
import { enQuality } from './en/quality'
import { enBudgets } from './en/budgets'
import { enStatistics } from './en/statistics'
import { enFinance } from './en/finance'
import { enGame } from './en/game'
import { enAssistant } from './en/assistant'
import { enOrg } from './en/org'
import { enUsers } from './en/users'
import { enTerms } from './en/terms'
import { enActivity } from './en/activity'
import { enNotifications } from './en/notifications'
import { enMail } from './en/mail'
import { enGuides } from './en/guides'
import { enCandidates } from './en/candidates'
import { enScheduledMessages } from './en/scheduled-messages'
import { enDownloads } from './en/downloads'
import { enDevices } from './en/devices'
import { enField } from './en/field'
import { enLeads } from './en/leads'
import { enTranscriptions } from './en/transcriptions'
import { enOffers } from './en/offers'
import { enDisplays } from './en/displays'
import { enFeed } from './en/feed'

/** The whole English catalogue (every namespace merged), for the server and tests. */
export const en = mergeCatalogs(
  enCore,
  enSales,
  enCatalog,
  enCustomers,
  enOrders,
  enPay,
  enTimeReports,
  enQuality,
  enBudgets,
  enStatistics,
  enFinance,
  enGame,
  enAssistant,
  enOrg,
  enUsers,
  enTerms,
  enActivity,
  enNotifications,
  enMail,
  enGuides,
  enCandidates,
  enScheduledMessages,
  enDownloads,
  enDevices,
  enField,
  enLeads,
  enTranscriptions,
  enOffers,
  enDisplays,
  enFeed,
)
