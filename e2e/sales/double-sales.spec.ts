import { expect, test } from '@playwright/test'
import { personalNumberOf } from '../../shared/rules/identity'
import { signInAs } from '../fixtures'
import { sellerPhone } from '../api'

/**
 * Possible double sales (issue 14, decision 025): a customer sold the same product twice is listed with both sales;
 * back office confirms it and the later sale becomes regret; dismissed pairs keep both sales.
 */
test('back office confirms a double sale: the later sale becomes regret', async ({ page }) => {
  const project = test.info().project.name
  // A customer of this run alone: an identity number no other test uses.
  const ssn = personalNumberOf(project === 'phone' ? '19450607' : '19450608', String(100 + (Date.now() % 800)))
  const tag = `Dubbelkund ${project} ${Date.now() % 100000}`
  const phone = await sellerPhone()
  const [first, second] = await phone.createSales(tag, 2, ssn)
  await phone.dispose()

  await signInAs(page, 'backoffice@demo.test', '/backoffice/double-sales')
  await expect(page.getByRole('heading', { name: 'Dubbelförsäljningar', level: 1 })).toBeVisible()
  await expect(page.getByTestId('double-window')).toHaveText('Samma kund, leverantör och produkt inom 30 dagar')
  const row = page.getByRole('row').filter({ hasText: `${tag} ` })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Samma dag')

  await row.getByRole('button', { name: 'Bekräfta' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('radio', { name: /^Den senare/ })).toBeChecked()
  await dialog.getByRole('button', { name: 'Bekräfta' }).click()
  await expect(dialog).toBeHidden()
  await expect(row).toHaveCount(0)

  // Among the confirmed ones, and the later sale's report says regret with the reason.
  if (project === 'phone') await page.getByRole('button', { name: 'Filter', exact: true }).click()
  await page.getByRole('group', { name: 'Läge' }).getByRole('button', { name: 'Bekräftad' }).click()
  await expect(page).toHaveURL(/state=confirmed/)
  await expect(row).toContainText('Dubbelförsäljning: kunden har redan köpt samma produkt.')
  // The first sale (sold a minute before the second) is the later one: createSales dates them back one minute each.
  await page.goto(`/backoffice/salereports/${first}`)
  const history = page.getByTestId('status-history')
  await expect(history.getByRole('listitem').first()).toContainText('Ånger')
  await expect(history.getByRole('listitem').first()).toContainText('Dubbelförsäljning')
  await page.goto(`/backoffice/salereports/${second}`)
  await expect(page.getByTestId('status-history').getByRole('listitem').first()).toContainText('Väntar på godkännande')
})
