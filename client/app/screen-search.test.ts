import { describe, expect, it } from 'vitest'
import { sv } from '../../shared/i18n/sv'
import { buildAbility, toRawRules } from '../../shared/permissions/ability'
import { roleDef } from '../../shared/permissions/roles'
import type { RouteName } from '../../shared/routes'
import { fold, searchScreens, searchableScreens } from './screen-search'

const title = (name: RouteName) => (sv.routes as Record<string, string>)[name]!
const can = (role: 'seller' | 'backoffice') => {
  const a = buildAbility(toRawRules(roleDef(role).rules, { user: { id: 'u', teamIds: [], officeId: null, regionId: null } }))
  return a.can.bind(a)
}

describe('screen search', () => {
  it('folds case and diacritics', () => expect(fold('Lönekalkylator ÅÄÖ')).toBe('lonekalkylator aao'))

  it('finds the screens a user may open by their translated title', () => {
    const screens = searchableScreens(can('backoffice'))
    const lon = searchScreens('lon', screens, title)
    expect(lon[0]).toBe('backoffice-paycodes')
    expect(lon).toHaveLength(6)
    expect(lon).toContain('backoffice-finance-profitability-teams')
    expect(searchScreens('lonekod', screens, title)).toEqual(['backoffice-paycodes'])
    expect(searchScreens('sjuk', screens, title)).toEqual(['backoffice-sicknotices'])
  })

  it('never offers a screen the user may not open', () => {
    const screens = searchableScreens(can('seller'))
    expect(searchScreens('produkter', screens, title)).toEqual([])
    expect(searchScreens('ny försäljning', screens, title)).toEqual(['sales-create'])
    expect(screens).not.toContain('backoffice-products')
    expect(screens).not.toContain('sales-id')
  })
})
