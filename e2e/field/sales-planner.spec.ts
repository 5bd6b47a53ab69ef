import { expect, test } from '@playwright/test'
import { addDays } from '../../shared/rules/work'
import { mondayOf } from '../../shared/rules/assistant'
import { expectSnackbar, recordSnackbars, screen, signInAs } from '../fixtures'

/**
 * The sales planner end to end (issue 46, decision 073): a coach plans a run on the week's calendar, the legacy
 * planner shows the same run as a table row and edits it, and the calendar shows the edit; back office sees the run
 * on the runs screen.
 */
test('a run planned on the calendar is edited in the legacy table, and the calendar shows the edit @phone', async ({ page }, info) => {
  // A week of the project's own, far ahead: the desktop's even, the phone's odd, so the two projects never meet (an
  // offset of 20 or 21 plus a shared range let one's week be the other's now and then).
  const week = addDays(mondayOf(new Date().toISOString().slice(0, 10)), 7 * (20 + 2 * (Date.now() % 50) + (info.project.name === 'desktop' ? 0 : 1)))
  const wednesday = addDays(week, 2)
  const place = `Konsum ${Date.now().toString(36)}`
  await signInAs(page, 'coach@demo.test', `/tools/sales-planner?week=${week}`)
  await recordSnackbars(page)
  await page
    .getByTestId(`planner-day-${wednesday}`)
    .getByRole('button', { name: /Ny körning/ })
    .click()
  const dialog = page.getByTestId('run-dialog')
  await dialog.getByRole('combobox', { name: 'Team' }).selectOption({ index: 1 })
  // The team's sellers load when the team is chosen; the box's label is what a person taps (the input is hidden).
  const firstSeller = dialog.getByTestId('run-sellers').locator('label').first()
  await firstSeller.click()
  await expect(firstSeller.getByRole('checkbox')).toBeChecked()
  await dialog.getByTestId('run-area').selectOption({ label: 'Nytt område …' })
  await dialog.getByRole('textbox', { name: 'Namn på det nya området' }).fill(`Område ${place}`)
  await dialog.getByRole('textbox', { name: 'Samlingsplats' }).fill(place)
  await dialog.getByLabel('Samlingstid').fill('09:15')
  await screen(page, 'run-dialog')
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expectSnackbar(page, 'Körningen sparades')
  const card = page.getByTestId(`planner-day-${wednesday}`).getByTestId('planner-run').filter({ hasText: place })
  await expect(card).toContainText(`Område ${place}`)
  await expect(card).toContainText('09:15')
  await screen(page, 'sales-planner')

  await page.locator('#main').getByRole('link', { name: 'Säljplanerare (äldre)' }).click()
  const row = page.getByTestId('legacy-run').filter({ hasText: place })
  await expect(row).toContainText(`Område ${place}`)
  await screen(page, 'sales-planner-legacy')
  await row.getByTestId('legacy-edit').click()
  await page.getByTestId('run-dialog').getByRole('textbox', { name: 'Samlingsplats' }).fill(`${place} entrén`)
  await page.getByTestId('run-dialog').getByRole('button', { name: 'Spara' }).click()
  // Saved (the dialog says so), then the table shows it: a failure here says which of the two did not happen.
  await expectSnackbar(page, 'Körningen sparades')
  await expect(page.getByTestId('legacy-run').filter({ hasText: `${place} entrén` })).toBeVisible()

  await page.goBack()
  await expect(page.getByTestId(`planner-day-${wednesday}`).getByTestId('planner-run').filter({ hasText: place })).toContainText(`${place} entrén`)
})
