import { useSyncExternalStore } from 'react'
import type { AppRawRule } from '../../shared/permissions/ability'
import type { SessionAnswer, UserData } from '../../shared/schemas/auth'
import { forgetHomeSnapshot } from './home-snapshot'

/**
 * The signed-in state of this browser: `userData` and `userAbilityRules` in localStorage (spec section 3),
 * loaded at start and replaced whenever permissions are set. "Signed in" means user data exists.
 * The permission checks built from the rules live in `session.ts` (the ability): the login starts without
 * them, so this module holds only the stored data and tells whoever builds on the rules when they change.
 */
export const USER_DATA_KEY = 'userData'
export const RULES_KEY = 'userAbilityRules'

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key)
    return raw ? (JSON.parse(raw) as T) : null
  } catch {
    return null
  }
}

let userData: UserData | null = read<UserData>(USER_DATA_KEY)

/** The rules as stored now (none when signed out or unreadable). */
export const storedRules = (): AppRawRule[] => read<AppRawRule[]>(RULES_KEY) ?? []

const listeners = new Set<() => void>()
const rulesFollowers = new Set<(rules: AppRawRule[]) => void>()
/** Told the new rules before anyone re-renders, so checks made in that render are current. */
export function followRules(follower: (rules: AppRawRule[]) => void) {
  rulesFollowers.add(follower)
}
const changed = (rules: AppRawRule[]) => {
  for (const follow of rulesFollowers) follow(rules)
  for (const listener of listeners) listener()
}

export function getUserData(): UserData | null {
  return userData
}

export function setSession(answer: SessionAnswer) {
  const data = JSON.stringify(answer.userData)
  const rules = JSON.stringify(answer.userAbilityRules)
  // The refresh at start usually brings what is stored already: then nothing re-renders (the whole shell
  // depends on the user and the rules, and a slow phone would redraw it for nothing).
  if (userData && data === localStorage.getItem(USER_DATA_KEY) && rules === localStorage.getItem(RULES_KEY)) return
  userData = answer.userData
  localStorage.setItem(USER_DATA_KEY, data)
  localStorage.setItem(RULES_KEY, rules)
  changed(answer.userAbilityRules)
}

export function clearSession() {
  userData = null
  forgetHomeSnapshot()
  localStorage.removeItem('sessionRev')
  localStorage.removeItem(USER_DATA_KEY)
  localStorage.removeItem(RULES_KEY)
  changed([])
}

// Another tab signed in or out: follow it.
window.addEventListener('storage', (e) => {
  if (e.key !== USER_DATA_KEY && e.key !== RULES_KEY && e.key !== null) return
  userData = read<UserData>(USER_DATA_KEY)
  changed(storedRules())
})

/** Subscribes to sign-in, sign-out and changed rules (for `useSyncExternalStore`). */
export function subscribeSession(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useUserData(): UserData | null {
  return useSyncExternalStore(subscribeSession, getUserData)
}
