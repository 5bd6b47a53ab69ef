import type { RouteName } from '../../shared/routes'

/**
 * The navbar's shortcuts: screens the user jumps to often, editable by them, kept per browser and user in
 * localStorage (like the other per-browser preferences). Only screens the user may open are ever shown.
 */
export const MAX_SHORTCUTS = 8

/** What a new user starts with: the first of these they may open. */
const SUGGESTED: RouteName[] = [
  'sales-create',
  'sales-daily-checkout',
  'sales-time-report',
  'sales-list',
  'dashboards-sales-coach',
  'dashboards-sales-manager',
  'backoffice-salereports',
  'backoffice-deviations',
  'backoffice-onboarding-candidates',
  'user-admin-users',
  'user-admin-teams',
  'users-profile',
]

const key = (userId: string) => `shortcuts:${userId}`

export function defaultShortcuts(allowed: readonly RouteName[]): RouteName[] {
  return SUGGESTED.filter((name) => allowed.includes(name)).slice(0, 4)
}

/** The user's shortcuts that they may still open, or the defaults when they never chose. */
export function loadShortcuts(storage: Pick<Storage, 'getItem'>, userId: string, allowed: readonly RouteName[]): RouteName[] {
  try {
    const raw = storage.getItem(key(userId))
    if (raw === null) return defaultShortcuts(allowed)
    const saved = JSON.parse(raw) as unknown
    if (!Array.isArray(saved)) return defaultShortcuts(allowed)
    return saved.filter((n): n is RouteName => typeof n === 'string' && allowed.includes(n as RouteName)).slice(0, MAX_SHORTCUTS)
  } catch {
    return defaultShortcuts(allowed)
  }
}

export function saveShortcuts(storage: Pick<Storage, 'setItem'>, userId: string, names: readonly RouteName[]) {
  storage.setItem(key(userId), JSON.stringify([...new Set(names)].slice(0, MAX_SHORTCUTS)))
}
