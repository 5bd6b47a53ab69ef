import { expect, test } from '@playwright/test'
import { signInAs } from '../fixtures'

// Each role's nav items are read in the permission matrix (e2e/auth/permission-matrix.spec.ts), where each role
// signs in and walks its screens.

test.describe('search', () => {
  test('Ctrl+K finds an allowed screen by its translated title and opens it with the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await signInAs(page, 'backoffice@demo.test')
    await expect(page.getByRole('heading', { name: 'Säljrapporter', level: 1 })).toBeVisible()
    await page.keyboard.press('Control+k')
    const dialog = page.getByTestId('search-dialog')
    await dialog.getByRole('combobox').fill('sjuk')
    await expect(dialog.getByRole('option')).toHaveText(['Sjukanmälningar'])
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL('/backoffice/sicknotices')
  })

  test('a seller does not find back-office screens @phone', async ({ page }) => {
    await signInAs(page, 'seller@demo.test')
    await page.getByTestId('open-search').click()
    const dialog = page.getByTestId('search-dialog')
    await dialog.getByRole('combobox').fill('produkter')
    await expect(dialog.getByText('Ingen sida heter något med ”produkter”.')).toBeVisible()
    await dialog.getByRole('combobox').fill('lön')
    // Titles that start with the search come first; "Belöningar" contains it.
    await expect(dialog.getByRole('option')).toHaveText(['Lönekalkylator', 'Belöningar'])
  })
})
