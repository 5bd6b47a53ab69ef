import { buildAbility, toRawRules } from '../shared/permissions/ability'
import { roleDef, type RoleKey } from '../shared/permissions/roles'
import { ROUTES } from '../shared/routes'

/** The routes of the route table a permission guards. */
export const guarded = ROUTES.filter((r) => 'action' in r.meta)
export type GuardedRoute = (typeof guarded)[number]

const ctx = { user: { id: 'x', teamIds: [], officeId: null, regionId: null } }
/** A seeded role's ability as the role table gives it. */
export const abilityOf = (role: RoleKey) => buildAbility(toRawRules(roleDef(role).rules, ctx))

/** Whether the role table lets the role open the route. */
export function opens(role: RoleKey, route: GuardedRoute): boolean {
  const meta = route.meta as { action: never; subject: never }
  return abilityOf(role).can(meta.action, meta.subject)
}

/** Who draws a screen at phone size in the phone walk: the first of these that may open it (its everyday user). */
const WALKERS: RoleKey[] = ['seller', 'coach', 'manager', 'backoffice', 'admin']
export const phoneWalker = (route: GuardedRoute): RoleKey | undefined => WALKERS.find((role) => opens(role, route))
export { WALKERS }

/** A concrete path for the route: a detail route's id is a sample one. */
export const pathOf = (route: GuardedRoute) => route.path.replace(':id', 'demo-1')
