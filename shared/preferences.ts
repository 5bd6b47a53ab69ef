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
/**
 * Field mode (docs/decisions/089): the light, maximum-contrast look for the street. `system` follows the device's own
 * "increase contrast" setting (prefers-contrast: more); the seller's one tap sets it on or off for this device.
 */
export const FIELD_MODES = ['system', 'on', 'off'] as const

export type Theme = (typeof THEMES)[number]
export type Skin = (typeof SKINS)[number]
export type ContentWidth = (typeof CONTENT_WIDTHS)[number]
export type NavLayout = (typeof NAV_LAYOUTS)[number]
export type BarType = (typeof BAR_TYPES)[number]
export type FieldMode = (typeof FIELD_MODES)[number]

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
  fieldMode: FieldMode
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
  fieldMode: 'system',
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
    fieldMode: oneOf(FIELD_MODES, get('fieldMode'), d.fieldMode),
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

/** What the device asks for on its own: a dark scheme, more contrast. */
export type SystemLook = { prefersDark: boolean; prefersMoreContrast: boolean }

/** Whether field mode is in force: set on or off on this device, or, by default, the device asking for more contrast. */
export function resolveFieldMode(mode: FieldMode, prefersMoreContrast: boolean): boolean {
  return mode === 'system' ? prefersMoreContrast : mode === 'on'
}

/**
 * The look in force: field mode is a light palette whatever the theme (sunlight makes a dark screen a mirror), so it
 * wins over the theme, which is kept for when field mode is off again.
 */
export function resolveLook(p: Pick<Preferences, 'theme' | 'fieldMode'>, system: SystemLook): { scheme: 'light' | 'dark'; field: boolean } {
  const field = resolveFieldMode(p.fieldMode, system.prefersMoreContrast)
  return { scheme: field ? 'light' : resolveColorScheme(p.theme, system.prefersDark), field }
}

/** The one tap: field mode off when it is in force now (set or by the system), on when it is not. */
export function toggledFieldMode(inForce: boolean): FieldMode {
  return inForce ? 'off' : 'on'
}

/** WCAG's relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

/** WCAG's contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** Field mode's text contrast: WCAG AAA for normal text (1.4.6). */
export const FIELD_CONTRAST = 7

/**
 * A colour made dark enough for field mode (the primary colour, a map marker's status): mixed with black, in steps of
 * 2 %, until white text on it (and it as text on white) reaches 7:1 with a margin. A colour already there is kept.
 */
export function fieldShade(hex: string): string {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
  for (let keep = 100; keep >= 0; keep -= 2) {
    const mixed = `#${channels
      .map((c) =>
        Math.round((c * keep) / 100)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`
    if (contrastRatio(mixed, '#ffffff') >= FIELD_CONTRAST + 0.3) return mixed
  }
  return '#000000'
}

/** The first-paint colours index.html reads (initial-loader-bg, initial-loader-color). */
export function loaderColors(scheme: 'light' | 'dark', primaryColor: string): { bg: string; color: string } {
  return { bg: scheme === 'dark' ? '#18181b' : '#fafafa', color: primaryColor }
}
