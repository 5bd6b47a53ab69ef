import { expect, test } from '@playwright/test'
import { signInAs } from '../fixtures'
import { apiAs, sellerPhone } from '../api'

/**
 * Back office's deviation work list (issue 14, decision 024): a deviation waits in the list with its age until the
 * seller corrects the sale; then it is back office's turn, with what the seller changed on the deviation's page,
 * and approving the sale there resolves it.
 */
test('back office follows a deviation from open through the seller’s correction to resolved', async ({ page }) => {
  const tag = `Avvikelsekund ${test.info().project.name} ${Date.now() % 100000}`
  const phone = await sellerPhone()
  const [saleId] = await phone.createSales(tag, 1)
  const desk = await apiAs('backoffice@demo.test')
  const version = async () => ((await (await desk.get(`/api/sale-reports/${saleId}`)).json()) as { version: number }).version
  const marked = await desk.post(`/api/sale-reports/${saleId}/status`, {
    data: { status: 'deviation', version: await version(), deviationType: 'incorrect_ssn', reason: 'Personnumret går inte att verifiera.' },
  })
  expect(marked.status()).toBe(200)

  await signInAs(page, 'backoffice@demo.test', '/backoffice/deviations')
  await expect(page.getByRole('heading', { name: 'Avvikelser', level: 1 })).toBeVisible()
  await page.getByRole('searchbox').fill(tag)
  await expect(page).toHaveURL(/q=Avvikelsekund/)
  const row = page.getByRole('row').filter({ hasText: tag })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Öppen')
  await expect(row).toContainText('I dag')

  // The seller corrects the identity number from the phone: back office's turn.
  await phone.push([{ name: 'correctSale', args: { id: saleId, changes: { customerSsn: '560314-2422' }, comment: 'Rätt nummer från legitimationen' } }])
  await page.reload()
  await expect(row).toContainText('Rättad av säljaren')
  await row.click()
  await expect(page).toHaveURL(/\/backoffice\/deviations\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name: `Avvikelse: ${tag} 1` })).toBeVisible()
  const state = page.getByTestId('deviation-state')
  await expect(state).toContainText('Personnumret går inte att verifiera.')
  await expect(state).toContainText('Säljaren har rättat försäljningen')
  await expect(state).toContainText('Rätt nummer från legitimationen')
  const activity = page.getByTestId('deviation-activity')
  await expect(activity).toContainText('Rättade försäljningen')
  // Masked in the log too (decision 058).
  await expect(activity).toContainText('Personnummer: 19811218-**** → 19560314-****')

  // Approving the sale resolves the deviation.
  await page.getByRole('button', { name: 'Lös avvikelsen' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('combobox').selectOption({ label: 'Godkänd' })
  await dialog.getByRole('button', { name: 'Ändra till Godkänd' }).click()
  await expect(dialog).toBeHidden()
  await expect(state).toContainText('Löst')
  await expect(state).toContainText('Bertil Backoffice: Godkänd')
  await expect(page.getByRole('button', { name: 'Lös avvikelsen' })).toHaveCount(0)

  // It has left the work list and is found among the resolved ones.
  await page.goBack()
  await expect(page).toHaveURL(/\/backoffice\/deviations\?/)
  await expect(row).toHaveCount(0)
  if (test.info().project.name === 'phone') await page.getByRole('button', { name: 'Filter', exact: true }).click()
  await page.getByRole('group', { name: 'Läge' }).getByRole('button', { name: 'Löst' }).click()
  await expect(page).toHaveURL(/state=open%2Ccorrected%2Cresolved|state=open,corrected,resolved/)
  await expect(row).toContainText('Löst')
  await phone.dispose()
  await desk.dispose()
})
