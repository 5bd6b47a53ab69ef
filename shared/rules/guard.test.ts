import { describe, expect, it } from 'vitest'
import { buildAbility, toRawRules, type AppRawRule } from '../permissions/ability'
import { ROLE_KEYS, roleDef } from '../permissions/roles'
import { ROUTES, routeByName, type RouteMeta, type RouteName } from '../routes'
import { afterLoginTarget, decideNavigation, isAppPath, type GuardDecision, type GuardInput } from './guard'

const sellerRules: AppRawRule[] = [
  { action: 'view', subject: 'sales', conditions: { sellerId: 'u1' } },
  { action: 'create', subject: 'sales' },
]

type Row = {
  rule: string
  route: RouteName
  pathname: string
  search?: string
  user: { role?: string | null } | null
  rules?: AppRawRule[]
  home?: string
  expected: GuardDecision
}

const allow: GuardDecision = { type: 'allow' }
const to = (path: string): GuardDecision => ({ type: 'redirect', to: path })

const rows: Row[] = [
  { rule: 'index with a role and no home → start', route: 'index', pathname: '/', user: { role: 'seller' }, expected: to('/start') },
  {
    rule: 'index with a role and a home → the home',
    route: 'index',
    pathname: '/',
    user: { role: 'coach' },
    home: '/dashboards/sales/coach',
    expected: to('/dashboards/sales/coach'),
  },
  { rule: 'index without user data → login, query kept', route: 'index', pathname: '/', search: '?a=1&b=2', user: null, expected: to('/login?a=1&b=2') },
  { rule: 'index with user data but no role → login', route: 'index', pathname: '/', user: { role: null }, expected: to('/login') },
  { rule: 'public route, visitor → allowed', route: 'not-authorized', pathname: '/not-authorized', user: null, expected: allow },
  { rule: 'public route, signed in → allowed', route: 'start', pathname: '/start', user: { role: 'seller' }, expected: allow },
  { rule: 'catch-all not-found is public', route: 'not-found', pathname: '/nope', user: null, expected: allow },
  { rule: 'unauthenticated-only, visitor → allowed', route: 'login', pathname: '/login', user: null, expected: allow },
  { rule: 'unauthenticated-only, signed in → /', route: 'login', pathname: '/login', user: { role: 'seller' }, expected: to('/') },
  { rule: 'permitted route → allowed', route: 'sales-create', pathname: '/sales/create', user: { role: 'seller' }, rules: sellerRules, expected: allow },
  {
    rule: 'conditional rule still opens the route',
    route: 'sales-list',
    pathname: '/sales/list',
    user: { role: 'seller' },
    rules: sellerRules,
    expected: allow,
  },
  {
    rule: 'not permitted, signed in → not-authorized',
    route: 'backoffice-products',
    pathname: '/backoffice/products',
    user: { role: 'seller' },
    rules: sellerRules,
    expected: to('/not-authorized'),
  },
  {
    rule: 'not permitted, visitor → login with query kept and to',
    route: 'backoffice-products',
    pathname: '/backoffice/products',
    search: '?x=1',
    user: null,
    expected: to('/login?x=1&to=/backoffice/products'),
  },
  {
    rule: 'visitor, an old "to" in the query is replaced',
    route: 'sales-list',
    pathname: '/sales/list',
    search: '?to=/evil&page=2',
    user: null,
    expected: to('/login?page=2&to=/sales/list'),
  },
  {
    rule: 'visitor on a detail route keeps the concrete path',
    route: 'backoffice-products-id',
    pathname: '/backoffice/products/abc-123',
    user: null,
    expected: to('/login?to=/backoffice/products/abc-123'),
  },
  {
    rule: 'manage all opens every guarded route',
    route: 'user-admin-roles',
    pathname: '/user-admin/roles',
    user: { role: 'admin' },
    rules: [{ action: 'manage', subject: 'all' }],
    expected: allow,
  },
  {
    rule: 'an inverted rule closes the route',
    route: 'user-admin-roles',
    pathname: '/user-admin/roles',
    user: { role: 'admin' },
    rules: [
      { action: 'manage', subject: 'all' },
      { action: 'view', subject: 'roles', inverted: true },
    ],
    expected: to('/not-authorized'),
  },
]

describe('navigation guard (spec section 2)', () => {
  it.each(rows)('$rule', (row) => {
    const ability = buildAbility(row.rules ?? [])
    const decision = decideNavigation({
      route: routeByName(row.route),
      pathname: row.pathname,
      search: row.search ?? '',
      userData: row.user,
      home: row.home,
      can: (action, subject) => ability.can(action, subject),
    })
    expect(decision).toEqual(row.expected)
  })
})

describe('after sign-in', () => {
  it.each([
    ['?x=1&to=/backoffice/products', '/backoffice/products?x=1'],
    ['?to=/sales/list', '/sales/list'],
    ['', '/'],
    ['?to=https://evil.example', '/'],
    ['?to=//evil.example/x', '/'],
    ['?to=/\\evil.example', '/'],
    ['?to=%2F%09%2Fevil.example', '/'],
  ])('%s → %s', (search, expected) => {
    expect(afterLoginTarget(search)).toBe(expected)
  })

  // Issue 68 Q9: what a browser resolves to another site is no path of the app, wherever the app takes one.
  it.each([
    ['/', true],
    ['/sales/new?x=1', true],
    ['//evil.example', false],
    ['/\\evil.example/login', false],
    ['/\t/evil.example', false],
    ['https://evil.example', false],
    ['sales', false],
  ])('%s is a path of the app: %s', (path, expected) => {
    expect(isAppPath(path)).toBe(expected)
  })
})

/**
 * Each seeded role × each guarded route of the route table: the route opens exactly when the role table gives
 * the role its permission, and otherwise leads to not-authorized; a visitor is sent to the login with the way
 * back. (The browser's permission matrix, e2e/auth/permission-matrix.spec.ts, opens every route a role may open
 * and a refusal of each; the server's session answer is checked against the role table in
 * server/app.access.test.ts.)
 */
describe('the role table × the route table', () => {
  const guarded = ROUTES.filter((r) => 'action' in r.meta)
  /** A concrete path: a detail route's id is a sample one. */
  const pathOf = (route: (typeof ROUTES)[number]) => route.path.replace(':id', 'demo-1')
  const decide = (route: (typeof ROUTES)[number], user: { role: string } | null, can: GuardInput['can']) =>
    decideNavigation({ route: route as { name: string; meta: RouteMeta }, pathname: pathOf(route), search: '?q=1', userData: user, can })

  it('walks every guarded route', () => {
    expect(guarded.length).toBeGreaterThan(50)
  })

  it.each(ROLE_KEYS.map((role) => [role]))('%s', (role) => {
    const ability = buildAbility(toRawRules(roleDef(role).rules, { user: { id: 'x', teamIds: [], officeId: null, regionId: null } }))
    const opened: string[] = []
    for (const route of guarded) {
      const meta = route.meta as { action: never; subject: never }
      const expected: GuardDecision = ability.can(meta.action, meta.subject) ? allow : to('/not-authorized')
      expect(
        decide(route, { role }, (a, s) => ability.can(a, s)),
        `${role} → ${pathOf(route)}`,
      ).toEqual(expected)
      if (expected === allow) opened.push(route.name)
    }
    expect(opened.length > 0 || role === 'recruiter').toBe(true)
  })

  it('a visitor: every guarded route leads to the login, with the query kept and the way back', () => {
    for (const route of guarded)
      expect(
        decide(route, null, () => false),
        pathOf(route),
      ).toEqual(to(`/login?q=1&to=${pathOf(route)}`))
  })
})
