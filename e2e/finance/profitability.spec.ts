import { expect, test } from '@playwright/test'
import { screen, signInAs } from '../fixtures'
import { newTeamSeller, ownCustomers, sellerPhone } from '../api'

/**
 * Finance profitability (issue 19, decision 051): back office finds a seller's row by name, reads the period's sum
 * with each figure's definition beside it, and follows the seller's income to exactly the sale reports behind it.
 * The seller is the test's own (new in Team Lund), so no other test's sales change their figures.
 */
test('back office follows a seller’s profitability to the sale reports behind it', async ({ page }, info) => {
  const last = info.project.name === 'phone' ? 'Telefonlonsam' : 'Datorlonsam'
  const { id: sellerId, email } = await newTeamSeller('Finn', last, 'Lund')
  const phone = await sellerPhone(email)
  await phone.createSales(`Lönsamkund ${last}`, 2, undefined, { ssns: ownCustomers(info.project.name === 'phone' ? '19470306' : '19470307', 2) })
  await phone.dispose()

  await signInAs(page, 'backoffice@demo.test', '/backoffice/finance/profitability-sellers')
  await expect(page.getByRole('heading', { name: 'Lönsamhet per säljare', level: 1 })).toBeVisible()
  // The period's sum, each figure with its definition.
  const tb = page.getByTestId('sum-tb')
  await expect(tb).toContainText('Täckningsbidrag: intäkter minus rörliga kostnader')
  await expect(page.getByTestId('sum-variableCosts')).toContainText('arbetsgivaravgifter (31,42 %)')

  await page.getByRole('searchbox').fill(last)
  const row = page.getByRole('row').filter({ hasText: `Finn ${last}` })
  await expect(row).toHaveCount(1)
  await expect(page.getByTestId('table-range')).toHaveText(/av 1$/)
  await expect(row).toContainText('Team Lund')
  await screen(page, `${info.project.name}-profitability-sellers`, { fullPage: true })

  // The income opens the seller's standing sale reports of the same period.
  await row.getByRole('link').first().click()
  await expect(page).toHaveURL(new RegExp(`/backoffice/salereports\\?.*sellerId=${sellerId}`))
  await expect(page.getByTestId('table-range')).toHaveText(/av 2$/)
  await expect(page.getByText(`Lönsamkund ${last} 1`).first()).toBeVisible()
})

test('the legacy view reads only the days before the cut-off, and says so', async ({ page }) => {
  await signInAs(page, 'backoffice@demo.test')
  // The default cut-off is 1 January 2026: a period across it is shown up to the day before.
  await page.goto('/backoffice/finance/profitability-legacy?from=2025-12-01&to=2026-01-31')
  await expect(page.getByRole('heading', { name: 'Lönsamhet (äldre)', level: 1 })).toBeVisible()
  await expect(page.getByText('Perioden visas till och med 31 dec. 2025: från 1 jan. 2026 gäller den nuvarande beräkningen.')).toBeVisible()
  await expect(page.getByTestId('sum-variableCosts')).toContainText('utan arbetsgivaravgifter och extra ersättning')
  // A period wholly after it has nothing to show here.
  await page.goto('/backoffice/finance/profitability-legacy?from=2026-02-01&to=2026-02-28')
  await expect(page.getByText(/Hela perioden ligger från 1 jan. 2026 och framåt/)).toBeVisible()
})
