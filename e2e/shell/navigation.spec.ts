import { expect, test } from '@playwright/test'
import { buildAbility, toRawRules } from '../../shared/permissions/ability'
import { ROLE_KEYS, roleDef } from '../../shared/permissions/roles'
import { NAVIGATION, visibleNavigation, type NavItem } from '../../client/app/navigation'
import { signInFresh } from '../fixtures'

const leaves = (items: NavItem[]): string[] => items.flatMap((i) => (i.children ? leaves(i.children) : i.to ? [i.to] : []))

test.describe('navigation per role', () => {
  for (const role of ROLE_KEYS) {
    test(`${role} sees exactly the nav items their permissions allow`, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 })
      await signInFresh(page, `${role}@demo.test`)
      await page.goto('/users/profile')
      const nav = page.getByTestId('vertical-nav')
      await expect(nav).toBeVisible()
      // Open every group, then read the links.
      const collapsed = nav.locator('button[aria-expanded="false"]')
      while ((await collapsed.count()) > 0) await collapsed.first().click()
      const shown = await nav.locator('[data-nav-item]').evaluateAll((links) => links.map((a) => a.getAttribute('data-nav-item')))
      const ability = buildAbility(toRawRules(roleDef(role).rules, { user: { id: 'x', teamIds: [], officeId: null, regionId: null } }))
      expect(shown).toEqual(leaves(visibleNavigation(NAVIGATION, ability.can.bind(ability))))
    })
  }
})

test.describe('search', () => {
  test('Ctrl+K finds an allowed screen by its translated title and opens it with the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await signInFresh(page, 'backoffice@demo.test')
    await expect(page.getByRole('heading', { name: 'Säljrapporter', level: 1 })).toBeVisible()
    await page.keyboard.press('Control+k')
    const dialog = page.getByTestId('search-dialog')
    await dialog.getByRole('combobox').fill('sjuk')
    await expect(dialog.getByRole('option')).toHaveText(['Sjukanmälningar'])
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL('/backoffice/sicknotices')
  })

  test('a seller does not find back-office screens @phone', async ({ page }) => {
    await signInFresh(page, 'seller@demo.test')
    await page.getByTestId('open-search').click()
    const dialog = page.getByTestId('search-dialog')
    await dialog.getByRole('combobox').fill('produkter')
    await expect(dialog.getByText('Ingen sida heter något med ”produkter”.')).toBeVisible()
    await dialog.getByRole('combobox').fill('lön')
    // Titles that start with the search come first; "Belöningar" contains it.
    await expect(dialog.getByRole('option')).toHaveText(['Lönekalkylator', 'Belöningar'])
  })
})
