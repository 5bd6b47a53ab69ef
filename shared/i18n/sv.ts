import { mergeCatalogs } from './namespaces'
import { svCore } from './sv/core'
import { svSales } from './sv/sales'
import { svCatalog } from './sv/catalog'
import { svCustomers } from './sv/customers'
import { svOrders } from './sv/orders'
import { svPay } from './sv/pay'
import { svTimeReports } from './sv/time-reports'
import { svQuality } from './sv/quality'
import { svBudgets } from './sv/budgets'
import { svStatistics } from './sv/statistics'
import { svFinance } from './sv/finance'
import { svGame } from './sv/game'
import { svAssistant } from './sv/assistant'
import { svOrg } from './sv/org'
import { svUsers } from './sv/users'
import { svTerms } from './sv/terms'
import { svActivity } from './sv/activity'
import { svNotifications } from './sv/notifications'
import { svMail } from './sv/mail'
import { svGuides } from './sv/guides'
import { svCandidates } from './sv/candidates'
import { svScheduledMessages } from './sv/scheduled-messages'
import { svDownloads } from './sv/downloads'
import { svDevices } from './sv/devices'
import { svField } from './sv/field'
import { svLeads } from './sv/leads'
import { svTranscriptions } from './sv/transcriptions'
import { svOffers } from './sv/offers'
import { svDisplays } from './sv/displays'
import { svFeed } from './sv/feed'

/** The whole Swedish catalogue (every namespace merged), and its type. */
export const sv = mergeCatalogs(
  svCore,
  svSales,
  svCatalog,
  svCustomers,
  svOrders,
  svPay,
  svTimeReports,
  svQuality,
  svBudgets,
  svStatistics,
  svFinance,
  svGame,
  svAssistant,
  svOrg,
  svUsers,
  svTerms,
  svActivity,
  svNotifications,
  svMail,
  svGuides,
  svCandidates,
  svScheduledMessages,
  svDownloads,
  svDevices,
  svField,
  svLeads,
  svTranscriptions,
  svOffers,
  svDisplays,
  svFeed,
)

export type Messages = typeof sv
