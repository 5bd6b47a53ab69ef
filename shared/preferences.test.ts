import { describe, expect, it } from 'vitest'
import { DEFAULT_PREFERENCES, applyPreferenceChange, readPreferences, resolveColorScheme } from './preferences'

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
