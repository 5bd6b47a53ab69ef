/**
 * The SQLite schema, gathered from the areas' schema files (server/db/schema/<area>.ts), each of which defines
 * its tables once for both databases (./table.ts); ./pg.ts gathers the PostgreSQL builds. schema-parity.test.ts fails
 * when a table's row types differ between the dialects. Conventions that keep both alike: ids are text UUIDs,
 * times are epoch milliseconds, money is integer öre, JSON is JSON.
 */
export { regions, offices, teams, coachGroups, coachGroupMembers, coachGroupProviders, ophTargets } from './org'
export { termsVersions, termsAnswers } from './terms'
export {
  roles,
  users,
  teamCoaches,
  userProviders,
  permissionRules,
  sessions,
  rateLimits,
  mfaTotp,
  mfaRecoveryCodes,
  loginChallenges,
  userTitles,
  externalAccountTemplates,
  externalAccounts,
  identityProviders,
  userIdentities,
  identityProviderRoles,
} from './identity'
export { providers, products, productCategories } from './catalog'
export { customers, contactBlocks } from './customers'
export { notifications, pushSubscriptions, alertRecipients, notificationMessages } from './notifications'
export {
  sales,
  saleLines,
  saleStatusHistory,
  saleDeviations,
  saleDoubles,
  saleSettings,
  saleDayTotals,
  saleDayProducts,
  saleMonthTotals,
  saleMonthProducts,
  saleMonthSellers,
  saleMonthPending,
} from './sales'
export { files } from './files'
export { timeReports, timeMonthHours, checkouts, sickNotices, timeAttestations } from './time-reports'
export { paycodes, extraIncomes, commissionLines, payExports, payrollExportLines } from './pay'
export {
  gameSales,
  gameLedger,
  gameTotals,
  gameXpDays,
  gameLevels,
  gameLevelsReached,
  gameSettings,
  gameXpMonths,
  gamePlayers,
  gameRewards,
  gameRewardVariants,
  gamePurchases,
  gameCompetitions,
  gameBadges,
  gameBadgeAwards,
} from './game'
export { assistantStats, assistantStatRoles } from './assistant'
export { salesBudgets, unitBudgets } from './budgets'
export { financeSettings } from './finance'
export { syncClients, syncRejections, syncVersion, syncUserVersions } from './sync'
export { domainEvents, eventDeliveries, activityLog, jobs, jobSchedules, serverKeys, schemaCompatibility } from './platform'
export { mailOutbox, smsOutbox } from './mail'
export { qualityTemplates, qualityTemplateVersions, qualitySurveys, qualitySurveyLinks, qualityMonthNki, qualityMonthProviderNki } from './quality'
export { orderRegistrations, orderImports, orderMappings } from './orders'
export { guideCategories, guides, guideVersions, guideAcks, guideFiles, embeds, embedAssignees, embedHosts } from './guides'
export { candidates, candidateNotes, candidateSteps, candidateLinks, contractTemplates, candidateContracts, candidateSettings } from './candidates'
export { scheduledMessages, scheduledMessageRuns, scheduledMessageDeliveries } from './scheduled-messages'
export { downloads } from './downloads'
export { devices, deviceSettings, deviceImports } from './devices'
export { fieldAreas, fieldPromises, fieldRuns, fieldRunSellers, fieldVisits, mapFileChunks, mapSettings, postalPositions } from './field'
export { leadSources, leadFormats, leadLists, leadCampaignKeys } from './leads'
export { transcriptions, transcriptionScripts } from './transcriptions'
export { offerRules, offers, offerEid } from './offers'
export { displays } from './displays'
export { feedItems, feedReactions, feedComments, feedSettings } from './feed'
