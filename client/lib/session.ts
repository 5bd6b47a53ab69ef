import { useSyncExternalStore } from 'react'
import { buildAbility, type AppRawRule } from '../../shared/permissions/ability'
import type { SessionAnswer, UserData } from '../../shared/schemas/auth'

/**
 * The signed-in state of this browser: `userData` and `userAbilityRules` in localStorage (spec section 3),
 * loaded at start and replaced whenever permissions are set. "Signed in" means user data exists.
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
export const ability = buildAbility(read<AppRawRule[]>(RULES_KEY) ?? [])

const listeners = new Set<() => void>()
const notify = () => listeners.forEach((l) => l())

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
  ability.update(answer.userAbilityRules)
  notify()
}

export function clearSession() {
  userData = null
  localStorage.removeItem('sessionRev')
  localStorage.removeItem(USER_DATA_KEY)
  localStorage.removeItem(RULES_KEY)
  ability.update([])
  notify()
}

// Another tab signed in or out: follow it.
window.addEventListener('storage', (e) => {
  if (e.key !== USER_DATA_KEY && e.key !== RULES_KEY && e.key !== null) return
  userData = read<UserData>(USER_DATA_KEY)
  ability.update(read<AppRawRule[]>(RULES_KEY) ?? [])
  notify()
})

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useUserData(): UserData | null {
  return useSyncExternalStore(subscribe, getUserData)
}

/** Re-renders when the rules change, so `ability.can` in render stays current. */
export function useAbility() {
  useSyncExternalStore(subscribe, getUserData)
  return ability
}
