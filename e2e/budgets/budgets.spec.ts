import { expect, test } from '@playwright/test'
import { DEMO_PASSWORD, expectSnackbar, recordSnackbars, screen, signInAs } from '../fixtures'
import { apiAs, newTeamSeller } from '../api'

/**
 * Budgets (issue 19, decision 047): a manager sets a month's budgets of their office in one table; the seller's
 * phone shows theirs after its next sync. A save made on an older reading is refused and shows what changed.
 */

type Overview = { office: { id: string } | null; teams: Array<{ id: string; name: string; budget: { amountOre: number; version: number } | null }> }

test('a manager sets a seller’s budget in the month’s table and the seller’s phone shows it after its sync @phone', async ({ page, browser }, info) => {
  const last = info.project.name === 'phone' ? 'Telefonsson' : 'Datorsson'
  const { email } = await newTeamSeller('Budgeta', last, 'Öresund')

  // The seller's phone has no budget for the month yet.
  const phone = await browser.newContext(info.project.use)
  const sellerPage = await phone.newPage()
  await sellerPage.goto('/login')
  await sellerPage.getByLabel(/^E-post/).fill(email)
  await sellerPage.getByLabel(/^Lösenord/).fill(DEMO_PASSWORD)
  await sellerPage.getByRole('button', { name: 'Logga in', exact: true }).click()
  await expect(sellerPage).not.toHaveURL(/\/login/)
  await sellerPage.goto('/dashboards/sales/seller')
  await expect(sellerPage.getByText('Ingen budget är satt för den här månaden.')).toBeVisible()

  // The manager finds the seller under their team and sets the budget; a wrong amount is caught first.
  await signInAs(page, 'manager@demo.test', '/dashboards/sales/budgets')
  await recordSnackbars(page)
  const field = page.getByLabel(`Budget för Budgeta ${last} i kronor`)
  await field.fill('95000,50')
  await expect(page.getByText('Ange hela kronor, utan ören')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Spara', exact: true })).toBeDisabled()
  await field.fill('95 000')
  await expect(page.getByTestId('budgets-savebar')).toContainText('1 osparad ändring')
  await screen(page, `${info.project.name}-budgets`, { fullPage: true })
  await page.getByRole('button', { name: 'Spara', exact: true }).click()
  await expectSnackbar(page, '1 budget sparad')
  await expect(page.getByTestId('budgets-savebar')).toHaveCount(0)
  await expect(field).toHaveValue('95000')

  // The phone's next sync brings it: the budget view shows the month's budget.
  await sellerPage.reload()
  await expect(sellerPage.getByText(/^95\s000\skr$/).first()).toBeVisible({ timeout: 20_000 })
  await expect(sellerPage.getByText('Ingen budget är satt för den här månaden.')).toHaveCount(0)
  await phone.close()
})

test('a save made on an older reading is refused: the changed budget shows as it is now and the other edits stay', async ({ page }) => {
  const month = '2031-03'
  const backoffice = await apiAs('backoffice@demo.test')
  const manager = await apiAs('manager@demo.test')
  const overview = (await (await manager.get(`/api/budgets?month=${month}`)).json()) as Overview
  const lund = overview.teams.find((team) => team.name === 'Team Lund')!
  const oresund = overview.teams.find((team) => team.name === 'Team Öresund')!

  await signInAs(page, 'manager@demo.test', `/dashboards/sales/budgets?month=${month}`)
  await expect(page.getByText('Kontorets budget')).toBeVisible()
  await page.getByLabel('Budget för Team Lund i kronor').fill('400000')
  await page.getByLabel('Budget för Team Öresund i kronor').fill('500000')
  await expect(page.getByTestId('budgets-savebar')).toContainText('2 osparade ändringar')
  // The month and office stay put while there is something unsaved.
  await expect(page.getByRole('button', { name: 'Nästa månad' })).toBeDisabled()

  // Back office sets Team Lund's budget meanwhile.
  const set = await backoffice.put(`/api/budgets/${month}`, {
    data: { officeId: overview.office!.id, changes: [{ scope: 'team', id: lund.id, amountKr: 420_000, version: lund.budget?.version ?? null }] },
  })
  expect(set.status()).toBe(200)

  await page.getByRole('button', { name: 'Spara', exact: true }).click()
  await expect(page.getByText(/Någon annan ändrade en av budgetarna medan du arbetade/)).toBeVisible()
  await expect(page.getByLabel('Budget för Team Lund i kronor')).toHaveValue('420000')
  await expect(page.getByLabel('Budget för Team Öresund i kronor')).toHaveValue('500000')
  await expect(page.getByTestId('budgets-savebar')).toContainText('1 osparad ändring')
  await page.getByRole('button', { name: 'Spara', exact: true }).click()
  await expect(page.getByTestId('budgets-savebar')).toHaveCount(0)
  const after = (await (await manager.get(`/api/budgets?month=${month}`)).json()) as Overview
  expect(after.teams.find((team) => team.id === oresund.id)!.budget!.amountOre).toBe(50_000_000)
  expect(after.teams.find((team) => team.id === lund.id)!.budget!.amountOre).toBe(42_000_000)
  await backoffice.dispose()
  await manager.dispose()
})
