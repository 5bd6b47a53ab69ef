import { subject } from '@casl/ability'
import { REALTIME_EVENTS, wire } from '../shared/realtime'
import fs from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { secureHeaders } from 'hono/secure-headers'
import { CHECKLIST_MAX_BYTES } from '../shared/schemas/sales'
import { matchRoutePath } from '../shared/routes'
import { TRANSLATORS, pickLanguage, type LanguageCode } from '../shared/i18n'
import { compressJson } from './lib/compress-json'
import { csrfProtection } from './lib/csrf'
import type { AppEnv } from './lib/context'
import { ApiError, answerError, validationError } from './lib/errors'
import { fieldError } from '../shared/schemas/errors'
import { FORBIDDEN_CONTROL_ENCODED } from '../shared/schemas/input-safety'
import { requestHeader } from './lib/headers'
import { runAsImpersonation } from './lib/request-actor'
import { authRoutes, clearSessionCookie, readSessionToken, writeSessionCookie } from './modules/auth/auth.routes'
import { authService } from './modules/auth/auth.service'
import { termsRoutes } from './modules/terms/terms.routes'
import { termsService } from './modules/terms/terms.service'
import { budgetsPullSource } from './modules/budgets/budgets.sync'
import { budgetsService } from './modules/budgets/budgets.service'
import { budgetsRoutes } from './modules/budgets/budgets.routes'
import { statisticsService } from './modules/statistics/statistics.service'
import { statisticsRoutes } from './modules/statistics/statistics.routes'
import { gameRoutes } from './modules/game/game.routes'
import { gameService } from './modules/game/game.service'
import { assistantService } from './modules/assistant/assistant.service'
import { assistantStats } from './modules/assistant/assistant.stats'
import { assistantRoutes } from './modules/assistant/assistant.routes'
import { financeService } from './modules/finance/finance.service'
import { financeRoutes } from './modules/finance/finance.routes'
import { catalogService } from './modules/catalog/catalog.service'
import { catalogRoutes } from './modules/catalog/catalog.routes'
import { catalogAdmin } from './modules/catalog/catalog.admin'
import { customersService } from './modules/customers/customers.service'
import { customersRoutes } from './modules/customers/customers.routes'
import { mailRoutes } from './modules/mail/mail.routes'
import { activityRoutes } from './modules/activity/activity.routes'
import type { ActivityNames } from './modules/activity/activity.service'
import { notificationsRoutes } from './modules/notifications/notifications.routes'
import { orgRepo } from './modules/org/org.repo'
import { ophService } from './modules/org/oph.service'
import { notificationsService } from './modules/notifications/notifications.service'
import { realtimeRoutes } from './modules/realtime/realtime.routes'
import { usersDirectory } from './modules/users/users.directory'
import { orgRoutes } from './modules/org/org.routes'
import { profileRoutes } from './modules/profile/profile.routes'
import { salesRoutes } from './modules/sales/sales.routes'
import { saleReportsRoutes } from './modules/sales/sale-reports.routes'
import { filesRoutes } from './modules/files/files.routes'
import { salesService } from './modules/sales/sales.service'
import { salesSync } from './modules/sales/sales.sync'
import { syncRoutes } from './modules/sync/sync.routes'
import { appMetaOf, systemRoutes } from './modules/system/system.routes'
import { timeReportsService, type TimeReportsService } from './modules/time-reports/time-reports.service'
import { timeReportsSync } from './modules/time-reports/time-reports.sync'
import { timeReportsAdmin } from './modules/time-reports/time-reports.admin'
import { timeReportsRoutes } from './modules/time-reports/time-reports.routes'
import { searchRoutes } from './modules/search/search.routes'
import { searchService } from './modules/search/search.service'
import { qualityService } from './modules/quality/quality.service'
import { qualityRoutes } from './modules/quality/quality.routes'
import { payService } from './modules/pay/pay.service'
import { payExports, type PayExportHooks } from './modules/pay/pay.exports'
import { payRoutes } from './modules/pay/pay.routes'
import { payPullSource } from './modules/pay/pay.sync'
import { usersRoutes } from './modules/users/users.routes'
import { ordersService, type OrdersService } from './modules/orders/orders.service'
import { ordersRoutes } from './modules/orders/orders.routes'
import { FILE_KINDS } from '../shared/schemas/files'
import type { SyncHooks, SyncParts } from './lib/sync-contract'
import type { Deps } from './platform/deps'

/** The largest JSON body the API reads; larger requests get 413 before anything is parsed. */
export const MAX_BODY_BYTES = 1024 * 1024

const languageCache = new Map<string, LanguageCode>()
/** The request's language from Accept-Language; browsers send a handful of distinct headers, so it is remembered. */
function languageOf(header: string | undefined): LanguageCode {
  const key = header ?? ''
  let lang = languageCache.get(key)
  if (!lang) {
    lang = pickLanguage(header)
    if (languageCache.size > 200) languageCache.clear()
    languageCache.set(key, lang)
  }
  return lang
}

/**
 * The API on the root app under /api (basePath, not a mounted sub-app: a mounted app with its own error
 * handler wraps every route in one more composition per request).
 */
/**
 * The areas, put together: each area's service is built here with the questions it asks other areas answered
 * by those areas' services (no area imports another), and the sync protocol receives the areas' mutators and
 * pull sources.
 */
export function assembleAreas(deps: Deps, options: { payHooks?: PayExportHooks } = {}) {
  const { t } = deps.database
  const catalog = catalogService(deps.database)
  // Sales and time reports each ask the other one question (the day's checkouts; the day's sales).
  let timeReports: TimeReportsService | null = null
  let orders: OrdersService | null = null
  const sales = salesService(deps, {
    catalogForSale: catalog.forSale,
    checkoutsOfDay: (tx, userId, date) => timeReports!.checkoutsOfDay(tx, userId, date),
    esignCounts: (db, from, to) => orders!.esignCounts(db, from, to),
    orderOfSale: (db, saleId) => orders!.ofSale(db, saleId),
  })
  timeReports = timeReportsService(deps, { salesOfDay: sales.daySummary })
  const salesParts = salesSync(t, sales, deps.files)
  const timeParts = timeReportsSync(t, timeReports)
  const sync: SyncParts = {
    mutators: { ...salesParts.mutators, ...timeParts.mutators },
    owned: [...salesParts.owned, ...timeParts.owned, budgetsPullSource(t), payPullSource(t)],
    reference: [catalog.pullSource],
  }
  // The orders area asks the catalog for the provider and the sales area for the sales an order file may match.
  orders = ordersService(deps, {
    provider: catalog.provider,
    providerNames: catalog.providerNames,
    salesForMatching: sales.orders.forMatching,
    saleSummaries: sales.orders.summaries,
    salesInPeriod: sales.orders.inPeriod,
    flagWithoutOrder: sales.orders.flagWithoutOrder,
  })
  // The customer register is built from the sales area's events (docs/decisions/027).
  const customers = customersService(deps, { salesOfCustomer: sales.customers.salesOf })
  deps.events.subscribe({
    name: 'customers.register',
    events: ['sale.created', 'sale.customerCorrected'],
    // Only the register's table: written with the delivery's mark, exactly once, a batch of events a commit.
    handleInTransaction: async (tx, e) => {
      if (e.payload.customer) await customers.fromSale(tx, e.payload.customer, e.payload.soldAt, { correction: e.name === 'sale.customerCorrected' })
    },
  })
  const catalogKeeping = catalogAdmin(deps)
  // Time reports in the back office, and pay: its commission ledger from the sales area's events; its exports ask
  // the time-reports area for the month's reports, attestation and absence (docs/decisions/029).
  const timeAdmin = timeReportsAdmin(deps)
  const pay = payService(deps)
  deps.events.subscribe({
    name: 'pay.commission',
    events: ['sale.statusChanged', 'sale.created'],
    // Only the ledger's table: written with the delivery's mark, exactly once.
    handleInTransaction: (tx, e) => pay.fromSaleEvent(tx, e),
  })
  const exportsOfPay = payExports(deps, pay, timeAdmin.forPay, options.payHooks)
  // Live alerts (docs/decisions/030): notifications made from the areas' events in the delivery's transaction
  // (exactly once), then sent live and by Web Push after it commits; pokes tell a device to pull now.
  const directory = usersDirectory(deps.database)
  const org = orgRepo(deps.database)
  const notifications = notificationsService(deps, {
    people: directory.people,
    coachesOf: directory.coachesOf,
    teamName: directory.teamName,
    saleLabel: sales.label,
    reachable: (db, ability, audience) => directory.reachable(db, ability, audience),
    names: directory.names,
    roleChoices: directory.roleChoices,
    placeNames: org.placeNames,
    membersOf: async (db, ids) => {
      const teamIds = [...(ids.teamIds ?? [])]
      if (ids.officeIds?.length) teamIds.push(...(await org.places(db)).teams.filter((t) => ids.officeIds!.includes(t.officeId)).map((t) => t.id))
      return (await directory.membersOfTeams(db, teamIds)).map((m) => m.id)
    },
  })
  deps.events.subscribe({ name: 'notifications.saleAlerts', events: ['sale.statusChanged'], handleInTransaction: notifications.fromSaleStatus })
  deps.events.subscribe({ name: 'notifications.sickAlerts', events: ['sickNotice.created'], handleInTransaction: notifications.fromSickNotice })
  deps.events.subscribe({ name: 'notifications.securityAlerts', events: ['user.changed'], handleInTransaction: notifications.fromUserChange })
  deps.events.subscribe({ name: 'notifications.gameLevels', events: ['game.levelReached'], handleInTransaction: notifications.fromLevelReached })
  deps.events.subscribe({ name: 'notifications.gameBadges', events: ['game.badgeAwarded'], handleInTransaction: notifications.fromBadgeAwarded })
  deps.events.subscribe({
    name: 'notifications.gameCompetitions',
    events: ['game.competitionFinished'],
    handleInTransaction: notifications.fromCompetitionFinished,
  })
  deps.events.subscribe({ name: 'notifications.deliver', events: ['notification.created'], handle: notifications.deliver })
  deps.events.subscribe({
    name: 'notifications.syncPoke',
    events: ['sale.statusChanged', 'timeReport.corrected', 'timeAttestation.changed', 'extraIncome.changed', 'catalog.changed', 'budget.changed'],
    handle: async (e) => {
      if (e.name === 'catalog.changed') return notifications.poke(null, e.name)
      // A seller's budget travels to their device; an office's or a team's does not.
      if (e.name === 'budget.changed') return e.payload.userId ? notifications.poke(e.payload.userId, e.name) : undefined
      // The seller's own change needs no poke (their device made it).
      if (e.name === 'sale.statusChanged' && e.payload.byUserId === e.payload.sellerId) return
      await notifications.poke('sellerId' in e.payload ? e.payload.sellerId : e.payload.userId, e.name)
    },
  })
  // Sale quality (docs/decisions/045): the call queue from the sales area's events; an outcome moves the sale through
  // the sales area's lifecycle, and a grade comes back to the sale as an event.
  const quality = qualityService(deps, {
    sale: { forSurvey: sales.quality.forSurvey, outcome: sales.quality.outcome },
    employmentDate: directory.employmentDate,
    names: (db, ids) => directory.names(db, { userIds: ids }),
    teamNames: (db, ids) => org.placeNames(db, { teamIds: ids }),
    providerNames: catalog.providerNames,
    productStatuses: sales.figures.productStatuses,
    productNames: catalog.productNames,
  })
  deps.events.subscribe({ name: 'quality.queue', events: ['sale.created'], handleInTransaction: (tx, e) => quality.fromSaleCreated(tx, e) })
  deps.events.subscribe({
    name: 'sales.qualityGrade',
    events: ['quality.graded'],
    handleInTransaction: (tx, e) => sales.quality.graded(tx, e.payload.saleId, e.payload.grade),
  })
  // Budgets of offices, teams and sellers (docs/decisions/047): the places from the organisation, the sellers from
  // the users area.
  const budgets = budgetsService(deps, { places: org.places, members: directory.membersOfTeams })
  // Order statistics (docs/decisions/048): the sales summary's figures, named by the catalog and the organisation.
  // The coach dashboard (docs/decisions/049) asks the organisation, the users, time reports, budgets and quality.
  const oph = ophService(deps)
  const statistics = statisticsService(deps, {
    productStatuses: sales.figures.productStatuses,
    totals: sales.figures.totals,
    productNames: catalog.productNames,
    teamNames: (db, ids) => org.placeNames(db, { teamIds: ids }),
    places: org.places,
    members: directory.membersOfTeams,
    sellerDays: sales.figures.sellerDays,
    hoursOf: timeAdmin.forDashboards.hoursOf,
    checkedOutOn: timeAdmin.forDashboards.checkedOutOn,
    sickNow: (ability, userIds) => timeAdmin.forDashboards.sickNow(ability, userIds),
    ophTargets: oph.effectiveFor,
    sellerBudgets: budgets.sellerBudgets,
    dayTotalsBy: sales.figures.dayTotalsBy,
    teamHours: timeAdmin.forDashboards.teamHours,
    goalsOf: budgets.goalsOf,
    providerNames: catalog.providerNames,
    extraIncomeLines: pay.extraIncomeLines,
    placesOf: directory.placesOf,
    qualityOf: async (actor, q) => {
      const out = new Map<string, { surveys: number; averageGrade: string | null; regret: number }>()
      for (let page = 1; ; page++) {
        const answer = await quality.statistics.sellers(
          actor,
          { from: q.from, to: q.to, teamId: q.teamId },
          { sortBy: 'surveys', orderBy: 'desc', page, itemsPerPage: 100 },
        )
        for (const row of answer.items)
          out.set(row.seller.id, { surveys: row.figures.surveys, averageGrade: row.figures.averageGrade, regret: row.figures.regret })
        if (page * 100 >= answer.total) return out
      }
    },
  })
  // Finance profitability (docs/decisions/051): the sales summary, time reports, extra income and the quality surveys'
  // NKI, named by the organisation, the users and the catalog.
  const finance = financeService(deps, {
    amountsBy: sales.figures.amountsBy,
    hoursBy: timeAdmin.forDashboards.hoursBy,
    nkiBy: (actor, f, by) => quality.statistics.nkiBy(actor, f, by),
    extraIncomeOf: pay.extraIncomeOf,
    places: org.places,
    placesOf: directory.placesOf,
    officeManagers: directory.officeManagers,
    providerNames: catalog.providerNames,
  })
  // The sales game (docs/decisions/052): its view of each sale and its ledger from the sales and quality areas'
  // events, the products' points from the catalog. Only its own tables: exactly once with each delivery's mark.
  const game = gameService(deps, {
    gamePoints: catalog.gamePoints,
    saleForGame: sales.forGame,
    officesOfRegion: org.officesOfRegion,
    placeNames: org.placeNames,
    names: (db, ids) => directory.names(db, { userIds: ids }),
    visiblePeople: async (db, ability, userIds) =>
      new Set(await directory.reachable(db, ability, { everyone: false, userIds: [...new Set(userIds)], teamIds: [], officeIds: [], roleIds: [] })),
    standingsMoved: throttled(1000, () => deps.realtime.trigger([wire.game], REALTIME_EVENTS.gameStandings, {})),
  })
  deps.events.subscribe({
    name: 'game.sales',
    events: ['sale.created', 'sale.statusChanged', 'quality.graded'],
    handleInTransaction: (tx, e) =>
      e.name === 'sale.created' ? game.fromSaleCreated(tx, e) : e.name === 'sale.statusChanged' ? game.fromSaleStatus(tx, e) : game.fromQualityGraded(tx, e),
  })
  // The BI assistant (docs/decisions/053): the sales, hours and quality areas' summaries within the asker's rules,
  // and the names the asker may see (people their rules reach, their places or all, the catalog).
  const assistant = assistantService(deps, {
    saleFigures: sales.analytics,
    hourFigures: timeAdmin.analytics,
    qualityFigures: quality.analytics,
    vocabulary: async (db, actor) => {
      const [people, places, regions, regionOf, providers, products] = await Promise.all([
        directory.visibleNames(db, actor.ability),
        org.places(db),
        org.regionList(db),
        org.regionsOfOffices(db),
        catalog.providerList(db),
        catalog.productList(db),
      ])
      const sees = (kind: 'teams' | 'offices' | 'regions', fields: Record<string, unknown>) => actor.ability.can('view', subject(kind, fields) as never)
      const officeRegion = (officeId: string) => regionOf.get(officeId) ?? null
      const myRegion = actor.officeId ? officeRegion(actor.officeId) : null
      return [
        ...people.map((p) => ({ kind: 'seller' as const, id: p.id, name: p.name })),
        ...places.teams
          .filter((tm) => actor.teamIds.includes(tm.id) || sees('teams', { id: tm.id, officeId: tm.officeId, regionId: officeRegion(tm.officeId) }))
          .map((tm) => ({ kind: 'team' as const, id: tm.id, name: tm.name })),
        ...places.offices
          .filter((o) => o.id === actor.officeId || sees('offices', { id: o.id, officeId: o.id, regionId: officeRegion(o.id) }))
          .map((o) => ({ kind: 'office' as const, id: o.id, name: o.name })),
        ...regions
          .filter((r) => r.id === myRegion || sees('regions', { id: r.id, regionId: r.id }))
          .map((r) => ({ kind: 'region' as const, id: r.id, name: r.name })),
        ...providers.map((p) => ({ kind: 'provider' as const, id: p.id, name: p.name })),
        ...products.map((p) => ({ kind: 'product' as const, id: p.id, name: p.name })),
      ]
    },
    names: async (db, kind, ids) => {
      switch (kind) {
        case 'seller':
          return directory.names(db, { userIds: ids })
        case 'team':
          return org.placeNames(db, { teamIds: ids })
        case 'office':
          return org.placeNames(db, { officeIds: ids })
        case 'region':
          return org.placeNames(db, { regionIds: ids })
        case 'provider':
          return catalog.providerNames(db, ids)
        case 'product':
          return catalog.productNames(db, ids)
      }
    },
    regionsOfOffices: org.regionsOfOffices,
  })
  const assistantStatsViews = assistantStats(deps, {
    roleOf: directory.roleOf,
    names: directory.names,
    roleChoices: directory.roleChoices,
  })
  return {
    assistant,
    assistantStats: assistantStatsViews,
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
    quality,
    budgets,
    statistics,
    finance,
    game,
  }
}

/** The activity log's names of entities, by the areas that own them (decision 035; issue 41). */
function activityNames(deps: Deps, areas: ReturnType<typeof assembleAreas>): ActivityNames {
  const org = orgRepo(deps.database)
  const { directory, catalog, sales } = areas
  return {
    user: (db, ids) => directory.names(db, { userIds: ids }),
    role: (db, ids) => directory.names(db, { roleIds: ids }),
    team: (db, ids) => org.placeNames(db, { teamIds: ids }),
    office: (db, ids) => org.placeNames(db, { officeIds: ids }),
    region: (db, ids) => org.placeNames(db, { regionIds: ids }),
    provider: (db, ids) => catalog.providerNames(db, ids),
    product: (db, ids) => catalog.productNames(db, ids),
    sale_report: async (db, ids) => {
      const out = new Map<string, string>()
      for (const id of ids) {
        const label = await sales.label(db, id)
        if (label) out.set(id, `${label.customer} · ${label.provider}`)
      }
      return out
    },
  }
}

/** What a person whose terms of use wait for an answer may still call: their session, the terms, and the app's meta. */
const TERMS_OPEN = /^\/api\/(auth\/(me|logout)|terms\/(current|[^/]+\/(accept|decline))|meta|health)$/

function mountApi(app: Hono<AppEnv>, deps: Deps, options: AppOptions) {
  const { env } = deps
  // The terms of use in force gate every session (docs/decisions/039): the auth area asks the terms area.
  const auth = authService(deps.database, {
    sessionTtlMs: env.sessionTtlMs,
    scryptLogN: env.scryptLogN,
    secrets: deps.secrets,
    pendingTerms: (userId) => terms.pendingFor(userId),
    events: deps.events,
    onSessionsEnded: (ended) => deps.realtime.endSessions(ended),
  })
  const areas = assembleAreas(deps, { payHooks: options.payHooks })
  const terms = termsService(deps, {
    roster: (db) => areas.directory.activeRoster(db),
    names: async (db, ids) => areas.directory.names(db, { userIds: ids }),
    onAnswered: (userId) => auth.forgetSessionsOf(userId),
    onPublished: () => auth.forgetCachedSessions(),
  })

  const api = app.basePath('/api')

  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => answerError(c as never, new ApiError(413, 'payload_too_large')),
  })
  // Checklist uploads are the one kind of request with a larger body (a photo or a PDF, up to 10 MB).
  const limitFile = bodyLimit({
    maxSize: CHECKLIST_MAX_BYTES,
    onError: (c) => answerError(c as never, new ApiError(413, 'payload_too_large')),
  })
  // An order file (CSV or XLSX) is read whole into the back office: up to its kind's limit; a users import's CSV too.
  const limitOrderFile = bodyLimit({
    maxSize: FILE_KINDS.order_import.maxBytes,
    onError: (c) => answerError(c as never, new ApiError(413, 'payload_too_large')),
  })
  const checkOrigin = csrfProtection(env.appOrigins, env.nodeEnv !== 'production')
  const gzipLargeJson = compressJson()

  // One middleware for what every API request needs (each extra middleware layer costs throughput):
  // language, headers, large-JSON compression, then for requests with a body the size limit and the
  // CSRF check, then the session.
  api.use(async (c, next) => {
    const lang = languageOf(requestHeader(c, 'accept-language'))
    c.set('lang', lang)
    c.set('t', TRANSLATORS[lang])
    c.set('auth', null)
    c.header('Cache-Control', 'no-store')
    c.header('X-Content-Type-Options', 'nosniff')
    // Maintenance: everything but health and meta answers 503; devices keep their changes and retry later.
    if (env.maintenance && c.req.path !== '/api/health' && c.req.path !== '/api/meta') {
      c.res = answerError(c, new ApiError(503, 'maintenance', { headers: { 'Retry-After': '300' } }))
      return
    }
    // A control character in the address (`/api/users/%00`, `?q=a%00b`): refused for every route, also one that
    // reads a parameter by hand; bodies and validated parts are checked by validate() (shared/schemas/input-safety).
    if (FORBIDDEN_CONTROL_ENCODED.test(c.req.url)) {
      c.res = answerError(c, validationError(fieldError('_', c.var.t('validation.controlCharacter'))))
      return
    }
    const withSession = async () => {
      const token = readSessionToken(c)
      if (token) {
        const found = await auth.authenticate(token)
        if (found) {
          c.set('auth', found.auth)
          c.header('X-Session-Rev', found.auth.rev)
          if (found.renewedUntil) writeSessionCookie(c, token, found.renewedUntil, env.trustProxy)
          // Terms of use not yet accepted: only what answering them needs (docs/decisions/039).
          if (found.auth.termsPending && !TERMS_OPEN.test(c.req.path)) {
            c.res = answerError(c, new ApiError(403, 'terms_not_accepted'))
            return
          }
          const admin = found.auth.impersonator
          // An admin acting as a user: every log line the request writes names both (docs/decisions/037).
          if (admin) return runAsImpersonation({ userId: found.auth.userData.id, impersonatorId: admin.id }, next)
        }
      }
      await next()
    }
    // Looking at a GET's body would build a full Request object: only requests that carry one are measured.
    const guarded = async () => {
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return withSession()
      // Called by hand, so an answer of theirs (413) is put in place here, as Hono's compose would.
      const limit = c.req.path.startsWith('/api/sync/files/')
        ? limitFile
        : c.req.path === '/api/order-imports' || c.req.path === '/api/users/import'
          ? limitOrderFile
          : limitBody
      const refused = await limit(c, async () => {
        await checkOrigin(c, withSession)
      })
      if (refused) c.res = refused
    }
    await gzipLargeJson(c, guarded)
  })

  const routes = api
    .route('/', systemRoutes(deps))
    .route('/auth', authRoutes(deps, auth))
    .route('/', usersRoutes(deps, auth, { providers: (db) => areas.catalog.providerList(db) }))
    .route('/', orgRoutes(deps, { onRulesChanged: () => auth.forgetCachedSessions(), providers: (db) => areas.catalog.providerList(db) }))
    .route('/', catalogRoutes(deps, areas.catalogKeeping))
    .route('/', customersRoutes(areas.customers))
    .route('/', profileRoutes(deps, auth))
    .route(
      '/',
      termsRoutes(terms, {
        answerFor: (userId) => auth.sessionAnswerFor(userId),
        end: async (c, sessionId) => {
          await auth.logout(sessionId)
          clearSessionCookie(c)
        },
      }),
    )
    .route('/', notificationsRoutes(deps, areas.notifications))
    .route('/', realtimeRoutes(deps))
    .route('/', salesRoutes(deps))
    .route('/', saleReportsRoutes(deps, areas.sales))
    .route('/', ordersRoutes(deps, areas.orders))
    .route('/', timeReportsRoutes(areas.timeAdmin))
    .route('/', qualityRoutes(deps, areas.quality))
    .route('/', budgetsRoutes(areas.budgets))
    .route('/', statisticsRoutes(areas.statistics))
    .route('/', financeRoutes(areas.finance))
    .route('/', gameRoutes(areas.game))
    .route('/', assistantRoutes(areas.assistant, areas.assistantStats))
    .route('/', payRoutes(deps, areas.pay, areas.exportsOfPay))
    .route('/', mailRoutes(deps))
    .route('/', activityRoutes(deps, activityNames(deps, areas)))
    .route(
      '/',
      searchRoutes(
        searchService({
          customer: (ability, q, limit, translate) => areas.customers.search(ability, q, limit, translate),
          saleReport: (ability, q, limit, translate) => areas.sales.search(ability, q, limit, translate),
          order: (ability, q, limit) => areas.orders.search(ability, q, limit),
          person: (ability, q, limit) => areas.directory.search(deps.database.db, ability, q, limit),
        }),
      ),
    )
    .route('/', filesRoutes(deps))
    .route('/', syncRoutes(deps, areas.sync, options.syncHooks))

  // An /api path no route matched is a JSON 404, never the SPA.
  api.all('*', (c) => answerError(c, new ApiError(404, 'not_found')))
  return routes
}

export type ApiType = ReturnType<typeof mountApi>

/** `syncHooks` and `payHooks` are test seams (fault injection in the sync queue, in an export); production passes none. */
export type AppOptions = { syncHooks?: SyncHooks; payHooks?: PayExportHooks }

/** The whole server: the API under /api and the built SPA for everything else. */
export function createApp(deps: Deps, options: AppOptions = {}) {
  const app = new Hono<AppEnv>()
  // Document and asset headers; the API sets its own (nosniff, no-store) and skips this per-request cost.
  const documentHeaders = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    crossOriginEmbedderPolicy: false,
    // Agrees with frame-ancestors 'none' (browsers without CSP level 2 read this one).
    xFrameOptions: 'DENY',
    // Only what the app uses: the camera for checklist photos, fullscreen; everything else off for every frame.
    permissionsPolicy: {
      camera: ['self'],
      fullscreen: ['self'],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
      serial: [],
      bluetooth: [],
      hid: [],
      midi: [],
      displayCapture: [],
      browsingTopics: [],
      accelerometer: [],
      gyroscope: [],
      magnetometer: [],
    },
  })
  if (deps.env.logRequests) {
    app.use(async (c, next) => {
      const started = performance.now()
      await next()
      console.log(`${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`)
    })
  }
  mountApi(app, deps, options)
  app.onError((err, c) => {
    if (!c.req.path.startsWith('/api/')) {
      console.error(`${c.req.method} ${c.req.path} failed:`, err)
      return c.text('Server error', 500)
    }
    if (err instanceof ApiError) return answerError(c, err)
    console.error(`[api] ${c.req.method} ${c.req.path} failed:`, err)
    return answerError(c, new ApiError(500, 'server_error'))
  })

  const root = path.relative(process.cwd(), deps.env.staticDir) || '.'
  const indexFile = path.join(deps.env.staticDir, 'index.html')
  app.use('*', documentHeaders)
  // Assets are compressed at build time (scripts/precompress.ts) and served as .br / .gz when accepted.
  app.use(
    '/assets/*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  )
  app.use('*', serveStatic({ root, precompressed: true, onFound: (_path, c) => c.header('Cache-Control', 'no-cache') }))
  // Every other GET is a client route: answer the SPA's index, which routes on the device. It is kept in
  // memory and read again when the build changes it (at most one stat a second), so a rebuild under a
  // running server never serves an index whose chunks are gone.
  let index: { html: string; mtimeMs: number; checkedAt: number; byRoute: Map<string, string>; preloads: Record<string, string[]> } | null = null
  // The app's meta (demo, maintenance, version) travels in the index as a JSON data block (not a script the
  // CSP would refuse), so the first screen needs no round trip for it; `<` is escaped so it cannot close the tag.
  const metaBlock = `<script type="application/json" id="sk-meta">${JSON.stringify(appMetaOf(deps.env)).replace(/</g, '\\u003c')}</script>`
  const withMeta = (html: string) => html.replace('</head>', `${metaBlock}</head>`)
  const readPreloads = (): Record<string, string[]> => {
    try {
      return JSON.parse(fs.readFileSync(path.join(deps.env.staticDir, 'route-preloads.json'), 'utf8')) as Record<string, string[]>
    } catch {
      return {}
    }
  }
  app.get('*', (c) => {
    const now = Date.now()
    if (!index || now - index.checkedAt > 1000) {
      const stat = fs.statSync(indexFile, { throwIfNoEntry: false })
      if (!stat) return c.text('The client is not built. Run `npm run build` (or `npm run app`, which builds and starts).', 503)
      if (!index || stat.mtimeMs !== index.mtimeMs) {
        index = { html: withMeta(fs.readFileSync(indexFile, 'utf8')), mtimeMs: stat.mtimeMs, checkedAt: now, byRoute: new Map(), preloads: readPreloads() }
      } else index.checkedAt = now
    }
    c.header('Cache-Control', 'no-cache')
    // The route's own chunks (layout, screen) and stylesheets start downloading with the entry instead of after it.
    const route = matchRoutePath(c.req.path)
    if (!route) return c.html(index.html)
    let html = index.byRoute.get(route.name)
    if (html === undefined) {
      const links = (index.preloads[route.name] ?? [])
        .map((href) => (href.endsWith('.css') ? `<link rel="stylesheet" crossorigin href="${href}">` : `<link rel="modulepreload" crossorigin href="${href}">`))
        .join('')
      html = links ? index.html.replace('</head>', `${links}</head>`) : index.html
      index.byRoute.set(route.name, html)
    }
    return c.html(html)
  })
  return app
}

/** Runs `fn` at most once per `ms`, at the end of the wait (a burst of calls is one); a failure is only logged. */
function throttled(ms: number, fn: () => Promise<unknown>): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null
  return () => {
    if (timer) return
    timer = setTimeout(() => {
      timer = null
      fn().catch((err: unknown) => console.error('[realtime] poke failed:', err instanceof Error ? err.message : err))
    }, ms)
    timer.unref?.()
  }
}
