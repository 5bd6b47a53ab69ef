/** The PostgreSQL schema, gathered from the areas' schema files (see ./sqlite.ts). */
export {
  regionsPg as regions,
  officesPg as offices,
  teamsPg as teams,
  coachGroupsPg as coachGroups,
  coachGroupMembersPg as coachGroupMembers,
  coachGroupProvidersPg as coachGroupProviders,
  ophTargetsPg as ophTargets,
} from './org'
export { termsVersionsPg as termsVersions, termsAnswersPg as termsAnswers } from './terms'
export {
  rolesPg as roles,
  usersPg as users,
  teamCoachesPg as teamCoaches,
  userProvidersPg as userProviders,
  permissionRulesPg as permissionRules,
  sessionsPg as sessions,
  rateLimitsPg as rateLimits,
  mfaTotpPg as mfaTotp,
  mfaRecoveryCodesPg as mfaRecoveryCodes,
  loginChallengesPg as loginChallenges,
  userTitlesPg as userTitles,
  externalAccountTemplatesPg as externalAccountTemplates,
  externalAccountsPg as externalAccounts,
  identityProvidersPg as identityProviders,
  userIdentitiesPg as userIdentities,
  identityProviderRolesPg as identityProviderRoles,
} from './identity'
export { providersPg as providers, productsPg as products, productCategoriesPg as productCategories } from './catalog'
export { customersPg as customers, contactBlocksPg as contactBlocks } from './customers'
export {
  notificationsPg as notifications,
  pushSubscriptionsPg as pushSubscriptions,
  alertRecipientsPg as alertRecipients,
  notificationMessagesPg as notificationMessages,
} from './notifications'
export {
  salesPg as sales,
  saleLinesPg as saleLines,
  saleStatusHistoryPg as saleStatusHistory,
  saleDeviationsPg as saleDeviations,
  saleDoublesPg as saleDoubles,
  saleSettingsPg as saleSettings,
  saleDayTotalsPg as saleDayTotals,
  saleDayProductsPg as saleDayProducts,
  saleMonthTotalsPg as saleMonthTotals,
  saleMonthProductsPg as saleMonthProducts,
  saleMonthSellersPg as saleMonthSellers,
  saleMonthPendingPg as saleMonthPending,
} from './sales'
export { filesPg as files } from './files'
export {
  timeReportsPg as timeReports,
  timeMonthHoursPg as timeMonthHours,
  checkoutsPg as checkouts,
  sickNoticesPg as sickNotices,
  timeAttestationsPg as timeAttestations,
} from './time-reports'
export {
  paycodesPg as paycodes,
  extraIncomesPg as extraIncomes,
  commissionLinesPg as commissionLines,
  payExportsPg as payExports,
  payrollExportLinesPg as payrollExportLines,
} from './pay'
export {
  gameSalesPg as gameSales,
  gameLedgerPg as gameLedger,
  gameTotalsPg as gameTotals,
  gameXpDaysPg as gameXpDays,
  gameLevelsPg as gameLevels,
  gameLevelsReachedPg as gameLevelsReached,
  gameSettingsPg as gameSettings,
  gameXpMonthsPg as gameXpMonths,
  gamePlayersPg as gamePlayers,
  gameRewardsPg as gameRewards,
  gameRewardVariantsPg as gameRewardVariants,
  gamePurchasesPg as gamePurchases,
  gameCompetitionsPg as gameCompetitions,
  gameBadgesPg as gameBadges,
  gameBadgeAwardsPg as gameBadgeAwards,
} from './game'
export { assistantStatsPg as assistantStats, assistantStatRolesPg as assistantStatRoles } from './assistant'
export { salesBudgetsPg as salesBudgets, unitBudgetsPg as unitBudgets } from './budgets'
export { financeSettingsPg as financeSettings } from './finance'
export { syncClientsPg as syncClients, syncRejectionsPg as syncRejections, syncVersionPg as syncVersion, syncUserVersionsPg as syncUserVersions } from './sync'
export {
  domainEventsPg as domainEvents,
  eventDeliveriesPg as eventDeliveries,
  activityLogPg as activityLog,
  jobsPg as jobs,
  jobSchedulesPg as jobSchedules,
  serverKeysPg as serverKeys,
  schemaCompatibilityPg as schemaCompatibility,
} from './platform'
export { mailOutboxPg as mailOutbox, smsOutboxPg as smsOutbox } from './mail'
export {
  qualityTemplatesPg as qualityTemplates,
  qualityTemplateVersionsPg as qualityTemplateVersions,
  qualitySurveysPg as qualitySurveys,
  qualityMonthNkiPg as qualityMonthNki,
  qualityMonthProviderNkiPg as qualityMonthProviderNki,
  qualitySurveyLinksPg as qualitySurveyLinks,
} from './quality'
export { orderRegistrationsPg as orderRegistrations, orderImportsPg as orderImports, orderMappingsPg as orderMappings } from './orders'
export {
  guideCategoriesPg as guideCategories,
  guidesPg as guides,
  guideVersionsPg as guideVersions,
  guideAcksPg as guideAcks,
  guideFilesPg as guideFiles,
  embedsPg as embeds,
  embedAssigneesPg as embedAssignees,
  embedHostsPg as embedHosts,
} from './guides'
export {
  candidatesPg as candidates,
  candidateNotesPg as candidateNotes,
  candidateStepsPg as candidateSteps,
  candidateLinksPg as candidateLinks,
  contractTemplatesPg as contractTemplates,
  candidateContractsPg as candidateContracts,
  candidateSettingsPg as candidateSettings,
} from './candidates'
export {
  scheduledMessagesPg as scheduledMessages,
  scheduledMessageRunsPg as scheduledMessageRuns,
  scheduledMessageDeliveriesPg as scheduledMessageDeliveries,
} from './scheduled-messages'
export { downloadsPg as downloads } from './downloads'
export { devicesPg as devices, deviceSettingsPg as deviceSettings, deviceImportsPg as deviceImports } from './devices'
export {
  fieldAreasPg as fieldAreas,
  fieldRunsPg as fieldRuns,
  fieldRunSellersPg as fieldRunSellers,
  fieldVisitsPg as fieldVisits,
  fieldPromisesPg as fieldPromises,
  mapFileChunksPg as mapFileChunks,
  mapSettingsPg as mapSettings,
  postalPositionsPg as postalPositions,
} from './field'
export { leadSourcesPg as leadSources, leadFormatsPg as leadFormats, leadListsPg as leadLists, leadCampaignKeysPg as leadCampaignKeys } from './leads'
export { transcriptionsPg as transcriptions, transcriptionScriptsPg as transcriptionScripts } from './transcriptions'
export { offerRulesPg as offerRules, offersPg as offers, offerEidPg as offerEid } from './offers'
export { displaysPg as displays } from './displays'
export { feedItemsPg as feedItems, feedReactionsPg as feedReactions, feedCommentsPg as feedComments, feedSettingsPg as feedSettings } from './feed'
