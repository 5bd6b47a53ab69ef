import { expect, test } from '@playwright/test'
import { screen, signInAs } from '../fixtures'
import { newTeamSeller, ownCustomers, sellerPhone } from '../api'

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

  test('finds a customer, a sale report and a person by name, numbers masked, and opens the customer @phone', async ({ page }, info) => {
    await signInAs(page, 'backoffice@demo.test')
    await page.getByTestId('open-search').click()
    const dialog = page.getByTestId('search-dialog')
    await expect(dialog.getByText('Sidor, kunder, säljrapporter, ordrar, personer, leverantörer och guider')).toBeVisible()
    // A customer of the demo, by their name.
    await dialog.getByRole('combobox').fill('maja strand')
    const customers = dialog.getByRole('group', { name: 'Kunder' })
    await expect(customers.getByRole('option').first()).toContainText('Maja Strand')
    await expect(customers.getByRole('option').first()).toContainText(/\d{8}-\*{4}/)
    await expect(dialog.getByRole('group', { name: 'Säljrapporter' }).getByRole('option').first()).toContainText('Maja Strand')
    await screen(page, `${info.project.name}-global-search`)
    // The first customer is opened.
    const first = customers.getByRole('option').first()
    const name = (await first.locator('p').first().textContent())!.trim()
    await first.click()
    await expect(page).toHaveURL(/\/backoffice\/customers\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name)

    // People by name, with their team and e-mail (the profile flow may have changed Sara's first name).
    await page.keyboard.press('Control+k')
    await page.getByTestId('search-dialog').getByRole('combobox').fill('nyström')
    await expect(page.getByTestId('search-dialog').getByRole('group', { name: 'Personer' }).getByRole('option')).toHaveText([
      /Nyström.*Team Väst · sara\.nystrom@demo\.test/,
    ])
  })

  test('an exact person comes before the customers whose names start alike, and the search opens empty again', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await signInAs(page, 'admin@demo.test')
    await page.getByTestId('open-search').click()
    const dialog = page.getByTestId('search-dialog')
    await dialog.getByRole('combobox').fill('sven')
    // The person Sven is the first hit of the first group, before any Svensson.
    const groups = dialog.getByRole('group')
    await expect(groups.first()).toHaveAccessibleName('Personer')
    await expect(groups.first().getByRole('option').first()).toContainText('Sven Säljare')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    // Opened again, the field is empty: what is typed is a new search.
    await page.getByTestId('open-search').click()
    await expect(page.getByTestId('search-dialog').getByRole('combobox')).toHaveValue('')
  })

  test('a seller does not find back-office screens @phone', async ({ page }) => {
    await signInAs(page, 'seller@demo.test')
    await page.getByTestId('open-search').click()
    const dialog = page.getByTestId('search-dialog')
    await dialog.getByRole('combobox').fill('produkter')
    await expect(dialog.getByText('Inget hittades för ”produkter”.')).toBeVisible()
    await dialog.getByRole('combobox').fill('lön')
    // Titles that start with the search come first; "Belöningar" contains it.
    await expect(dialog.getByRole('option')).toHaveText(['Lönekalkylator', 'Belöningar'])
  })

  test('a seller finds their own sale by the customer and opens it (issue 70) @phone', async ({ page }, info) => {
    // A customer of this run's own, on a seller of its own: no other test's sales share the name.
    const tag = `Sökkund ${info.project.name} ${Date.now().toString(36)}`
    const seller = await newTeamSeller('Sokare', info.project.name, 'Team Öresund')
    const phone = await sellerPhone(seller.email)
    const [id] = await phone.createSales(tag, 1, ownCustomers('19660606', 1)[0])
    await phone.dispose()
    await signInAs(page, seller.email)
    await page.getByTestId('open-search').click()
    const dialog = page.getByTestId('search-dialog')
    await dialog.getByRole('combobox').fill(tag)
    const own = dialog.getByRole('group', { name: 'Mina försäljningar' }).getByRole('option')
    await expect(own).toHaveCount(1)
    await expect(own.first()).toContainText(`${tag} 1`)
    await own.first().click()
    await expect(page).toHaveURL(new RegExp(`/sales/${id}$`))
  })
})
