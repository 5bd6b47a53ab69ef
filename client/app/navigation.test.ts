import { describe, expect, it } from 'vitest'
import { buildAbility, toRawRules } from '../../shared/permissions/ability'
import { roleDef } from '../../shared/permissions/roles'
import { ROUTES } from '../../shared/routes'
import { NAVIGATION, homeRoute, isNavItemActive, visibleNavigation, type NavItem } from './navigation'

const ctx = { user: { id: 'u', teamIds: [], officeId: null, regionId: null } }
const canFor = (role: Parameters<typeof roleDef>[0]) => {
  const ability = buildAbility(toRawRules(roleDef(role).rules, ctx))
  return (a: Parameters<typeof ability.can>[0], s: Parameters<typeof ability.can>[1]) => ability.can(a, s)
}
const leaves = (items: NavItem[]): string[] => items.flatMap((i) => (i.children ? leaves(i.children) : i.to ? [i.to] : []))

describe('navigation', () => {
  it('links every guarded list route that has no parameter', () => {
    const linked = new Set(leaves(NAVIGATION))
    const expected = ROUTES.filter((r) => !r.path.includes(':') && 'action' in r.meta && r.name !== 'users-profile').map((r) => r.name)
    for (const name of expected) expect(linked.has(name), name).toBe(true)
  })

  it('shows a seller their sales and hides back office and admin', () => {
    const seller = leaves(visibleNavigation(NAVIGATION, canFor('seller')))
    expect(seller).toContain('sales-create')
    expect(seller).toContain('sales-daily-checkout')
    expect(seller.some((n) => n.startsWith('backoffice-'))).toBe(false)
    expect(seller.some((n) => n.startsWith('user-admin-'))).toBe(false)
  })

  it('drops a parent whose children are all forbidden', () => {
    const recruiter = visibleNavigation(NAVIGATION, canFor('recruiter'))
    expect(recruiter.map((g) => g.title)).toEqual(['nav.groups.backoffice', 'nav.groups.guides'])
    expect(recruiter[0]!.children!.map((c) => c.to)).toEqual(['backoffice-onboarding-candidates'])
  })

  it('shows an admin everything', () => {
    expect(leaves(visibleNavigation(NAVIGATION, canFor('admin')))).toEqual(leaves(NAVIGATION))
  })

  it('marks an item active by matched name, highlight list or navActiveLink', () => {
    const item: NavItem = { title: 'x', to: 'backoffice-products' }
    expect(isNavItemActive(item, ['backoffice-products'])).toBe(true)
    expect(isNavItemActive(item, ['backoffice-products-id'], 'backoffice-products')).toBe(true)
    expect(isNavItemActive(item, ['start'], undefined, ['backoffice-products'])).toBe(true)
    expect(isNavItemActive(item, ['backoffice-providers'])).toBe(false)
  })
})

describe('where each role lands (decision 017)', () => {
  // Built today: the seller's, the coach's and the manager's dashboards, the sale reports, the candidates and the users list.
  it.each([
    ['seller', 'dashboards-sales-seller'],
    ['coach', 'dashboards-sales-coach'],
    ['manager', 'dashboards-sales-manager'],
    ['backoffice', 'backoffice-salereports'],
    ['recruiter', 'backoffice-onboarding-candidates'],
    ['admin', 'user-admin-users'],
  ] as const)('%s → %s', (role, home) => {
    expect(homeRoute(role, canFor(role))).toBe(home)
  })

  it('a role’s own home wins when it is built and allowed; a planned one is passed over', () => {
    expect(homeRoute('admin', canFor('admin'))).toBe('user-admin-users')
    expect(homeRoute('unknown-role', canFor('admin'))).toBe('dashboards-sales-seller')
  })

  it('offers the coach dashboard only to those who may view teams', () => {
    expect(leaves(visibleNavigation(NAVIGATION, canFor('coach')))).toContain('dashboards-sales-coach')
    expect(leaves(visibleNavigation(NAVIGATION, canFor('seller')))).not.toContain('dashboards-sales-coach')
  })

  it('keeps the seller’s own dashboard out of the menus of coaches and managers', () => {
    for (const role of ['coach', 'manager'] as const) {
      expect(leaves(visibleNavigation(NAVIGATION, canFor(role)))).not.toContain('dashboards-sales-seller')
    }
    expect(leaves(visibleNavigation(NAVIGATION, canFor('seller')))).toContain('dashboards-sales-seller')
  })
})
