import { describe, expect, it } from 'vitest'
import { DEFAULT_PREFERENCES, PRIMARY_COLORS, applyPreferenceChange, readPreferences, resolveColorScheme } from './preferences'

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

describe('primary colours', () => {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
  }
  it.each([...PRIMARY_COLORS])('%s keeps white text at 4.5:1 or more', (color) => {
    expect(1.05 / (luminance(color) + 0.05)).toBeGreaterThanOrEqual(4.5)
  })
})
