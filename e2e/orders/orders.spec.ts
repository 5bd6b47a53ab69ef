import { expect, test } from '@playwright/test'
import { personalNumberOf } from '../../shared/rules/identity'
import { expectSnackbar, recordSnackbars, screen, signInAs } from '../fixtures'
import { sellerPhone } from '../api'

/**
 * Order management (issue 14, decision 026): back office imports a provider's order file — the columns guessed,
 * a preview with the bad row's error before anything is written, the import run with its progress — and the
 * order is matched to the seller's sale by customer and date.
 */
test('back office imports an order file and its order is matched to the seller’s sale', async ({ page }) => {
  const project = test.info().project.name
  const ssn = personalNumberOf(project === 'phone' ? '19470709' : '19470710', String(100 + (Date.now() % 800)))
  const tag = `Orderkund ${project} ${Date.now() % 100000}`
  const phone = await sellerPhone()
  const [saleId] = await phone.createSales(tag, 1, ssn)
  await phone.dispose()
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' })
  const file = ['Kund;Personnummer;Datum;Status', `${tag} 1;${ssn};${today};Levererad`, `Trasig rad;${ssn};2026-02-30;Levererad`].join('\n')

  await signInAs(page, 'backoffice@demo.test', '/backoffice/ordermanagement')
  await expect(page.getByRole('heading', { name: 'Orderhantering', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Importera orderfil' }).click()
  const dialog = page.getByTestId('import-dialog')
  await dialog.getByRole('combobox', { name: 'Leverantör' }).selectOption({ label: 'Tryggt Hem Larm' })
  await dialog.locator('input[type=file]').setInputFiles({ name: 'ordrar.csv', mimeType: 'text/csv', buffer: Buffer.from(file) })
  await dialog.getByRole('button', { name: 'Läs filen' }).click()

  // The columns are guessed from the headers.
  await expect(dialog.getByRole('combobox', { name: 'Kund' })).toHaveValue('Kund')
  await expect(dialog.getByRole('combobox', { name: 'Person- eller organisationsnummer' })).toHaveValue('Personnummer')
  await expect(dialog.getByRole('combobox', { name: 'Orderdatum' })).toHaveValue('Datum')
  await dialog.getByRole('button', { name: 'Förhandsgranska' }).click()
  await expect(dialog.getByText('1 rad har fel och importeras inte')).toBeVisible()
  await expect(dialog.getByTestId('preview-rows')).toContainText('Datumet går inte att läsa')
  await expect(dialog.getByTestId('preview-rows')).toContainText('På kund och datum')

  await dialog.getByRole('button', { name: 'Importera 1 rad' }).click()
  await expect(dialog.getByTestId('import-result')).toContainText('ordrar.csv är importerad')
  await dialog.getByRole('button', { name: 'Visa importens ordrar' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('import-filter')).toContainText('Från ordrar.csv')
  const row = page.getByRole('row').filter({ hasText: `${tag} 1` })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Väntar på godkännande')

  await row.click()
  await expect(page).toHaveURL(/\/backoffice\/ordermanagement\/[0-9a-f-]{36}$/)
  await expect(page.getByText('På kund och datum', { exact: true })).toBeVisible()

  // A match is undone with a reason, and the order is matched again by hand (issue 41): the same customer first.
  await recordSnackbars(page)
  await page.getByRole('button', { name: 'Ta bort matchningen' }).click()
  const undo = page.getByTestId('unmatch-dialog')
  await undo.getByLabel(/^Skäl/).fill('Kontrollerar kunden')
  await undo.getByRole('button', { name: 'Ta bort matchningen' }).click()
  await expectSnackbar(page, 'Matchningen är borttagen')
  await expect(page.getByText('Ingen säljrapport')).toBeVisible()
  await page.getByRole('button', { name: 'Matcha mot säljrapport' }).click()
  const match = page.getByTestId('match-dialog')
  await expect(match.getByTestId('match-candidate').first()).toContainText(`${tag} 1`)
  await expect(match.getByTestId('match-candidate').first()).toContainText('Samma kund')
  await screen(page, 'desktop-order-match')
  await page.setViewportSize({ width: 390, height: 844 })
  await screen(page, 'phone-order-match')
  await page.setViewportSize({ width: 1440, height: 900 })
  await match.getByRole('button', { name: 'Matcha', exact: true }).click()
  await expect(match.getByText('Välj en säljrapport')).toBeVisible()
  await match.getByTestId('match-candidate').first().click()
  await match.getByLabel(/^Anteckning/).fill('Kunden bekräftade ordern i telefon')
  await match.getByRole('button', { name: 'Matcha', exact: true }).click()
  await expectSnackbar(page, 'Ordern är matchad mot säljrapporten')
  await expect(page.getByText('För hand', { exact: true })).toBeVisible()
  await expect(page.getByTestId('order-log')).toContainText('Matchad för hand')
  await expect(page.getByTestId('order-log')).toContainText('Kunden bekräftade ordern i telefon')
  await page.getByRole('link', { name: new RegExp(`${tag} 1 · `) }).click()
  await expect(page).toHaveURL(new RegExp(`/backoffice/salereports/${saleId}$`))
})

/** An address that cannot name a record says "not found" at once, as an unknown one does (issue 41). */
test('a malformed order or statistics address is not found, not a validation error or a skeleton', async ({ page }) => {
  await signInAs(page, 'backoffice@demo.test', '/backoffice/ordermanagement/inte-ett-id')
  await expect(page.getByText('Ordern finns inte, eller så får du inte se den.')).toBeVisible()
  await expect(page.getByText('Validering misslyckades')).toHaveCount(0)
  await page.goto('/keyai/stats/inte-ett-id')
  await expect(page.getByTestId('stat-missing')).toContainText('Statistikvyn finns inte')
})
