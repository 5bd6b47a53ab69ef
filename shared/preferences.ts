/**
 * Per-browser preferences (spec sections 3 and 9), kept in cookies whose names are prefixed with the
 * app title, so that index.html can paint the right colours before the bundle loads.
 */

export const COOKIE_PREFIX = 'saljkraft'

export const THEMES = ['light', 'dark', 'system'] as const
export const SKINS = ['default', 'bordered'] as const
export const CONTENT_WIDTHS = ['boxed', 'fluid'] as const
export const NAV_LAYOUTS = ['vertical', 'horizontal'] as const
export const BAR_TYPES = ['sticky', 'static', 'hidden'] as const

export type Theme = (typeof THEMES)[number]
export type Skin = (typeof SKINS)[number]
export type ContentWidth = (typeof CONTENT_WIDTHS)[number]
export type NavLayout = (typeof NAV_LAYOUTS)[number]
export type BarType = (typeof BAR_TYPES)[number]

/**
 * The primary colour choices of the customizer; the first is the default pink. Each keeps white text on it
 * at 4.5:1 or more (WCAG AA), since buttons and badges put white on the primary colour.
 */
export const PRIMARY_COLORS = ['#C2185B', '#5E50EE', '#00796B', '#9A5B00', '#C62828', '#0277BD'] as const

export type Preferences = {
  theme: Theme
  skin: Skin
  primaryColor: string
  isVerticalNavSemiDark: boolean
  isVerticalNavCollapsed: boolean
  appContentLayoutNav: NavLayout
  appContentWidth: ContentWidth
  navbarType: BarType
  isNavbarBlurEnabled: boolean
  footerType: BarType
}

export const DEFAULT_PREFERENCES: Preferences = {
  theme: 'system',
  skin: 'default',
  primaryColor: PRIMARY_COLORS[0],
  isVerticalNavSemiDark: false,
  isVerticalNavCollapsed: false,
  appContentLayoutNav: 'vertical',
  appContentWidth: 'boxed',
  navbarType: 'sticky',
  isNavbarBlurEnabled: true,
  footerType: 'static',
}

const HEX = /^#[0-9a-fA-F]{6}$/

function oneOf<T extends string>(options: readonly T[], value: string | undefined, fallback: T): T {
  return options.includes(value as T) ? (value as T) : fallback
}

function bool(value: string | undefined, fallback: boolean): boolean {
  return value === 'true' ? true : value === 'false' ? false : fallback
}

/** Reads preferences from cookie values by name (without the prefix); anything unknown falls back to the default. */
export function readPreferences(get: (name: string) => string | undefined): Preferences {
  const d = DEFAULT_PREFERENCES
  const color = get('primaryColor')
  return {
    theme: oneOf(THEMES, get('theme'), d.theme),
    skin: oneOf(SKINS, get('skin'), d.skin),
    primaryColor: color && HEX.test(color) ? color : d.primaryColor,
    isVerticalNavSemiDark: bool(get('isVerticalNavSemiDark'), d.isVerticalNavSemiDark),
    isVerticalNavCollapsed: bool(get('isVerticalNavCollapsed'), d.isVerticalNavCollapsed),
    appContentLayoutNav: oneOf(NAV_LAYOUTS, get('appContentLayoutNav'), d.appContentLayoutNav),
    appContentWidth: oneOf(CONTENT_WIDTHS, get('appContentWidth'), d.appContentWidth),
    navbarType: oneOf(BAR_TYPES, get('navbarType'), d.navbarType),
    isNavbarBlurEnabled: bool(get('isNavbarBlurEnabled'), d.isNavbarBlurEnabled),
    footerType: oneOf(BAR_TYPES, get('footerType'), d.footerType),
  }
}

/**
 * The state rules of spec section 4: switching to the horizontal layout makes a hidden navbar sticky
 * and expands a collapsed vertical nav.
 */
export function applyPreferenceChange(current: Preferences, change: Partial<Preferences>): Preferences {
  const next = { ...current, ...change }
  if (change.appContentLayoutNav === 'horizontal' && current.appContentLayoutNav !== 'horizontal') {
    if (next.navbarType === 'hidden') next.navbarType = 'sticky'
    next.isVerticalNavCollapsed = false
  }
  if (!HEX.test(next.primaryColor)) next.primaryColor = current.primaryColor
  return next
}

/** The colour scheme a theme resolves to, given whether the system prefers dark. */
export function resolveColorScheme(theme: Theme, systemPrefersDark: boolean): 'light' | 'dark' {
  return theme === 'system' ? (systemPrefersDark ? 'dark' : 'light') : theme
}

/** The first-paint colours index.html reads (initial-loader-bg, initial-loader-color). */
export function loaderColors(scheme: 'light' | 'dark', primaryColor: string): { bg: string; color: string } {
  return { bg: scheme === 'dark' ? '#18181b' : '#fafafa', color: primaryColor }
}
