import { expect, test } from '@playwright/test'
import { screen, signInAs } from '../fixtures'
import { newTeamSeller, ownCustomers, sellerPhone } from '../api'

/**
 * The coach dashboard (issue 19, decision 049): a coach opens their dashboard, finds a seller of theirs under the
 * team, and follows a figure to exactly the sale reports behind it. The seller is the test's own (a new one in Team
 * Öresund), so no other test's sales change the figure.
 */
test('a coach opens the dashboard and follows a seller’s figure to the sales behind it', async ({ page }, info) => {
  // Not a name with "coach" in it: the users list's search test counts the coaches.
  const last = info.project.name === 'phone' ? 'Telefonteam' : 'Datorteam'
  const { email } = await newTeamSeller('Dagny', last, 'Öresund')
  const phone = await sellerPhone(email)
  await phone.createSales(`Dagskund ${last}`, 2, undefined, { ssns: ownCustomers(info.project.name === 'phone' ? '19470306' : '19470307', 2) })
  await phone.dispose()

  await signInAs(page, 'coach@demo.test')
  await expect(page).toHaveURL('/dashboards/sales/coach')
  await expect(page.getByRole('heading', { name: 'Coachöversikt', level: 1 })).toBeVisible()
  const team = page.locator('[data-testid="coach-team"][data-team="Team Öresund"]')
  await expect(team.getByText(/^OPH-mål \(kontorets\)/)).toBeVisible()
  const row = team.getByTestId('coach-seller-row').filter({ hasText: `Dagny ${last}` })
  await expect(row).toBeVisible()
  await expect(row.getByText('Inte utcheckad')).toBeVisible()
  await screen(page, `${info.project.name}-coach-dashboard`, { fullPage: true })

  // Today's two sales open the sale reports behind them: the seller's, today's, the statuses that stand.
  await row.getByRole('link', { name: '2', exact: true }).first().click()
  await expect(page).toHaveURL(/\/backoffice\/salereports\?.*sellerId=/)
  await expect(page.getByTestId('table-range')).toHaveText(/av 2$/)
  await expect(page.getByText(`Dagskund ${last} 2`).first()).toBeVisible()

  // The seller's name opens their own figures.
  await page.goBack()
  await row.getByRole('link', { name: `Visa Dagny ${last}s siffror` }).click()
  await expect(page).toHaveURL(/\/dashboards\/sales\/orders\?seller=/)
  await expect(page.getByTestId('order-total-0')).toHaveText('2')
})
