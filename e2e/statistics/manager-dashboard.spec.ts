import { expect, test } from '@playwright/test'
import { expectSnackbar, recordSnackbars, screen, signInAs } from '../fixtures'

/**
 * The manager dashboard (issue 19, decision 050): a manager sets a team's budget for the month and finds it as the
 * team's gold goal, with the office's figures and each figure opening the rows behind it.
 */
test('a manager sets a team budget and the dashboard measures the team against it', async ({ page }) => {
  // An amount of this run's own, so a run after another still changes it.
  const amount = 400_000 + Math.floor(Math.random() * 90_000)
  const shown = new Intl.NumberFormat('sv-SE').format(amount)
  await signInAs(page, 'manager@demo.test')
  await expect(page).toHaveURL('/dashboards/sales/manager')
  await expect(page.getByRole('heading', { name: 'Chefsöversikt', level: 1 })).toBeVisible()

  // A team without a budget of its own has its sellers' budgets as its gold goal (decision 059).
  const oresund = page.getByTestId('manager-team-row').filter({ hasText: 'Team Öresund' })
  await expect(oresund.getByText(/^Budget: [\d\s]+ kr/)).toBeVisible()
  await expect(oresund).not.toContainText('Ingen budget')

  // The finance filter offers the offices whose figures the manager may see: their own.
  await page.goto('/backoffice/finance/profitability-teams')
  const office = page.getByTestId('profitability-filter').getByRole('combobox', { name: 'Kontor' })
  await expect(office.locator('option')).toHaveText(['Alla kontor', 'Malmö'])

  await page.goto('/dashboards/sales/budgets')
  await recordSnackbars(page)
  await page.getByLabel('Budget för Team Lund i kronor').fill(String(amount))
  await page.getByRole('button', { name: 'Spara', exact: true }).click()
  await expectSnackbar(page, '1 budget sparad')

  await page.goto('/dashboards/sales/manager')
  await expect(page.getByTestId('manager-office')).toContainText('Malmö')
  const lund = page.getByTestId('manager-team-row').filter({ hasText: 'Team Lund' })
  await expect(lund.getByText(new RegExp(`Budget: ${shown.replace(/\s/g, '\\s')}\\skr`))).toBeVisible()
  await expect(lund.getByText(/% av budget/)).toBeVisible()
  await expect(page.getByTestId('office-average')).toContainText('% av budget')
  await screen(page, 'desktop-manager-dashboard', { fullPage: true })

  // The team's sales open its sale reports of the month; its name opens the coach dashboard for the team.
  await lund.getByRole('link').nth(2).click()
  await expect(page).toHaveURL(/\/backoffice\/salereports\?.*teamId=/)
  await page.goBack()
  await lund.getByRole('link', { name: 'Team Lund' }).click()
  await expect(page).toHaveURL(/\/dashboards\/sales\/coach\?team=/)
  await expect(page.getByTestId('coach-team')).toHaveCount(1)
})
