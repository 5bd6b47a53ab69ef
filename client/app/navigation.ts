import type { ActionOrManage, SubjectOrAll } from '../../shared/permissions/catalogue'
import { routeByName, type RouteName } from '../../shared/routes'

/**
 * The one navigation definition. A leaf is a route (its permission is the route's);
 * a parent shows only when it is allowed and at least one child is allowed.
 */
export type NavItem = {
  /** i18n key of the label */
  title: string
  to?: RouteName
  action?: ActionOrManage
  subject?: SubjectOrAll
  /**
   * A permission the menu asks for on top of the route's own: a screen made for one kind of user (the seller's
   * own dashboard) stays out of the menus of others who may technically open it (coaches, managers).
   */
  alsoNeeds?: { action: ActionOrManage; subject: SubjectOrAll }
  children?: NavItem[]
}

/** Screens made for sellers: in a menu only for those who sell. */
const FOR_SELLERS: Partial<Record<RouteName, NavItem['alsoNeeds']>> = {
  'dashboards-sales-seller': { action: 'create', subject: 'sales' },
  // The coach dashboard shows teams: in the menus of those who may view some.
  'dashboards-sales-coach': { action: 'view', subject: 'teams' },
}

const leaf = (to: RouteName): NavItem => ({ title: `routes.${to}`, to, alsoNeeds: FOR_SELLERS[to] })
const group = (key: string, ...to: RouteName[]): NavItem => ({ title: `nav.groups.${key}`, children: to.map(leaf) })

export const NAVIGATION: NavItem[] = [
  group('dashboards', 'dashboards-sales-seller', 'dashboards-sales-coach', 'dashboards-sales-manager', 'dashboards-sales-orders', 'dashboards-sales-budgets'),
  group(
    'sales',
    'sales-create',
    'sales-list',
    'sales-promises',
    'sales-daily-checkout',
    'sales-time-report',
    'sales-sick-notice',
    'sales-salary-calculator',
    'sales-sync',
  ),
  group(
    'salesFlow',
    'sales-flow',
    'feed',
    'sales-flow-level',
    'sales-flow-badges',
    'sales-flow-competitions',
    'sales-flow-leaderboards',
    'sales-flow-rewards',
    'sales-flow-admin',
  ),
  group(
    'backoffice',
    'backoffice-salereports',
    'backoffice-ordermanagement',
    'backoffice-deviations',
    'backoffice-double-sales',
    'backoffice-timereports',
    'backoffice-sicknotices',
    'backoffice-absenceexport',
    'backoffice-customers',
    'backoffice-products',
    'backoffice-providers',
    'backoffice-devices',
    'backoffice-paycodes',
    'backoffice-scheduledmessages',
    'backoffice-sellertranscriptions',
    'backoffice-offers',
    'backoffice-contact-blocks',
    'backoffice-downloads',
    'backoffice-onboarding-candidates',
    'backoffice-controlling-maps',
    'backoffice-controlling-runs',
  ),
  group(
    'finance',
    'backoffice-finance-profitability-teams',
    'backoffice-finance-profitability-sellers',
    'backoffice-finance-profitability-managers',
    'backoffice-finance-profitability-providers',
    'backoffice-finance-profitability-legacy',
  ),
  group(
    'saleQuality',
    'backoffice-salequality-statistics-all',
    'backoffice-salequality-statistics-monthly',
    'backoffice-salequality-statistics-grades',
    'backoffice-salequality-statistics-sellers',
    'backoffice-salequality-surveys',
    'backoffice-salequality-templates',
  ),
  group('keyai', 'keyai', 'keyai-business-intelligence', 'keyai-stats'),
  group('guides', 'guides-dashboard', 'guides-guide-management', 'guides-guide-categories', 'guides-categories-and-guides-and-roles', 'guides-users-embeds'),
  group('tools', 'tools-sales-planner', 'tools-sales-planner-legacy', 'tools-lead-pts-transform'),
  group(
    'userAdmin',
    'user-admin-users',
    'user-admin-mail-outbox',
    'user-admin-management-new',
    'user-admin-management-former',
    'user-admin-teams',
    'user-admin-offices',
    'user-admin-regions',
    'user-admin-roles',
    'user-admin-activity-log',
    'user-admin-user-titles',
    'user-admin-terms-of-use',
    'user-admin-coach-groups',
    'user-admin-coach-groups-provider',
    'user-admin-external-accounts',
    'user-admin-identity-providers',
    'user-admin-oph',
    'user-admin-displays',
    'user-admin-users-notifications',
    'user-admin-users-deviations',
  ),
]

type Can = (action: ActionOrManage, subject: SubjectOrAll) => boolean

function itemAllowed(item: NavItem, can: Can): boolean {
  if (item.alsoNeeds && !can(item.alsoNeeds.action, item.alsoNeeds.subject)) return false
  if (item.to) {
    const meta = routeByName(item.to).meta
    if (meta.public || meta.unauthenticatedOnly) return true
    return !!meta.action && !!meta.subject && can(meta.action, meta.subject)
  }
  // A parent without a permission of its own is allowed; its children decide.
  return !item.action || !item.subject || can(item.action, item.subject)
}

/** The items this user may see: allowed leaves, and parents with at least one allowed child. */
export function visibleNavigation(items: NavItem[], can: Can): NavItem[] {
  return items.flatMap((item) => {
    if (!item.children) return itemAllowed(item, can) ? [item] : []
    if (!itemAllowed(item, can)) return []
    const children = visibleNavigation(item.children, can)
    return children.length > 0 ? [{ ...item, children }] : []
  })
}

/** Whether an item is active: its route is matched, it is in the highlight list, or it is the route's navActiveLink. */
export function isNavItemActive(item: NavItem, matchedNames: string[], navActiveLink?: string, highlight: string[] = []): boolean {
  if (item.children) return item.children.some((child) => isNavItemActive(child, matchedNames, navActiveLink, highlight))
  if (!item.to) return false
  return matchedNames.includes(item.to) || highlight.includes(item.to) || navActiveLink === item.to
}

/** Each role's home, in the order a user without their role's home falls back through (issue 12). */
const HOMES: ReadonlyArray<readonly [role: string, home: RouteName]> = [
  ['seller', 'dashboards-sales-seller'],
  ['coach', 'dashboards-sales-coach'],
  ['manager', 'dashboards-sales-manager'],
  ['backoffice', 'backoffice-salereports'],
  ['recruiter', 'backoffice-onboarding-candidates'],
  ['admin', 'user-admin-users'],
]

const built = (name: RouteName) => routeByName(name).plannedIn === undefined
const opens = (name: RouteName, can: Can) => built(name) && itemAllowed({ title: '', to: name, alsoNeeds: FOR_SELLERS[name] }, can)

/**
 * Where a user's day starts (docs/decisions/017): their role's home when they may open it and it is built,
 * else the first home of the list they may open that is built; null when there is none (the start page).
 */
export function homeRoute(role: string | null | undefined, can: Can): RouteName | null {
  const own = HOMES.find(([r]) => r === role)?.[1]
  if (own && opens(own, can)) return own
  return HOMES.map(([, home]) => home).find((home) => opens(home, can)) ?? null
}
