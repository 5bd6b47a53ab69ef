import type { Db } from '../db/client'
import type { SyncParts } from '../lib/sync-contract'
import type { Deps } from '../platform/deps'
import { assistantNames } from '../modules/assistant/assistant.names'
import { assistantService } from '../modules/assistant/assistant.service'
import { assistantStats } from '../modules/assistant/assistant.stats'
import { budgetsService } from '../modules/budgets/budgets.service'
import { budgetsPullSource } from '../modules/budgets/budgets.sync'
import { candidatesService } from '../modules/candidates/candidates.service'
import { catalogAdmin } from '../modules/catalog/catalog.admin'
import { catalogService } from '../modules/catalog/catalog.service'
import { customersReactions } from '../modules/customers/customers.reactions'
import { customersService } from '../modules/customers/customers.service'
import { devicesService } from '../modules/devices/devices.service'
import { fieldService } from '../modules/field/field.service'
import { financeService } from '../modules/finance/finance.service'
import { leadsService } from '../modules/leads/leads.service'
import { offersService, type OffersService } from '../modules/offers/offers.service'
import { offersReactions } from '../modules/offers/offers.reactions'
import { displaysReactions } from '../modules/displays/displays.reactions'
import { displaysService } from '../modules/displays/displays.service'
import { feedReactions } from '../modules/feed/feed.reactions'
import { feedService, type FeedService } from '../modules/feed/feed.service'
import { transcriptionsReactions } from '../modules/transcriptions/transcriptions.reactions'
import { transcriptionsService } from '../modules/transcriptions/transcriptions.service'
import { gameReactions } from '../modules/game/game.reactions'
import { gameService } from '../modules/game/game.service'
import { guidesService, type GuidesPorts } from '../modules/guides/guides.service'
import { guidesSync } from '../modules/guides/guides.sync'
import { notificationsReactions } from '../modules/notifications/notifications.reactions'
import { notificationsService, type NotificationsPorts } from '../modules/notifications/notifications.service'
import { ordersService, type OrdersService } from '../modules/orders/orders.service'
import { ophService } from '../modules/org/oph.service'
import { orgRepo } from '../modules/org/org.repo'
import { payExports, type PayExportHooks } from '../modules/pay/pay.exports'
import { payReactions } from '../modules/pay/pay.reactions'
import { payService } from '../modules/pay/pay.service'
import { payPullSource } from '../modules/pay/pay.sync'
import { qualityReactions } from '../modules/quality/quality.reactions'
import { qualityService } from '../modules/quality/quality.service'
import { salesReactions } from '../modules/sales/sales.reactions'
import { salesService } from '../modules/sales/sales.service'
import type { MessageHooks } from '../modules/scheduled-messages/scheduled-messages.context'
import { scheduledMessagesService } from '../modules/scheduled-messages/scheduled-messages.service'
import { salesSync } from '../modules/sales/sales.sync'
import { statisticsService } from '../modules/statistics/statistics.service'
import { timeReportsAdmin } from '../modules/time-reports/time-reports.admin'
import { timeReportsService, type TimeReportsService } from '../modules/time-reports/time-reports.service'
import { timeReportsSync } from '../modules/time-reports/time-reports.sync'
import { usersDirectory } from '../modules/users/users.directory'
import { sellerAccounts } from '../modules/users/users.onboarding'

/**
 * The areas, put together: each area's service is built with the questions it asks other areas answered by those
 * areas' services (no area imports another), each area subscribes its own reactions, and the sync protocol receives
 * the areas' mutators and pull sources. Adapters here only pick a function: what answers a question lives in the
 * area that owns it.
 */
export type AreaOptions = {
  payHooks?: PayExportHooks
  messageHooks?: MessageHooks
  /** a speech engine in place of the configured one (tests: a scripted fake) */
  speechEngine?: import('../modules/transcriptions/transcriptions.engine').SpeechEngine | null
  /** the auth area ends sessions (a device marked lost ends its own) */
  endSessions?: (tx: Db, sessionIds: string[]) => Promise<void>
}

export function assembleAreas(deps: Deps, options: AreaOptions = {}) {
  const { t } = deps.database
  const { events } = deps
  const catalog = catalogService(deps.database)
  const directory = usersDirectory(deps.database)
  const org = orgRepo(deps.database)
  const personNames = (db: Parameters<typeof directory.places.names>[0], ids: string[]) => directory.places.names(db, { userIds: ids })
  const teamNames = (db: Parameters<typeof org.placeNames>[0], ids: string[]) => org.placeNames(db, { teamIds: ids })

  // Sales and time reports each ask the other one question (the day's checkouts; the day's sales).
  let timeReports: TimeReportsService | null = null
  let orders: OrdersService | null = null
  let offers: OffersService | null = null
  // The feed is made after the alerts, which ask it who muted it (at delivery, long after assembly).
  let feedOf: FeedService | null = null
  const sales = salesService(deps, {
    catalogForSale: catalog.forSale,
    checkoutsOfDay: (tx, userId, date) => timeReports!.fromDevice.checkoutsOfDay(tx, userId, date),
    esignCounts: (db, from, to) => orders!.matching.esignCounts(db, from, to),
    orderOfSale: (db, saleId) => orders!.matching.ofSale(db, saleId),
    approvalBlocker: (tx, sale, translate) => offers!.evidence.approvalBlocker(tx, sale, translate),
  })
  timeReports = timeReportsService(deps, { salesOfDay: sales.forOthers.daySummary })
  const salesParts = salesSync(t, sales, deps.files)
  const timeParts = timeReportsSync(t, timeReports)
  const { readers, rolesAllowed, names, roleChoices } = directory.places
  const visiblePeople: GuidesPorts['visiblePeople'] = (db, ability) => directory.people.visiblePeople(db, ability)
  const guides = guidesService(deps, { readers, rolesAllowed, names, roleChoices, visiblePeople, places: org.places })
  const sync: SyncParts = {
    mutators: { ...salesParts.mutators, ...timeParts.mutators, ...guidesSync(guides).mutators },
    owned: [...salesParts.owned, ...timeParts.owned, budgetsPullSource(t), payPullSource(t)],
    reference: [catalog.pullSource],
  }
  orders = ordersService(deps, {
    provider: catalog.provider,
    providerNames: catalog.providerNames,
    salesForMatching: sales.orders.forMatching,
    saleSummaries: sales.orders.summaries,
    salesInPeriod: sales.orders.inPeriod,
    flagWithoutOrder: sales.orders.flagWithoutOrder,
  })
  const customers = customersService(deps, { salesOfCustomer: sales.customers.salesOf, names: personNames })
  // The do-not-contact register's fingerprints travel to every phone (decision 099).
  sync.reference.push(customers.blocks.pullSource)
  const catalogKeeping = catalogAdmin(deps)
  // Pay's exports ask the time-reports area for the month's reports, attestation and absence (docs/decisions/029).
  const pay = payService(deps)
  const timeAdmin = timeReportsAdmin(deps, { payableOf: pay.commissions.payableOf })
  const exportsOfPay = payExports(deps, pay, timeAdmin.forPay, options.payHooks)
  const notifications = alerts(deps, directory, org, sales, (db, ids) => feedOf!.reads.mutedAmong(db, ids))
  const quality = qualityService(deps, {
    sale: { forSurvey: sales.forOthers.quality.forSurvey, outcome: sales.forOthers.quality.outcome },
    employmentDate: directory.places.employmentDate,
    names: personNames,
    teamNames,
    providerNames: catalog.providerNames,
    productStatuses: sales.figures.breakdowns.productStatuses,
    productNames: catalog.productNames,
  })
  const budgets = budgetsService(deps, { places: org.places, members: directory.places.membersOfTeams })
  const oph = ophService(deps)
  const statistics = statisticsService(deps, {
    productStatuses: sales.figures.breakdowns.productStatuses,
    totals: sales.figures.sums.totals,
    productNames: catalog.productNames,
    teamNames,
    places: org.places,
    members: directory.places.membersOfTeams,
    sellerDays: sales.figures.breakdowns.sellerDays,
    hoursOf: timeAdmin.forDashboards.hoursOf,
    checkedOutOn: timeAdmin.forDashboards.checkedOutOn,
    sickNow: (ability, userIds) => timeAdmin.forDashboards.sickNow(ability, userIds),
    ophTargets: oph.effectiveFor,
    sellerBudgets: budgets.reads.sellerBudgets,
    dayTotalsBy: sales.figures.breakdowns.dayTotalsBy,
    teamHours: timeAdmin.forDashboards.teamHours,
    goalsOf: budgets.reads.goalsOf,
    providerNames: catalog.providerNames,
    extraIncomeLines: pay.extraIncome.extraIncomeLines,
    placesOf: directory.places.placesOf,
    qualityOf: (actor, q) => quality.statistics.sellers.bySeller(actor, q),
  })
  const finance = financeService(deps, {
    amountsBy: sales.figures.amounts.amountsBy,
    hoursBy: timeAdmin.forDashboards.hoursBy,
    nkiBy: (actor, f, by) => quality.statistics.sellers.nkiBy(actor, f, by),
    extraIncomeOf: pay.extraIncome.extraIncomeOf,
    places: org.places,
    placesOf: directory.places.placesOf,
    officeManagers: directory.places.officeManagers,
    providerNames: catalog.providerNames,
  })
  const game = gameService(deps, {
    gamePoints: catalog.gamePoints,
    saleForGame: sales.forOthers.forGame,
    officesOfRegion: org.officesOfRegion,
    placeNames: org.placeNames,
    names: personNames,
    visiblePeople: (db, ability, userIds) => directory.people.visibleAmong(db, ability, userIds),
  })
  const assistant = analyst(deps, { sales, timeAdmin, quality, directory, org, catalog, personNames })

  // Each area's reactions to the others' events (docs/decisions/028): registered before the server starts.
  customersReactions(events, customers)
  payReactions(events, pay)
  notificationsReactions(events, notifications)
  qualityReactions(events, quality)
  salesReactions(events, sales)
  gameReactions(events, game)

  const candidates = recruiting(deps, directory, org)
  const { devices, field } = fieldControl(deps, { directory, org, timeAdmin, sales }, options.endSessions)
  sync.owned.push(field.pullSource, field.visits.pullSource, field.promises.device.pullSource)
  Object.assign(sync.mutators, field.visits.mutators, field.promises.device.mutators)
  const {
    leads,
    transcriptions,
    offers: written,
  } = telesales(deps, { customers, sales, directory, catalog, org, teamNames, personNames }, options.speechEngine)
  offers = written
  const scheduledMessages = messaging(deps, { directory, org, timeAdmin, guides, candidates, sales }, options.messageHooks)

  // The office screens and the team feed (docs/decisions/101, 102): what they show is asked of the areas that own it.
  const { displays, feed } = theRoom(deps, { org, directory, game, sales, catalog, timeAdmin, budgets, guides, personNames, teamNames })
  feedOf = feed

  return {
    assistant,
    devices,
    displays,
    feed,
    field,
    leads,
    transcriptions,
    offers,
    scheduledMessages,
    assistantStats: assistantStats(deps, { roleOf: directory.places.roleOf, names: directory.places.names, roleChoices: directory.places.roleChoices }),
    candidates,
    catalog,
    catalogKeeping,
    customers,
    sales,
    timeReports,
    orders,
    sync,
    timeAdmin,
    pay,
    exportsOfPay,
    notifications,
    directory,
    org,
    quality,
    budgets,
    statistics,
    finance,
    game,
    guides,
  }
}

export type Areas = ReturnType<typeof assembleAreas>

/** The BI assistant reads the sales, hours and quality figures, and names what it finds (docs/decisions/053). */
function analyst(
  deps: Deps,
  {
    sales,
    timeAdmin,
    quality,
    directory,
    org,
    catalog,
    personNames,
  }: {
    sales: ReturnType<typeof salesService>
    timeAdmin: ReturnType<typeof timeReportsAdmin>
    quality: ReturnType<typeof qualityService>
    directory: ReturnType<typeof usersDirectory>
    org: ReturnType<typeof orgRepo>
    catalog: ReturnType<typeof catalogService>
    personNames: (db: Db, ids: string[]) => Promise<Map<string, string>>
  },
) {
  return assistantService(deps, {
    saleFigures: sales.analytics,
    hourFigures: timeAdmin.analytics,
    qualityFigures: quality.analytics,
    ...assistantNames({
      visibleNames: directory.people.visibleNames,
      places: org.places,
      regionList: org.regionList,
      regionsOfOffices: org.regionsOfOffices,
      providerList: catalog.providerList,
      productList: catalog.productList,
      personNames,
      placeNames: org.placeNames,
      providerNames: catalog.providerNames,
      productNames: catalog.productNames,
    }),
  })
}

/** The devices ask for people and end sessions; the runs ask for teams, members, hours and the day's sales (decisions 072, 073). */
function fieldControl(
  deps: Deps,
  {
    directory,
    org,
    timeAdmin,
    sales,
  }: {
    directory: ReturnType<typeof usersDirectory>
    org: ReturnType<typeof orgRepo>
    timeAdmin: ReturnType<typeof timeReportsAdmin>
    sales: ReturnType<typeof salesService>
  },
  endSessions: AreaOptions['endSessions'],
) {
  const devices = devicesService(deps, {
    placesOf: directory.places.placesOf,
    peopleNamed: directory.nameSearch.peopleNamed,
    byEmails: directory.people.byEmails,
    endSessions: endSessions ?? (async () => undefined),
    positionsOn: sales.positions.settings.positionsOn,
  })
  const field = fieldService(deps, {
    places: org.places,
    members: directory.places.membersOfTeams,
    names: directory.places.names,
    hoursOf: timeAdmin.forDashboards.hoursOf,
    sellerDayFigures: sales.figures.amounts.sellerDayFigures,
    salePoints: sales.positions.maps.points,
    saleGrid: sales.positions.maps.grid,
    salesByPostalCode: sales.positions.maps.byPostalCode,
    saleCounts: sales.positions.maps.counts,
    salePositionsOnly: sales.positions.maps.devicePositions,
    saleIdsIn: sales.positions.maps.idsIn,
    saleSummaries: sales.positions.maps.summaries,
    positionsOn: sales.positions.settings.positionsOn,
    setPositionsOn: sales.positions.settings.setPositionsOn,
    officeCountries: org.officeCountries,
  })
  return { devices, field }
}

/** Recruiting asks for names and places, and the users area makes the new seller's account (docs/decisions/070). */
function recruiting(deps: Deps, directory: ReturnType<typeof usersDirectory>, org: ReturnType<typeof orgRepo>) {
  const sellers = sellerAccounts(deps.database)
  return candidatesService(deps, {
    names: directory.places.names,
    placeNames: org.placeNames,
    regionCountry: org.regionCountry,
    regions: org.regionList,
    teams: org.teamsWithRegion,
    recruiters: (db) => directory.places.allowedPeople(db, 'create', 'candidates'),
    teamRegion: sellers.teamRegion,
    createSeller: sellers.createSeller,
  })
}

/** Scheduled messages ask who is reached, what rules pick and the fields' values (docs/decisions/071). */
function messaging(
  deps: Deps,
  {
    directory,
    org,
    timeAdmin,
    guides,
    candidates,
    sales,
  }: {
    directory: ReturnType<typeof usersDirectory>
    org: ReturnType<typeof orgRepo>
    timeAdmin: ReturnType<typeof timeReportsAdmin>
    guides: ReturnType<typeof guidesService>
    candidates: ReturnType<typeof candidatesService>
    sales: ReturnType<typeof salesService>
  },
  hooks?: MessageHooks,
) {
  return scheduledMessagesService(
    deps,
    {
      activeIds: directory.people.activeIds,
      membersOf: (db, target) => directory.people.membersOf(db, target),
      reachable: (db, ability, audience) => directory.people.reachable(db, ability, audience),
      profiles: directory.people.messageProfiles,
      roleChoices: directory.places.roleChoices,
      names: directory.places.names,
      placeNames: org.placeNames,
      sellers: async (db) => (await directory.places.allowedPeople(db, 'create', 'sales')).map((p) => p.id),
      checkedOutOn: timeAdmin.forDashboards.checkedOutOn,
      unacknowledgedMustRead: guides.acks.unacknowledgedAmong,
      candidatesWithUnsignedContract: candidates.forMessages.withUnsignedContract,
      unsignedContractsByRecruiter: candidates.forMessages.unsignedByRecruiter,
      sellerPeriod: sales.figures.amounts.sellerPeriod,
    },
    { hooks },
  )
}

/** The alerts ask the users area for people and reach, the org for places, and sales for a sale's label (decision 030). */
function alerts(
  deps: Deps,
  directory: ReturnType<typeof usersDirectory>,
  org: ReturnType<typeof orgRepo>,
  sales: ReturnType<typeof salesService>,
  feedMuted: NotificationsPorts['feedMuted'],
) {
  return notificationsService(deps, {
    people: directory.people.people,
    coachesOf: directory.people.coachesOf,
    teamName: directory.places.teamName,
    saleLabel: sales.forOthers.label,
    reachable: (db, ability, audience) => directory.people.reachable(db, ability, audience),
    names: directory.places.names,
    roleChoices: directory.places.roleChoices,
    placeNames: org.placeNames,
    teamsOfOffice: org.teamsOfOffice,
    membersOfTeams: directory.places.membersOfTeams,
    allTeams: async (db) => (await org.places(db)).teams.map((x) => x.id),
    feedMuted,
  })
}

/**
 * The telesales tools (docs/decisions/075, 076, 094): lead lists are checked against the customer register; seller
 * transcriptions ask whose a sale is, people's places and names, and the providers; written offers are built from
 * the sale and its office's country.
 */
function telesales(
  deps: Deps,
  a: {
    customers: ReturnType<typeof customersService>
    sales: ReturnType<typeof salesService>
    directory: ReturnType<typeof usersDirectory>
    catalog: ReturnType<typeof catalogService>
    teamNames: (db: Db, ids: string[]) => Promise<Map<string, string>>
    org: Pick<ReturnType<typeof orgRepo>, 'teamProvider' | 'officeCountries'>
    personNames: (db: Db, ids: string[]) => Promise<Map<string, string>>
  },
  speechEngine: AreaOptions['speechEngine'],
) {
  const leads = leadsService(deps, {
    customerContacts: () => a.customers.reads.contactPages(),
    names: a.personNames,
    blockedContacts: () => a.customers.blocks.everything(),
  })
  const transcriptions = transcriptionsService(
    deps,
    {
      saleForTranscript: a.sales.forOthers.forTranscript,
      placesOf: a.directory.places.placesOf,
      names: a.personNames,
      teamNames: a.teamNames,
      teamProvider: a.org.teamProvider,
      providersSoldOn: a.sales.forOthers.providersSoldOn,
      sellerProviders: a.directory.nameSearch.providersOf,
      providerNames: a.catalog.providerNames,
      providerList: a.catalog.providerList,
    },
    speechEngine,
  )
  // Written offers after a telesales call (docs/decisions/094): built from the sale, the office's country and names.
  const offers = offersService(deps, {
    saleForOffer: a.sales.forOffers.forOffer,
    withoutContract: a.sales.forOffers.withoutContract,
    officeCountries: a.org.officeCountries,
    names: a.personNames,
    providerNames: a.catalog.providerNames,
  })
  offersReactions(deps.events, offers)
  transcriptionsReactions(deps.events, transcriptions)
  return { leads, transcriptions, offers }
}

/**
 * The office screens and the team feed (issue 76, docs/decisions/101 and 102): what they show is asked of the areas
 * that own it (names and places, the game's boards, competitions and who hides from others, the sales figures,
 * hours, goals, new starters and must-read guides), and they react to sales approved and the game's moments.
 */
function theRoom(
  deps: Deps,
  a: {
    org: ReturnType<typeof orgRepo>
    directory: ReturnType<typeof usersDirectory>
    game: ReturnType<typeof gameService>
    sales: ReturnType<typeof salesService>
    catalog: ReturnType<typeof catalogService>
    timeAdmin: ReturnType<typeof timeReportsAdmin>
    budgets: ReturnType<typeof budgetsService>
    guides: ReturnType<typeof guidesService>
    personNames: (db: Db, ids: string[]) => Promise<Map<string, string>>
    teamNames: (db: Db, ids: string[]) => Promise<Map<string, string>>
  },
) {
  const officeOfTeam = async (db: Db, teamId: string) => (await a.org.places(db)).teams.find((x) => x.id === teamId)?.officeId ?? null
  const placeOf = async (db: Db, userId: string) => {
    const place = (await a.directory.places.placesOf(db, [userId])).get(userId)
    if (!place) return null
    return { teamId: place.teamId, officeId: place.officeId ?? (place.teamId ? await officeOfTeam(db, place.teamId) : null) }
  }
  const displays = displaysService(deps, {
    officeNames: (db, ids) => a.org.placeNames(db, { officeIds: ids }),
    teamsOfOffice: a.org.teamsOfOffice,
    names: a.personNames,
    teamNames: a.teamNames,
    game: a.game.screen,
    teamTotals: async (ability, filter) => (await a.sales.figures.sums.totals(ability, filter, 'day')).byTeam,
    sale: a.sales.forOthers.forGame,
    productNames: a.catalog.productNames,
    teamHours: a.timeAdmin.forDashboards.teamHours,
    goals: a.budgets.reads.goalsOf,
    newStarters: a.directory.starters.newStarters,
    membersOfTeams: a.directory.places.membersOfTeams,
    mustReadOf: a.guides.acks.mustReadOf,
    placeOf,
    officeOfTeam,
  })
  displaysReactions(deps.events, displays)
  const feed = feedService(deps, {
    names: a.personNames,
    placeNames: a.org.placeNames,
    teamsOfOffice: a.org.teamsOfOffice,
    placeOf,
    hiddenAmong: a.game.screen.hiddenAmong,
    sale: a.sales.forOthers.forGame,
    productNames: a.catalog.productNames,
  })
  feedReactions(deps.events, feed, deps.realtime)
  return { displays, feed }
}
