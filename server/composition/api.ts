import type { Hono } from 'hono'
import type { AppEnv } from '../lib/context'
import { ApiError, answerError } from '../lib/errors'
import type { SyncHooks } from '../lib/sync-contract'
import type { Deps } from '../platform/deps'
import { activityRoutes } from '../modules/activity/activity.routes'
import type { ActivityNames } from '../modules/activity/activity.service'
import { assistantRoutes } from '../modules/assistant/assistant.routes'
import { authRoutes, clearSessionCookie } from '../modules/auth/auth.routes'
import { identityProviderRoutes, ssoRoutes } from '../modules/auth/sso.routes'
import { sellerAccounts } from '../modules/users/users.onboarding'
import { authService } from '../modules/auth/auth.service'
import { budgetsRoutes } from '../modules/budgets/budgets.routes'
import { catalogRoutes } from '../modules/catalog/catalog.routes'
import { customersRoutes } from '../modules/customers/customers.routes'
import { devicesRoutes } from '../modules/devices/devices.routes'
import { fieldRoutes } from '../modules/field/field.routes'
import { leadsRoutes } from '../modules/leads/leads.routes'
import { transcriptionsRoutes } from '../modules/transcriptions/transcriptions.routes'
import { downloadsRoutes } from '../modules/downloads/downloads.routes'
import { filesRoutes } from '../modules/files/files.routes'
import { financeRoutes } from '../modules/finance/finance.routes'
import { gameRoutes } from '../modules/game/game.routes'
import { guidesRoutes } from '../modules/guides/guides.routes'
import { providerListQuerySchema } from '../../shared/schemas/catalog'
import { candidatesPublicRoutes } from '../modules/candidates/candidates.public-routes'
import { candidatesRoutes } from '../modules/candidates/candidates.routes'
import { mailRoutes } from '../modules/mail/mail.routes'
import { notificationsRoutes } from '../modules/notifications/notifications.routes'
import { ordersRoutes } from '../modules/orders/orders.routes'
import { orgRoutes } from '../modules/org/org.routes'
import type { PayExportHooks } from '../modules/pay/pay.exports'
import type { MessageHooks } from '../modules/scheduled-messages/scheduled-messages.context'
import { payRoutes } from '../modules/pay/pay.routes'
import { profileRoutes } from '../modules/profile/profile.routes'
import { qualityRoutes } from '../modules/quality/quality.routes'
import { realtimeRoutes } from '../modules/realtime/realtime.routes'
import { saleReportsRoutes } from '../modules/sales/sale-reports.routes'
import { offersRoutes } from '../modules/offers/offers.routes'
import { displaysRoutes } from '../modules/displays/displays.routes'
import { feedRoutes } from '../modules/feed/feed.routes'
import { salesRoutes } from '../modules/sales/sales.routes'
import { scheduledMessagesRoutes } from '../modules/scheduled-messages/scheduled-messages.routes'
import { searchRoutes } from '../modules/search/search.routes'
import { searchService } from '../modules/search/search.service'
import { statisticsRoutes } from '../modules/statistics/statistics.routes'
import { syncRoutes } from '../modules/sync/sync.routes'
import { systemRoutes } from '../modules/system/system.routes'
import { termsRoutes } from '../modules/terms/terms.routes'
import { termsService } from '../modules/terms/terms.service'
import { timeReportsRoutes } from '../modules/time-reports/time-reports.routes'
import { usersRoutes } from '../modules/users/users.routes'
import { apiMiddleware } from './api-middleware'
import { assembleAreas, type Areas } from './areas'

/** `syncHooks`, `payHooks` and `messageHooks` are test seams (fault injection in the sync queue, an export, a message's send); production passes none. */
export type AppOptions = { syncHooks?: SyncHooks; payHooks?: PayExportHooks; messageHooks?: MessageHooks }

/** The activity log's names of entities, by the areas that own them (decision 035). */
function activityNames(areas: Areas): ActivityNames {
  const { directory, org, catalog, sales, guides, candidates, scheduledMessages, devices, field } = areas
  return {
    user: (db, ids) => directory.places.names(db, { userIds: ids }),
    role: (db, ids) => directory.places.names(db, { roleIds: ids }),
    team: (db, ids) => org.placeNames(db, { teamIds: ids }),
    office: (db, ids) => org.placeNames(db, { officeIds: ids }),
    region: (db, ids) => org.placeNames(db, { regionIds: ids }),
    provider: catalog.providerNames,
    product: catalog.productNames,
    sale_report: sales.forOthers.logNames,
    guide: guides.logNames.guide,
    guide_category: guides.logNames.category,
    embed: guides.logNames.embed,
    candidate: candidates.logNames,
    scheduledMessage: scheduledMessages.records.logNames,
    device: devices.logNames,
    field_run: field.logNames,
  }
}

/**
 * The API on the root app under /api (basePath, not a mounted sub-app: a mounted app with its own error handler
 * wraps every route in one more composition per request): the sessions and the terms of use that gate them, the
 * areas, one middleware, and every area's routes in one chain so `ApiType` has them.
 */
export function mountApi(app: Hono<AppEnv>, deps: Deps, options: AppOptions) {
  const { env } = deps
  // The terms of use in force gate every session (docs/decisions/039): the auth area asks the terms area.
  const auth = authService(deps.database, {
    sessionTtlMs: env.sessionTtlMs,
    stepUpMs: env.stepUpMs,
    envProviders: env.ssoProviders,
    scryptLogN: env.scryptLogN,
    secrets: deps.secrets,
    pendingTerms: (userId) => terms.answers.pendingFor(userId),
    events: deps.events,
    onSessionsEnded: (ended) => deps.realtime.endSessions(ended),
    createAccount: sellerAccounts(deps.database).createFromIdentity,
    setAccountRole: sellerAccounts(deps.database).setRoleFromIdentity,
  })
  const areas = assembleAreas(deps, {
    payHooks: options.payHooks,
    messageHooks: options.messageHooks,
    endSessions: (tx, ids) => auth.sessions.endSessions(tx, ids),
  })
  const terms = termsService(deps, {
    roster: (db) => areas.directory.people.activeRoster(db),
    names: async (db, ids) => areas.directory.places.names(db, { userIds: ids }),
    onAnswered: (userId) => auth.sessions.forgetSessionsOf(userId),
    onPublished: () => auth.sessions.forgetCachedSessions(),
  })
  const search = searchService({
    customer: (ability, q, limit, translate) => areas.customers.reads.search(ability, q, limit, translate),
    saleReport: (ability, q, limit, translate) => areas.sales.reportReads.search(ability, q, limit, translate),
    sale: (ability, q, limit, translate) => areas.sales.reportReads.searchOwn(ability, q, limit, translate),
    area: (_ability, q, limit) => areas.field.planning.searchAreas(q, limit),
    order: (ability, q, limit) => areas.orders.search(ability, q, limit),
    person: (ability, q, limit) => areas.directory.people.search(deps.database.db, ability, q, limit),
    provider: async (_ability, q, limit, t) => {
      const found = await areas.catalogKeeping.providers.listProviders(providerListQuerySchema.parse({ q, itemsPerPage: '10' }))
      return {
        hits: found.items.slice(0, limit).map((p) => ({
          kind: 'provider' as const,
          id: p.id,
          title: p.name,
          details: [t(`catalog.providerTypes.${p.type}`), t('search.products', { count: p.productCount })],
        })),
        more: found.items.length > limit,
      }
    },
    guide: (_ability, q, limit, _t, reader) =>
      areas.guides.reading.searchTitles({ id: reader.id, ability: reader.ability, language: reader.language }, q, limit),
  })
  const providers = (db: Parameters<typeof areas.catalog.providerList>[0]) => areas.catalog.providerList(db)

  const api = app.basePath('/api')
  api.use(apiMiddleware(env, auth))
  const routes = api
    .route('/', systemRoutes(deps))
    .route('/auth', authRoutes(deps, auth))
    .route('/auth/sso', ssoRoutes(deps, auth.sso))
    .route('/', identityProviderRoutes(auth.sso))
    .route('/', usersRoutes(deps, auth, { providers }))
    .route('/', orgRoutes(deps, { onRulesChanged: () => auth.sessions.forgetCachedSessions(), providers }))
    .route('/', catalogRoutes(deps, areas.catalogKeeping))
    .route('/', customersRoutes(areas.customers))
    .route('/', profileRoutes(deps, auth))
    .route(
      '/',
      termsRoutes(terms, {
        answerFor: (userId) => auth.signIn.sessionAnswerFor(userId),
        end: async (c, sessionId) => {
          await auth.sessions.logout(sessionId)
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
    .route('/', guidesRoutes(areas.guides, deps.files))
    .route('/', candidatesRoutes(deps, areas.candidates))
    .route('/', candidatesPublicRoutes(deps, areas.candidates))
    .route('/', scheduledMessagesRoutes(areas.scheduledMessages))
    .route('/', devicesRoutes(deps, areas.devices))
    .route('/', fieldRoutes(areas.field))
    .route('/', leadsRoutes(deps, areas.leads))
    .route('/', transcriptionsRoutes(deps, areas.transcriptions))
    .route('/', offersRoutes(deps, areas.offers))
    .route('/', displaysRoutes(deps, areas.displays))
    .route('/', feedRoutes(areas.feed, deps.files))
    .route('/', downloadsRoutes(deps, { names: areas.directory.places.names }))
    .route('/', assistantRoutes(areas.assistant, areas.assistantStats))
    .route('/', payRoutes(deps, areas.pay, areas.exportsOfPay))
    .route('/', mailRoutes(deps))
    .route('/', activityRoutes(deps, activityNames(areas)))
    .route('/', searchRoutes(search))
    .route('/', filesRoutes(deps))
    .route('/', syncRoutes(deps, areas.sync, options.syncHooks))

  // An /api path no route matched is a JSON 404, never the SPA.
  api.all('*', (c) => answerError(c, new ApiError(404, 'not_found')))
  // The pages' frames may show the embeds' allowed hosts (docs/decisions/069).
  return { routes, sources: { frames: areas.guides.embeds.frameSources, maps: areas.field.basemap.mapSources } }
}

export type ApiType = ReturnType<typeof mountApi>['routes']
