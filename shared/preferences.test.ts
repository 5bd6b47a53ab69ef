import { describe, expect, it } from 'vitest'
import {
  DEFAULT_PREFERENCES,
  FIELD_CONTRAST,
  PRIMARY_COLORS,
  applyPreferenceChange,
  contrastRatio,
  fieldShade,
  readPreferences,
  resolveColorScheme,
  resolveLook,
  toggledFieldMode,
} from './preferences'

describe('preferences', () => {
  it('default to system theme, default skin, pink, boxed, sticky blurred navbar, static footer, vertical nav', () => {
    expect(readPreferences(() => undefined)).toEqual(DEFAULT_PREFERENCES)
    expect(DEFAULT_PREFERENCES).toMatchObject({
      theme: 'system',
      skin: 'default',
      appContentWidth: 'boxed',
      navbarType: 'sticky',
      isNavbarBlurEnabled: true,
      footerType: 'static',
      isVerticalNavCollapsed: false,
    })
    expect(DEFAULT_PREFERENCES.primaryColor).toMatch(/^#[0-9A-F]{6}$/i)
  })

  it('read stored values and ignore unknown ones', () => {
    const cookies: Record<string, string> = { theme: 'dark', skin: 'nope', primaryColor: 'red', isNavbarBlurEnabled: 'false' }
    const p = readPreferences((n) => cookies[n])
    expect(p.theme).toBe('dark')
    expect(p.skin).toBe('default')
    expect(p.primaryColor).toBe(DEFAULT_PREFERENCES.primaryColor)
    expect(p.isNavbarBlurEnabled).toBe(false)
  })

  it('switching to horizontal makes a hidden navbar sticky and expands a collapsed vertical nav', () => {
    const before = { ...DEFAULT_PREFERENCES, navbarType: 'hidden' as const, isVerticalNavCollapsed: true }
    const after = applyPreferenceChange(before, { appContentLayoutNav: 'horizontal' })
    expect(after.navbarType).toBe('sticky')
    expect(after.isVerticalNavCollapsed).toBe(false)
    expect(applyPreferenceChange(before, { skin: 'bordered' }).navbarType).toBe('hidden')
  })

  it('system follows the OS', () => {
    expect(resolveColorScheme('system', true)).toBe('dark')
    expect(resolveColorScheme('system', false)).toBe('light')
    expect(resolveColorScheme('light', true)).toBe('light')
  })
})

describe('field mode', () => {
  const quiet = { prefersDark: false, prefersMoreContrast: false }
  it.each([
    // mode, theme, the system (dark, more contrast) → scheme, field
    ['system', 'dark', { prefersDark: true, prefersMoreContrast: false }, 'dark', false],
    ['system', 'dark', { prefersDark: true, prefersMoreContrast: true }, 'light', true],
    ['system', 'light', quiet, 'light', false],
    ['on', 'dark', quiet, 'light', true],
    ['on', 'system', { prefersDark: true, prefersMoreContrast: false }, 'light', true],
    ['off', 'system', { prefersDark: true, prefersMoreContrast: true }, 'dark', false],
    ['off', 'light', { prefersDark: false, prefersMoreContrast: true }, 'light', false],
  ] as const)('%s with the %s theme → %s, field %s', (fieldMode, theme, system, scheme, field) => {
    expect(resolveLook({ fieldMode, theme }, system)).toEqual({ scheme, field })
  })

  it('one tap turns off what is in force (set or by the system) and turns on what is not', () => {
    expect(toggledFieldMode(true)).toBe('off')
    expect(toggledFieldMode(false)).toBe('on')
  })

  it('is kept per device and reads back; anything unknown is the system’s', () => {
    expect(readPreferences((n) => (n === 'fieldMode' ? 'on' : undefined)).fieldMode).toBe('on')
    expect(readPreferences((n) => (n === 'fieldMode' ? 'bright' : undefined)).fieldMode).toBe('system')
  })

  it.each([...PRIMARY_COLORS, '#FFEB3B', '#00FF00', '#000000'])('the primary %s darkened reaches 7:1 with white, and no further than needed', (color) => {
    const dark = fieldShade(color)
    expect(contrastRatio(dark, '#ffffff')).toBeGreaterThanOrEqual(FIELD_CONTRAST)
    if (contrastRatio(color, '#ffffff') >= FIELD_CONTRAST + 0.3) expect(dark.toLowerCase()).toBe(color.toLowerCase())
    else expect(contrastRatio(dark, '#ffffff')).toBeLessThan(FIELD_CONTRAST + 1.5)
  })
})

describe('primary colours', () => {
  it.each([...PRIMARY_COLORS])('%s keeps white text at 4.5:1 or more', (color) => {
    expect(contrastRatio(color, '#ffffff')).toBeGreaterThanOrEqual(4.5)
  })

  it('contrast is WCAG’s: black on white 21:1, a colour with itself 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#C2185B', '#C2185B')).toBe(1)
  })
})
