import type { ActionOrManage, SubjectOrAll } from './permissions/catalogue'
import type { AreaNamespace } from './i18n/namespaces'

/**
 * The route table: every route of the spec (section 2) with its name and meta.
 * The client maps each name to a lazily loaded screen; the guard (shared/rules/guard.ts) reads the meta.
 * A route's title is the i18n key `routes.<name>`.
 */

export type Layout = 'blank' | 'empty' | 'default' | 'fixed-height'

export type RouteMeta = {
  public?: boolean
  unauthenticatedOnly?: boolean
  layout?: Layout
  action?: ActionOrManage
  subject?: SubjectOrAll
  /** the name of the nav item to mark active while this route is open */
  navActiveLink?: string
  /**
   * drawn with plain elements and its own stylesheet, outside the layouts and the component library, so its
   * first visit starts fast (the login; docs/decisions/014)
   */
  plain?: boolean
  /**
   * the translation namespaces the screen needs besides `core` (shared/i18n/namespaces.ts), loaded before it
   * renders; screens in the signed-in layout always have `sales` (the app bar's sync status)
   */
  namespaces?: AreaNamespace[]
}

/** Every namespace a route's screen renders with, besides `core`. */
export function routeNamespaces(meta: RouteMeta): AreaNamespace[] {
  const own = meta.namespaces ?? []
  return meta.layout ? own : [...new Set<AreaNamespace>(['sales', ...own])]
}

export type AppRoute = {
  path: string
  name: string
  meta: RouteMeta
  /** the issue that builds the screen ('later': not yet filed); absent once the screen is built */
  plannedIn?: number | 'later'
}

const view = (subject: SubjectOrAll, extra: RouteMeta = {}): RouteMeta => ({ action: 'view', subject, ...extra })

export const ROUTES = [
  // General
  { path: '/', name: 'index', meta: {} },
  // The spec lists /login as public; it is unauthenticated-only so a signed-in user is sent on (docs/decisions/002).
  { path: '/login', name: 'login', meta: { unauthenticatedOnly: true, layout: 'blank', plain: true } },
  { path: '/not-authorized', name: 'not-authorized', meta: { public: true, layout: 'blank' } },
  { path: '/start', name: 'start', meta: { public: true, layout: 'empty' } },
  // The maintenance page of the spec's template pages (docs/decisions/012).
  { path: '/maintenance', name: 'maintenance', meta: { public: true, layout: 'blank' } },
  // A customer's own answer to a quality survey, reached by a link or a QR code (docs/decisions/045): no sign-in.
  { path: '/survey/:token', name: 'survey-token', meta: { public: true, layout: 'blank', namespaces: ['quality'] } },
  // A candidate's own pages (docs/decisions/070): their details, and a contract to sign; a token, no account.
  { path: '/candidate/:token', name: 'candidate-token', meta: { public: true, layout: 'blank', namespaces: ['candidates'] } },
  { path: '/candidate/:token/sign', name: 'candidate-token-sign', meta: { public: true, layout: 'blank', namespaces: ['candidates'] } },
  // A customer's written offer after a telesales call (docs/decisions/094): read it, accept or decline; no sign-in.
  { path: '/offer/:token', name: 'offer-token', meta: { public: true, layout: 'blank', namespaces: ['offers'] } },
  // The office screen (docs/decisions/101): a kiosk shows its pairing code, then what it was paired to show; no sign-in.
  { path: '/tv', name: 'tv', meta: { public: true, layout: 'blank', namespaces: ['displays'] } },

  // Back office
  { path: '/backoffice/absenceexport', name: 'backoffice-absenceexport', meta: view('absenceexport', { namespaces: ['pay'] }) },
  { path: '/backoffice/controlling/maps', name: 'backoffice-controlling-maps', meta: view('controlling', { namespaces: ['field', 'sales'] }) },
  { path: '/backoffice/controlling/runs', name: 'backoffice-controlling-runs', meta: view('controlling', { namespaces: ['field'] }) },
  { path: '/backoffice/customers', name: 'backoffice-customers', meta: view('customers', { namespaces: ['catalog', 'customers'] }) },
  // The do-not-contact register (docs/decisions/096).
  { path: '/backoffice/contact-blocks', name: 'backoffice-contact-blocks', meta: view('contact_blocks', { namespaces: ['customers'] }) },
  {
    path: '/backoffice/customers/:id',
    name: 'backoffice-customers-id',
    meta: view('customers', { navActiveLink: 'backoffice-customers', namespaces: ['catalog', 'customers'] }),
  },
  { path: '/backoffice/deviations', name: 'backoffice-deviations', meta: view('sale_reports', { namespaces: ['sales'] }) },
  {
    path: '/backoffice/deviations/:id',
    name: 'backoffice-deviations-id',
    meta: view('sale_reports', { navActiveLink: 'backoffice-deviations', namespaces: ['sales'] }),
  },
  // Not in the spec's route list: its "Double sales listing" (section 2) as a screen of its own (docs/decisions/025).
  { path: '/backoffice/double-sales', name: 'backoffice-double-sales', meta: view('sale_reports', { namespaces: ['sales'] }) },
  { path: '/backoffice/devices', name: 'backoffice-devices', meta: view('devices', { namespaces: ['devices'] }) },
  // A device's page: what it is, its alerts, the lost mark and its history (issue 46, decision 072).
  { path: '/backoffice/devices/:id', name: 'backoffice-devices-id', meta: view('devices', { navActiveLink: 'backoffice-devices', namespaces: ['devices'] }) },
  { path: '/backoffice/downloads', name: 'backoffice-downloads', meta: view('downloads', { namespaces: ['downloads'] }) },
  {
    path: '/backoffice/finance/profitability-legacy',
    name: 'backoffice-finance-profitability-legacy',
    meta: view('finance_profitability_legacy', { namespaces: ['finance', 'statistics'] }),
  },
  {
    path: '/backoffice/finance/profitability-managers',
    name: 'backoffice-finance-profitability-managers',
    meta: view('finance_profitability_managers', { namespaces: ['finance', 'statistics'] }),
  },
  {
    path: '/backoffice/finance/profitability-providers',
    name: 'backoffice-finance-profitability-providers',
    meta: view('finance_profitability_providers', { namespaces: ['finance', 'statistics'] }),
  },
  {
    path: '/backoffice/finance/profitability-sellers',
    name: 'backoffice-finance-profitability-sellers',
    meta: view('finance_profitability_sellers', { namespaces: ['finance', 'statistics'] }),
  },
  {
    path: '/backoffice/finance/profitability-teams',
    name: 'backoffice-finance-profitability-teams',
    meta: view('finance_profitability_teams', { namespaces: ['finance', 'statistics'] }),
  },
  { path: '/backoffice/onboarding/candidates', name: 'backoffice-onboarding-candidates', meta: view('candidates', { namespaces: ['candidates'] }) },
  {
    path: '/backoffice/onboarding/candidates/:id',
    name: 'backoffice-onboarding-candidates-id',
    meta: view('candidates', { navActiveLink: 'backoffice-onboarding-candidates', namespaces: ['candidates'] }),
  },
  { path: '/backoffice/ordermanagement', name: 'backoffice-ordermanagement', meta: view('order_registrations', { namespaces: ['sales', 'orders'] }) },
  {
    path: '/backoffice/ordermanagement/:id',
    name: 'backoffice-ordermanagement-id',
    meta: view('order_registrations', { navActiveLink: 'backoffice-ordermanagement', namespaces: ['sales', 'orders'] }),
  },
  // Its tabs hold the extra income and the payroll export (docs/decisions/029).
  { path: '/backoffice/paycodes', name: 'backoffice-paycodes', meta: view('paycodes', { namespaces: ['pay'] }) },
  // Its tabs hold the spec's "Product Categories" and "Category Commissions" (docs/decisions/027).
  { path: '/backoffice/products', name: 'backoffice-products', meta: view('products', { namespaces: ['catalog'] }) },
  {
    path: '/backoffice/products/:id',
    name: 'backoffice-products-id',
    meta: view('products', { navActiveLink: 'backoffice-products', namespaces: ['catalog'] }),
  },
  { path: '/backoffice/providers', name: 'backoffice-providers', meta: view('providers', { namespaces: ['catalog'] }) },
  {
    path: '/backoffice/providers/:id',
    name: 'backoffice-providers-id',
    meta: view('providers', { navActiveLink: 'backoffice-providers', namespaces: ['catalog'] }),
  },
  {
    path: '/backoffice/salequality/statistics/all',
    name: 'backoffice-salequality-statistics-all',
    meta: view('sale_quality_surveys', { namespaces: ['quality'] }),
  },
  {
    path: '/backoffice/salequality/statistics/grades',
    name: 'backoffice-salequality-statistics-grades',
    meta: view('sale_quality_surveys', { namespaces: ['quality'] }),
  },
  {
    path: '/backoffice/salequality/statistics/monthly',
    name: 'backoffice-salequality-statistics-monthly',
    meta: view('sale_quality_surveys', { namespaces: ['quality'] }),
  },
  {
    path: '/backoffice/salequality/statistics/sellers',
    name: 'backoffice-salequality-statistics-sellers',
    meta: view('sale_quality_surveys', { namespaces: ['quality'] }),
  },
  {
    path: '/backoffice/salequality/surveys',
    name: 'backoffice-salequality-surveys',
    meta: view('sale_quality_surveys', { namespaces: ['quality', 'sales'] }),
  },
  {
    path: '/backoffice/salequality/templates',
    name: 'backoffice-salequality-templates',
    meta: view('sale_quality_templates', { namespaces: ['quality'] }),
  },
  { path: '/backoffice/salereports', name: 'backoffice-salereports', meta: view('sale_reports', { namespaces: ['sales'] }) },
  {
    path: '/backoffice/salereports/:id',
    name: 'backoffice-salereports-id',
    meta: view('sale_reports', { navActiveLink: 'backoffice-salereports', namespaces: ['sales', 'offers'] }),
  },
  { path: '/backoffice/scheduledmessages', name: 'backoffice-scheduledmessages', meta: view('scheduled_messages', { namespaces: ['scheduled-messages'] }) },
  // A message's page: its editor, next sends and history ("new" writes one).
  {
    path: '/backoffice/scheduledmessages/:id',
    name: 'backoffice-scheduledmessages-id',
    meta: view('scheduled_messages', { navActiveLink: 'backoffice-scheduledmessages', namespaces: ['scheduled-messages'] }),
  },
  // Written offers after telesales calls, the answers per provider, and the rules (docs/decisions/094): a screen of
  // those who read sale reports (a seller reads only their own sales' offers, on the sale).
  { path: '/backoffice/offers', name: 'backoffice-offers', meta: view('sale_reports', { namespaces: ['offers'] }) },
  {
    path: '/backoffice/sellertranscriptions',
    name: 'backoffice-sellertranscriptions',
    meta: view('seller_transcriptions', { namespaces: ['transcriptions'] }),
  },
  // A call's page: the recording with its text, the script's checks (docs/decisions/076).
  {
    path: '/backoffice/sellertranscriptions/:id',
    name: 'backoffice-sellertranscriptions-id',
    meta: view('seller_transcriptions', { navActiveLink: 'backoffice-sellertranscriptions', namespaces: ['transcriptions'] }),
  },
  { path: '/backoffice/sicknotices', name: 'backoffice-sicknotices', meta: view('sicknotices', { namespaces: ['pay', 'time-reports'] }) },
  // Its tabs hold the reports and the month's attestation (docs/decisions/029).
  { path: '/backoffice/timereports', name: 'backoffice-timereports', meta: view('time_reports', { namespaces: ['pay', 'time-reports'] }) },
  {
    path: '/backoffice/timereports/:id',
    name: 'backoffice-timereports-id',
    meta: view('time_reports', { navActiveLink: 'backoffice-timereports', namespaces: ['pay', 'time-reports', 'sales'] }),
  },

  // Dashboards
  { path: '/dashboards/sales/coach', name: 'dashboards-sales-coach', meta: view('dashboard_sales', { namespaces: ['statistics'] }) },
  { path: '/dashboards/sales/manager', name: 'dashboards-sales-manager', meta: view('offices', { namespaces: ['statistics'] }) },
  { path: '/dashboards/sales/seller', name: 'dashboards-sales-seller', meta: view('dashboard_sales') },
  // Not in the spec's route table: the monthly budgets of offices, teams and sellers (docs/decisions/047).
  { path: '/dashboards/sales/budgets', name: 'dashboards-sales-budgets', meta: view('budgets', { namespaces: ['budgets'] }) },
  // The spec's "Order statistics" page, known from its labels (docs/decisions/048).
  { path: '/dashboards/sales/orders', name: 'dashboards-sales-orders', meta: view('sale_reports', { namespaces: ['statistics', 'sales'] }) },

  // Guides (docs/decisions/069)
  {
    path: '/guides/categories-and-guides-and-roles',
    name: 'guides-categories-and-guides-and-roles',
    meta: { action: 'admin', subject: 'embeds', namespaces: ['guides'] },
  },
  { path: '/guides/dashboard', name: 'guides-dashboard', meta: view('embeds', { namespaces: ['guides'] }) },
  {
    path: '/guides/dashboard/:id',
    name: 'guides-dashboard-view-guide',
    meta: view('embeds', { navActiveLink: 'guides-dashboard', namespaces: ['guides'] }),
  },
  { path: '/guides/guide-categories', name: 'guides-guide-categories', meta: { action: 'admin', subject: 'embeds', namespaces: ['guides'] } },
  { path: '/guides/guide-management', name: 'guides-guide-management', meta: { action: 'admin', subject: 'embeds', namespaces: ['guides'] } },
  { path: '/guides/users-embeds', name: 'guides-users-embeds', meta: { action: 'admin', subject: 'embeds', namespaces: ['guides'] } },

  // AI assistant
  { path: '/keyai', name: 'keyai', meta: view('chat', { layout: 'fixed-height', namespaces: ['assistant'] }) },
  {
    path: '/keyai/business-intelligence',
    name: 'keyai-business-intelligence',
    meta: view('business_intelligence', { layout: 'fixed-height', namespaces: ['assistant'] }),
  },
  { path: '/keyai/stats', name: 'keyai-stats', meta: view('stats', { namespaces: ['assistant'] }) },
  { path: '/keyai/stats/:id', name: 'keyai-stats-id', meta: view('stats', { navActiveLink: 'keyai-stats', namespaces: ['assistant'] }) },

  // Sales
  { path: '/sales/list', name: 'sales-list', meta: view('sales') },
  { path: '/sales/create', name: 'sales-create', meta: { action: 'create', subject: 'sales' } },
  {
    path: '/sales/daily-checkout',
    name: 'sales-daily-checkout',
    meta: { action: 'create', subject: 'sales' },
  },
  {
    path: '/sales/salary-calculator',
    name: 'sales-salary-calculator',
    meta: view('sales_salary_calculator'),
  },
  // Seller routes the spec does not list (docs/decisions/011): own time reports, sick notice, sync queue.
  { path: '/sales/time-report', name: 'sales-time-report', meta: { action: 'create', subject: 'time_reports' } },
  { path: '/sales/sick-notice', name: 'sales-sick-notice', meta: { action: 'create', subject: 'sicknotices' } },
  { path: '/sales/sync', name: 'sales-sync', meta: { action: 'create', subject: 'sales' } },
  // What the seller promised (docs/decisions/097): come-backs, call-backs, appointments, and the team's queue.
  { path: '/sales/promises', name: 'sales-promises', meta: { action: 'create', subject: 'sales', namespaces: ['field'] } },
  { path: '/sales/:id', name: 'sales-id', meta: view('sales', { navActiveLink: 'sales-list', namespaces: ['offers'] }) },

  // Sales flow (the game)
  { path: '/sales-flow', name: 'sales-flow', meta: view('salesflow', { namespaces: ['game'] }) },
  // The team feed (docs/decisions/102): the office's moments and managers' posts, with reactions and comments.
  { path: '/feed', name: 'feed', meta: view('salesflow', { namespaces: ['feed'] }) },
  { path: '/sales-flow/admin', name: 'sales-flow-admin', meta: view('salesflow_admin', { namespaces: ['game'] }) },
  { path: '/sales-flow/badges', name: 'sales-flow-badges', meta: view('salesflow', { namespaces: ['game'] }) },
  { path: '/sales-flow/competitions', name: 'sales-flow-competitions', meta: view('salesflow', { namespaces: ['game'] }) },
  { path: '/sales-flow/leaderboards', name: 'sales-flow-leaderboards', meta: view('salesflow', { namespaces: ['game'] }) },
  { path: '/sales-flow/level', name: 'sales-flow-level', meta: view('salesflow', { namespaces: ['game'] }) },
  { path: '/sales-flow/rewards', name: 'sales-flow-rewards', meta: view('salesflow', { namespaces: ['game'] }) },

  // Tools
  { path: '/tools/lead-pts-transform', name: 'tools-lead-pts-transform', meta: view('tool_pts_transform', { namespaces: ['leads'] }) },
  { path: '/tools/sales-planner', name: 'tools-sales-planner', meta: view('sales_planner', { namespaces: ['field'] }) },
  { path: '/tools/sales-planner-legacy', name: 'tools-sales-planner-legacy', meta: view('sales_planner', { namespaces: ['field'] }) },

  // User admin
  { path: '/user-admin/coach-groups', name: 'user-admin-coach-groups', meta: view('coach_groups', { namespaces: ['org'] }) },
  {
    path: '/user-admin/coach-groups/provider',
    name: 'user-admin-coach-groups-provider',
    meta: view('coach_groups', { namespaces: ['org'] }),
  },
  {
    path: '/user-admin/external-accounts',
    name: 'user-admin-external-accounts',
    meta: view('external_account_templates', { namespaces: ['users'] }),
  },
  { path: '/user-admin/management/former', name: 'user-admin-management-former', meta: view('users', { namespaces: ['users'] }) },
  { path: '/user-admin/management/new', name: 'user-admin-management-new', meta: view('users', { namespaces: ['users'] }) },
  { path: '/user-admin/offices', name: 'user-admin-offices', meta: view('offices', { namespaces: ['org'] }) },
  {
    path: '/user-admin/offices/:id',
    name: 'user-admin-offices-id',
    meta: view('offices', { navActiveLink: 'user-admin-offices', namespaces: ['org'] }),
  },
  { path: '/user-admin/oph', name: 'user-admin-oph', meta: view('teams', { namespaces: ['org'] }) },
  // The office screens: pairing one by its code, what it shows, revoking it (docs/decisions/101).
  { path: '/user-admin/displays', name: 'user-admin-displays', meta: view('displays', { namespaces: ['displays'] }) },
  { path: '/user-admin/regions', name: 'user-admin-regions', meta: view('regions', { namespaces: ['org'] }) },
  {
    path: '/user-admin/regions/:id',
    name: 'user-admin-regions-id',
    meta: view('regions', { navActiveLink: 'user-admin-regions', namespaces: ['org'] }),
  },
  { path: '/user-admin/roles', name: 'user-admin-roles', meta: view('roles', { namespaces: ['users'] }) },
  // Not in the spec's route table: the organisation's identity providers (issue 74, docs/decisions/093).
  {
    path: '/user-admin/identity-providers',
    name: 'user-admin-identity-providers',
    meta: view('identity_providers', { namespaces: ['users'] }),
  },
  // Not in the spec's route table: the searchable activity log for admins (docs/decisions/035).
  { path: '/user-admin/activity-log', name: 'user-admin-activity-log', meta: view('activity_log', { namespaces: ['activity'] }) },
  { path: '/user-admin/teams', name: 'user-admin-teams', meta: view('teams', { namespaces: ['org'] }) },
  {
    path: '/user-admin/teams/:id',
    name: 'user-admin-teams-id',
    meta: view('teams', { navActiveLink: 'user-admin-teams', namespaces: ['org', 'users'] }),
  },
  { path: '/user-admin/terms-of-use', name: 'user-admin-terms-of-use', meta: view('terms_of_use', { namespaces: ['terms'] }) },
  { path: '/user-admin/user-titles', name: 'user-admin-user-titles', meta: view('titles', { namespaces: ['users'] }) },
  { path: '/user-admin/users', name: 'user-admin-users', meta: view('users', { namespaces: ['users'] }) },
  // Not in the spec: every mail the app sent or kept (docs/decisions/011).
  { path: '/user-admin/mail-outbox', name: 'user-admin-mail-outbox', meta: { action: 'manage', subject: 'all', namespaces: ['mail'] } },
  {
    path: '/user-admin/users/deviations',
    name: 'user-admin-users-deviations',
    // The spec's view users; sending and changing take update users (docs/decisions/031).
    meta: view('users', { navActiveLink: 'user-admin-users', namespaces: ['notifications', 'users'] }),
  },
  {
    path: '/user-admin/users/notifications',
    name: 'user-admin-users-notifications',
    // The spec's view users; sending and changing take update users (docs/decisions/031).
    meta: view('users', { navActiveLink: 'user-admin-users', namespaces: ['notifications', 'users'] }),
  },
  {
    path: '/user-admin/users/:id',
    name: 'user-admin-users-id',
    meta: view('users', { navActiveLink: 'user-admin-users', namespaces: ['org', 'users'] }),
  },

  // Profile
  { path: '/users/profile', name: 'users-profile', meta: view('profile', { namespaces: ['users'] }) },

  // Catch-all: the public not-found page
  { path: '*', name: 'not-found', meta: { public: true, layout: 'blank' } },
] as const satisfies readonly AppRoute[]

export type RouteName = (typeof ROUTES)[number]['name']

const byName = new Map<string, AppRoute>(ROUTES.map((r) => [r.name, r]))

export function routeByName(name: RouteName): AppRoute {
  const r = byName.get(name)
  if (!r) throw new Error(`Unknown route ${name}`)
  return r
}

/** Builds a path from a route's pattern and its params (`:id` → params.id). */
export function pathFor(name: RouteName, params: Record<string, string> = {}): string {
  return routeByName(name).path.replace(/:([a-zA-Z]+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''))
}

/**
 * The route a pathname opens, as the client router would choose it: static segments win over parameters,
 * the catch-all last. Used by the server to preload the route's chunks with the index.
 */
export function matchRoutePath(pathname: string): AppRoute | null {
  const parts = pathname.split('/').filter(Boolean)
  let best: { route: AppRoute; score: number } | null = null
  for (const route of ROUTES as readonly AppRoute[]) {
    if (route.path === '*') continue
    const pattern = route.path.split('/').filter(Boolean)
    if (pattern.length !== parts.length) continue
    let score = 0
    let ok = true
    for (let i = 0; i < pattern.length && ok; i++) {
      if (pattern[i]!.startsWith(':')) continue
      if (pattern[i] === parts[i]) score++
      else ok = false
    }
    if (ok && (!best || score > best.score)) best = { route, score }
  }
  return best?.route ?? (ROUTES as readonly AppRoute[]).find((r) => r.path === '*') ?? null
}
