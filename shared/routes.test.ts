import { describe, expect, it } from 'vitest'
import { CATALOGS } from './i18n'
import { isKnownPermission } from './permissions/catalogue'
import { ROUTES, matchRoutePath, pathFor } from './routes'

/** Routes the spec does not list but its users need (docs/decisions/011, 025, 045, 070, 071). */
const ADDED: Array<[string, string | null]> = [
  ['/sales/time-report', 'create time_reports'],
  ['/sales/sick-notice', 'create sicknotices'],
  ['/sales/sync', 'create sales'],
  ['/sales/promises', 'create sales'],
  ['/maintenance', null],
  ['/user-admin/mail-outbox', 'manage all'],
  ['/backoffice/double-sales', 'view sale_reports'],
  ['/user-admin/activity-log', 'view activity_log'],
  // A customer's own answer to a quality survey (issue 18): no sign-in.
  ['/survey/:token', null],
  // Monthly budgets of offices, teams and sellers (issue 19, decision 047).
  ['/dashboards/sales/budgets', 'view budgets'],
  // Order statistics (issue 19, decision 048).
  ['/dashboards/sales/orders', 'view sale_reports'],
  // A candidate's page, and the candidate's own pages behind a link (issue 44, decision 070).
  ['/backoffice/onboarding/candidates/:id', 'view candidates'],
  ['/candidate/:token', null],
  ['/candidate/:token/sign', null],
  // A scheduled message's editor and history (issue 45, decision 071).
  ['/backoffice/scheduledmessages/:id', 'view scheduled_messages'],
  // A device's page (issue 46, decision 072).
  ['/backoffice/devices/:id', 'view devices'],
  ['/backoffice/sellertranscriptions/:id', 'view seller_transcriptions'],
  // The organisation's identity providers (issue 74, decision 093).
  ['/user-admin/identity-providers', 'view identity_providers'],
  // Written offers after a telesales call, and the customer's page behind a link (issue 75, decision 094).
  ['/backoffice/offers', 'view sale_reports'],
  ['/offer/:token', null],
  // The do-not-contact register (issue 75, decision 096).
  ['/backoffice/contact-blocks', 'view contact_blocks'],
  // The office screen and the list of screens (issue 76, decision 101).
  ['/tv', null],
  ['/user-admin/displays', 'view displays'],
  ['/feed', 'view salesflow'],
]

/** Every route of spec section 2 with the permission the spec's table (section 6) gives it. */
const SPEC: Array<[string, string | null]> = [
  ['/login', null],
  ['/not-authorized', null],
  ['/start', null],
  ['/backoffice/absenceexport', 'view absenceexport'],
  ['/backoffice/controlling/maps', 'view controlling'],
  ['/backoffice/controlling/runs', 'view controlling'],
  ['/backoffice/customers', 'view customers'],
  ['/backoffice/customers/:id', 'view customers'],
  ['/backoffice/deviations', 'view sale_reports'],
  ['/backoffice/deviations/:id', 'view sale_reports'],
  ['/backoffice/devices', 'view devices'],
  ['/backoffice/downloads', 'view downloads'],
  ['/backoffice/finance/profitability-legacy', 'view finance_profitability_legacy'],
  ['/backoffice/finance/profitability-managers', 'view finance_profitability_managers'],
  ['/backoffice/finance/profitability-providers', 'view finance_profitability_providers'],
  ['/backoffice/finance/profitability-sellers', 'view finance_profitability_sellers'],
  ['/backoffice/finance/profitability-teams', 'view finance_profitability_teams'],
  ['/backoffice/onboarding/candidates', 'view candidates'],
  ['/backoffice/ordermanagement', 'view order_registrations'],
  ['/backoffice/ordermanagement/:id', 'view order_registrations'],
  ['/backoffice/paycodes', 'view paycodes'],
  ['/backoffice/products', 'view products'],
  ['/backoffice/products/:id', 'view products'],
  ['/backoffice/providers', 'view providers'],
  ['/backoffice/providers/:id', 'view providers'],
  ['/backoffice/salequality/statistics/all', 'view sale_quality_surveys'],
  ['/backoffice/salequality/statistics/grades', 'view sale_quality_surveys'],
  ['/backoffice/salequality/statistics/monthly', 'view sale_quality_surveys'],
  ['/backoffice/salequality/statistics/sellers', 'view sale_quality_surveys'],
  ['/backoffice/salequality/surveys', 'view sale_quality_surveys'],
  ['/backoffice/salequality/templates', 'view sale_quality_templates'],
  ['/backoffice/salereports', 'view sale_reports'],
  ['/backoffice/salereports/:id', 'view sale_reports'],
  ['/backoffice/scheduledmessages', 'view scheduled_messages'],
  ['/backoffice/sellertranscriptions', 'view seller_transcriptions'],
  ['/backoffice/sicknotices', 'view sicknotices'],
  ['/backoffice/timereports', 'view time_reports'],
  ['/backoffice/timereports/:id', 'view time_reports'],
  ['/dashboards/sales/coach', 'view dashboard_sales'],
  ['/dashboards/sales/manager', 'view offices'],
  ['/dashboards/sales/seller', 'view dashboard_sales'],
  ['/guides/categories-and-guides-and-roles', 'admin embeds'],
  ['/guides/dashboard', 'view embeds'],
  ['/guides/dashboard/:id', 'view embeds'],
  ['/guides/guide-categories', 'admin embeds'],
  ['/guides/guide-management', 'admin embeds'],
  ['/guides/users-embeds', 'admin embeds'],
  ['/keyai', 'view chat'],
  ['/keyai/business-intelligence', 'view business_intelligence'],
  ['/keyai/stats', 'view stats'],
  ['/keyai/stats/:id', 'view stats'],
  ['/sales/list', 'view sales'],
  ['/sales/:id', 'view sales'],
  ['/sales/create', 'create sales'],
  ['/sales/daily-checkout', 'create sales'],
  ['/sales/salary-calculator', 'view sales_salary_calculator'],
  ['/sales-flow', 'view salesflow'],
  ['/sales-flow/admin', 'view salesflow_admin'],
  ['/sales-flow/badges', 'view salesflow'],
  ['/sales-flow/competitions', 'view salesflow'],
  ['/sales-flow/leaderboards', 'view salesflow'],
  ['/sales-flow/level', 'view salesflow'],
  ['/sales-flow/rewards', 'view salesflow'],
  ['/tools/lead-pts-transform', 'view tool_pts_transform'],
  ['/tools/sales-planner', 'view sales_planner'],
  ['/tools/sales-planner-legacy', 'view sales_planner'],
  ['/user-admin/coach-groups', 'view coach_groups'],
  ['/user-admin/coach-groups/provider', 'view coach_groups'],
  ['/user-admin/external-accounts', 'view external_account_templates'],
  ['/user-admin/management/former', 'view users'],
  ['/user-admin/management/new', 'view users'],
  ['/user-admin/offices', 'view offices'],
  ['/user-admin/offices/:id', 'view offices'],
  ['/user-admin/oph', 'view teams'],
  ['/user-admin/regions', 'view regions'],
  ['/user-admin/regions/:id', 'view regions'],
  ['/user-admin/roles', 'view roles'],
  ['/user-admin/teams', 'view teams'],
  ['/user-admin/teams/:id', 'view teams'],
  ['/user-admin/terms-of-use', 'view terms_of_use'],
  ['/user-admin/user-titles', 'view titles'],
  ['/user-admin/users', 'view users'],
  ['/user-admin/users/:id', 'view users'],
  ['/user-admin/users/deviations', 'view users'],
  ['/user-admin/users/notifications', 'view users'],
  ['/users/profile', 'view profile'],
]

describe('route table', () => {
  it.each([...SPEC, ...ADDED])('%s is registered and needs %s', (path, permission) => {
    const route = ROUTES.find((r) => r.path === path)
    expect(route, path).toBeDefined()
    const meta = route!.meta as { action?: string; subject?: string; public?: boolean; unauthenticatedOnly?: boolean }
    if (permission === null) expect(meta.public || meta.unauthenticatedOnly).toBe(true)
    else expect(`${meta.action} ${meta.subject}`).toBe(permission)
  })

  it('has the index, the catch-all and nothing the spec does not list', () => {
    const paths = ROUTES.map((r) => r.path)
    expect(paths).toContain('/')
    expect(paths).toContain('*')
    expect(paths.filter((p) => p !== '/' && p !== '*').sort()).toEqual([...SPEC, ...ADDED].map(([p]) => p).sort())
  })

  it('has unique names and paths', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length)
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length)
  })

  it('names only permissions of the catalogue', () => {
    for (const r of ROUTES) {
      const meta = r.meta as { action?: string; subject?: string }
      if (meta.action) expect(isKnownPermission(meta.action, meta.subject!), r.name).toBe(true)
    }
  })

  it('points navActiveLink at existing routes', () => {
    const names = new Set<string>(ROUTES.map((r) => r.name))
    for (const r of ROUTES) {
      const link = (r.meta as { navActiveLink?: string }).navActiveLink
      if (link) expect(names.has(link), `${r.name} → ${link}`).toBe(true)
    }
  })

  it('gives every route a title in every language', () => {
    for (const [lang, catalog] of Object.entries(CATALOGS)) {
      for (const r of ROUTES) expect((catalog.routes as Record<string, string>)[r.name], `${lang}: ${r.name}`).toBeTruthy()
    }
  })

  it('builds paths from names', () => {
    expect(pathFor('backoffice-products-id', { id: 'a b' })).toBe('/backoffice/products/a%20b')
  })
})

describe('docs/screens.md', () => {
  it('is the table the route table generates', async () => {
    const fs = await import('node:fs')
    const { renderScreensTable } = await import('./screens-doc')
    const doc = fs.readFileSync(new URL('../docs/screens.md', import.meta.url), 'utf8')
    expect(doc).toContain(renderScreensTable())
  })
})

describe('matchRoutePath', () => {
  it.each([
    ['/', 'index'],
    ['/login', 'login'],
    ['/sales/create', 'sales-create'],
    ['/sales/2b1c', 'sales-id'],
    ['/sales/list/', 'sales-list'],
    ['/user-admin/users/7', 'user-admin-users-id'],
    ['/no/such/page', 'not-found'],
  ])('%s opens %s', (path, name) => {
    expect(matchRoutePath(path)?.name).toBe(name)
  })
})
