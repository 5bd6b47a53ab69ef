import { expect, test } from '@playwright/test'
import { screen, setTick, signInAs } from '../fixtures'
import { sellerPhone } from '../api'

/**
 * Back office's sale-report list (issue 14): found by free text, filtered by status in the URL, a selection moved
 * to approved at once with a result per report, and the report's page with its history and the reason a move
 * asks for.
 */

test('back office finds new reports, approves a selection at once and reads one report’s history @phone', async ({ page }) => {
  const tag = `Bulkkund ${test.info().project.name} ${Date.now() % 100000}`
  const phone = await sellerPhone()
  const ids = await phone.createSales(tag, 3)
  await phone.dispose()
  await signInAs(page, 'backoffice@demo.test')
  // Back office starts its day on the sale reports.
  await expect(page.getByRole('heading', { name: 'Säljrapporter', level: 1 })).toBeVisible()
  // The dashboard above the list: absences of the month, the month's reports (these three among them), e-signing.
  const summary = page.getByTestId('sale-report-summary')
  await expect(summary).toContainText('Frånvaro')
  await expect(summary).toContainText('Rapporter denna månad')
  await expect(summary).toContainText('Signerade e-signeringar')

  await page.getByRole('searchbox').fill(tag)
  // On a phone the filters are folded behind a button.
  if (test.info().project.name === 'phone') await page.getByRole('button', { name: 'Filter', exact: true }).click()
  await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Väntar på godkännande' }).click()
  await expect(page).toHaveURL(/status=finalized/)
  await expect(page).toHaveURL(/q=Bulkkund/)
  const rows = page.getByRole('row').filter({ hasText: tag })
  await expect(rows).toHaveCount(3)

  // Two of the three are approved at once.
  for (const n of [1, 2]) await setTick(rows.filter({ hasText: `${tag} ${n}` }).getByRole('checkbox'), true)
  await page.getByRole('button', { name: 'Ändra status' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('combobox').selectOption({ label: 'Godkänd' })
  await dialog.getByRole('button', { name: 'Ändra 2 till Godkänd' }).click()
  await expect(dialog.getByTestId('move-results')).toContainText('2 av 2 ändrade')
  await dialog.getByRole('button', { name: 'Klar' }).click()
  // Only the third still waits.
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText(`${tag} 3`)

  // The third one is flagged from its own page: a flag tells the seller why, so a reason is asked for.
  await rows.click()
  await expect(page).toHaveURL(new RegExp(`/backoffice/salereports/${ids[2]}$`))
  await expect(page.getByRole('heading', { name: `Säljrapport: ${tag} 3` })).toBeVisible()
  // The customer's identity number: masked, in full on request, which the server logs (decision 058).
  const ssnShown = page.getByTestId('sale-report-ssn')
  await expect(ssnShown).toHaveText('19811218-****')
  await page.getByRole('button', { name: 'Visa hela numret' }).click()
  await expect(ssnShown).toHaveText('19811218-9876')
  // The reading is in the report's log at once, and the number stays shown.
  await expect(page.getByTestId('sale-report-log')).toContainText('Hela numret visat')
  await expect(ssnShown).toHaveText('19811218-9876')
  await page.evaluate(() => window.scrollBy(0, 700))
  await screen(page, `${test.info().project.name}-sale-report-identity`)
  await page.getByRole('button', { name: 'Ändra status' }).click()
  await dialog.getByRole('combobox').selectOption({ label: 'Flaggad' })
  await dialog.getByRole('button', { name: 'Ändra till Flaggad' }).click()
  await expect(dialog.getByText('Ange ett skäl: säljaren ser det')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Skäl' }).fill('Ordernumret saknas')
  await dialog.getByRole('button', { name: 'Ändra till Flaggad' }).click()
  await expect(dialog).toBeHidden()
  const history = page.getByTestId('status-history')
  await expect(history.getByRole('listitem').first()).toContainText('Flaggad')
  await expect(history.getByRole('listitem').first()).toContainText('Ordernumret saknas')
  await expect(history.getByRole('listitem').first()).toContainText('Bertil Backoffice')
})

test('a report’s checklist photo is previewed on its page, and opens whole from its link', async ({ page }) => {
  // A real 1×1 PNG: the preview must be an image the browser draws, not a broken one.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
  const phone = await sellerPhone()
  const fileId = await phone.uploadChecklist({ name: 'checklista.png', type: 'image/png', bytes: png })
  const [id] = await phone.createSales(`Checklistkund ${Date.now() % 100000}`, 1, undefined, { checklistFileId: fileId })
  await phone.dispose()
  await signInAs(page, 'backoffice@demo.test', `/backoffice/salereports/${id}`)
  await expect(page.getByRole('link', { name: 'checklista.png', exact: true })).toHaveAttribute('href', `/api/files/${fileId}`)
  const preview = page.getByTestId('checklist-preview')
  await expect(preview).toHaveAttribute('alt', 'checklista.png')
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1)
})

test('a seller cannot open the back office’s list', async ({ page }) => {
  await signInAs(page, 'seller@demo.test', '/backoffice/salereports')
  await expect(page).toHaveURL(/\/not-authorized/)
})
