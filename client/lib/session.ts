import { useSyncExternalStore } from 'react'
import { buildAbility } from '../../shared/permissions/ability'
import { followRules, getUserData, storedRules, subscribeSession } from './user-data'

export { RULES_KEY, USER_DATA_KEY, clearSession, getUserData, setSession, useUserData } from './user-data'

/**
 * What the signed-in user may do: the ability built from the stored rules (`user-data.ts`), updated whenever
 * they change. Loaded with the router, not with the login (the permission library is not needed to sign in).
 */
export const ability = buildAbility(storedRules())
followRules((rules) => ability.update(rules))

/** Re-renders when the rules change, so `ability.can` in render stays current. */
export function useAbility() {
  useSyncExternalStore(subscribeSession, getUserData)
  return ability
}
