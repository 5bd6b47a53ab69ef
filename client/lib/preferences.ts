import { useSyncExternalStore } from 'react'
import { applyPreferenceChange, fieldShade, loaderColors, readPreferences, resolveLook, type Preferences, type SystemLook } from '../../shared/preferences'
import { readCookie, writeCookie } from './cookies'
import { noteAppliedLook } from './home-snapshot'

/**
 * This browser's preferences: read from cookies at start, written back on every change, and applied to
 * the document (colour scheme class, skin, primary colour) so every screen follows them live.
 */

const darkQuery = window.matchMedia('(prefers-color-scheme: dark)')
const contrastQuery = window.matchMedia('(prefers-contrast: more)')
/**
 * What the system asks for, read once and then kept from the queries' change events. Never read from `.matches` while
 * drawing: Chromium re-evaluates a query when `.matches` is read, and a change read that way is not announced by an
 * event any more, so a screen that redraws often (the map) swallowed the switch to dark before the listener below saw it.
 */
const systemLook: SystemLook = { prefersDark: darkQuery.matches, prefersMoreContrast: contrastQuery.matches }
const system = () => systemLook
let current: Preferences = readPreferences(readCookie)
const listeners = new Set<() => void>()

function apply(p: Preferences) {
  const { scheme, field } = resolveLook(p, system())
  const root = document.documentElement
  root.classList.toggle('dark', scheme === 'dark')
  root.classList.toggle('light', scheme === 'light')
  root.style.colorScheme = scheme
  root.dataset.skin = p.skin
  // Field mode's palette (client/app/field-mode.ts) hangs on this attribute; its primary colour is the chosen one, darker.
  root.dataset.field = field ? 'on' : 'off'
  const primary = field ? fieldShade(p.primaryColor) : p.primaryColor
  root.style.setProperty('--sk-primary', primary)
  const loader = loaderColors(scheme, primary)
  writeCookie('color-scheme', scheme)
  writeCookie('initial-loader-bg', loader.bg)
  writeCookie('initial-loader-color', loader.color)
  // The picture of the home kept for the next start is of this look (docs/decisions/092).
  noteAppliedLook()
}

function persist(p: Preferences) {
  for (const [key, value] of Object.entries(p)) writeCookie(key, String(value))
}

apply(current)
// "System" follows the OS while the app is open: its dark scheme, and its "increase contrast" for field mode.
for (const [query, key] of [
  [darkQuery, 'prefersDark'],
  [contrastQuery, 'prefersMoreContrast'],
] as const)
  query.addEventListener('change', (event) => {
    systemLook[key] = event.matches
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

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function usePreferences(): Preferences {
  return useSyncExternalStore(subscribe, getPreferences)
}

/**
 * The look in force now (the system resolved): the colour scheme, and whether field mode is on. Its own snapshot (a
 * string, equal while the look is), so a change of the system's setting redraws the screens that read the look
 * (charts, map markers) and nothing else.
 */
export function useLook(): { scheme: 'light' | 'dark'; field: boolean } {
  const look = useSyncExternalStore(subscribe, () => {
    const { scheme, field } = resolveLook(current, system())
    return `${scheme}${field ? ' field' : ''}`
  })
  return { scheme: look.startsWith('dark') ? 'dark' : 'light', field: look.endsWith(' field') }
}

/** The colour scheme in force now (the system resolved; field mode is light). */
export function useColorScheme(): 'light' | 'dark' {
  return useLook().scheme
}
