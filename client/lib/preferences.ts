import { useSyncExternalStore } from 'react'
import { applyPreferenceChange, loaderColors, readPreferences, resolveColorScheme, type Preferences } from '../../shared/preferences'
import { readCookie, writeCookie } from './cookies'

/**
 * This browser's preferences: read from cookies at start, written back on every change, and applied to
 * the document (colour scheme class, skin, primary colour) so every screen follows them live.
 */

const darkQuery = window.matchMedia('(prefers-color-scheme: dark)')
let current: Preferences = readPreferences(readCookie)
const listeners = new Set<() => void>()

function apply(p: Preferences) {
  const scheme = resolveColorScheme(p.theme, darkQuery.matches)
  const root = document.documentElement
  root.classList.toggle('dark', scheme === 'dark')
  root.classList.toggle('light', scheme === 'light')
  root.style.colorScheme = scheme
  root.dataset.skin = p.skin
  root.style.setProperty('--sk-primary', p.primaryColor)
  const loader = loaderColors(scheme, p.primaryColor)
  writeCookie('color-scheme', scheme)
  writeCookie('initial-loader-bg', loader.bg)
  writeCookie('initial-loader-color', loader.color)
}

function persist(p: Preferences) {
  for (const [key, value] of Object.entries(p)) writeCookie(key, String(value))
}

apply(current)
// "System" follows the OS while the app is open.
darkQuery.addEventListener('change', () => {
  apply(current)
  listeners.forEach((l) => l())
})

export function getPreferences(): Preferences {
  return current
}

export function setPreferences(change: Partial<Preferences>) {
  current = applyPreferenceChange(current, change)
  persist(current)
  apply(current)
  listeners.forEach((l) => l())
}

export function usePreferences(): Preferences {
  return useSyncExternalStore((l) => {
    listeners.add(l)
    return () => listeners.delete(l)
  }, getPreferences)
}

/** The colour scheme in force now (system resolved). */
export function useColorScheme(): 'light' | 'dark' {
  const p = usePreferences()
  return resolveColorScheme(p.theme, darkQuery.matches)
}
