import { mergeCatalogs } from './namespaces'
import { fiCore } from './fi/core'
import { fiSales } from './fi/sales'
import { fiCatalog } from './fi/catalog'
import { fiCustomers } from './fi/customers'
import { fiOrders } from './fi/orders'
import { fiPay } from './fi/pay'
import { fiTimeReports } from './fi/time-reports'
import { fiQuality } from './fi/quality'
import { fiBudgets } from './fi/budgets'
import { fiStatistics } from './fi/statistics'
import { fiFinance } from './fi/finance'
import { fiGame } from './fi/game'
import { fiAssistant } from './fi/assistant'
import { fiOrg } from './fi/org'
import { fiUsers } from './fi/users'
import { fiTerms } from './fi/terms'
import { fiActivity } from './fi/activity'
import { fiNotifications } from './fi/notifications'
import { fiMail } from './fi/mail'
import { fiGuides } from './fi/guides'
import { fiCandidates } from './fi/candidates'
import { fiScheduledMessages } from './fi/scheduled-messages'
import { fiDownloads } from './fi/downloads'
import { fiDevices } from './fi/devices'
import { fiField } from './fi/field'
import { fiLeads } from './fi/leads'
import { fiTranscriptions } from './fi/transcriptions'
import { fiOffers } from './fi/offers'
import { fiDisplays } from './fi/displays'
import { fiFeed } from './fi/feed'

/** The whole Finnish catalogue (every namespace merged), for the server and tests. */
export const fi = mergeCatalogs(
  fiCore,
  fiSales,
  fiCatalog,
  fiCustomers,
  fiOrders,
  fiPay,
  fiTimeReports,
  fiQuality,
  fiBudgets,
  fiStatistics,
  fiFinance,
  fiGame,
  fiAssistant,
  fiOrg,
  fiUsers,
  fiTerms,
  fiActivity,
  fiNotifications,
  fiMail,
  fiGuides,
  fiCandidates,
  fiScheduledMessages,
  fiDownloads,
  fiDevices,
  fiField,
  fiLeads,
  fiTranscriptions,
  fiOffers,
  fiDisplays,
  fiFeed,
)
