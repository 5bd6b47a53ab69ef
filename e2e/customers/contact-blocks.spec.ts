import { expect, test } from '@playwright/test'
import { apiAs, newTeamSeller } from '../api'
import { screen, signInAs, workerControls } from '../fixtures'

/**
 * The do-not-contact register (issue 75, decision 096): back office records a customer's written wish not to be
 * contacted, finds it by number, and removes it with a reason when the customer asks to be contacted again.
 */
test('back office records a do-not-contact entry, finds it and removes it with a reason @phone', async ({ page }) => {
  const number = `070-${String(Date.now() % 1000).padStart(3, '0')} ${String(Math.floor(Math.random() * 90) + 10)} ${String(Math.floor(Math.random() * 90) + 10)}`
  const digits = number.replace(/\D/g, '').slice(1)
  await signInAs(page, 'backoffice@demo.test', '/backoffice/contact-blocks')
  await expect(page.getByRole('heading', { level: 1, name: 'Spärrlista för kontakt' })).toBeVisible()

  await page.getByTestId('add-contact-block').click()
  const dialog = page.getByTestId('contact-block-dialog')
  // Neither a number nor a person: said at the number's field, nothing recorded.
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expect(dialog.getByText('Ange telefonnumret, person-/organisationsnumret eller båda')).toBeVisible()
  await dialog.getByLabel(/^Telefonnummer/).fill(number)
  await dialog.getByLabel(/^Namn/).fill('Greta Nejtack')
  await dialog.getByLabel(/^Anteckning/).fill('Brev 1 december')
  await screen(page, `${test.info().project.name}-contact-block-dialog`)
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expect(dialog).toBeHidden()

  const row = page.getByRole('row').filter({ hasText: `+46${digits}` })
  await expect(row).toContainText('Greta Nejtack')
  await screen(page, `${test.info().project.name}-contact-blocks`, { fullPage: true })

  await row.click()
  const remove = page.getByTestId('remove-contact-block')
  await remove.getByRole('textbox').fill('Kunden vill bli kontaktad igen')
  await remove.getByRole('button', { name: 'Ta bort spärren' }).click()
  await expect(remove).toBeHidden()
  await expect(page.getByRole('row').filter({ hasText: `+46${digits}` })).toHaveCount(0)
})

/**
 * The register on the seller's phone (decision 099): back office records a number; the seller's phone, told to pull,
 * warns as the number is typed on the sale form and on a new call-back — offline too, from the fingerprints it holds.
 */
test('a number back office blocks is warned of on the seller’s phone, offline too @phone-only', async ({ browser }, info) => {
  const number = `070-${String(Date.now() % 1000).padStart(3, '0')} ${String(Math.floor(Math.random() * 90) + 10)} ${String(Math.floor(Math.random() * 90) + 10)}`
  const seller = await newTeamSeller('Vera', 'Varning', 'Team Öresund')
  const context = await browser.newContext({ ...info.project.use, serviceWorkers: 'allow' })
  const page = await context.newPage()
  await signInAs(page, seller.email, '/sales/create')
  await workerControls(page)
  await expect(page.getByTestId('sync-status')).toContainText('Synkad')
  const backoffice = await apiAs('backoffice@demo.test')
  expect((await backoffice.post('/api/contact-blocks', { data: { phone: number, source: 'customer' } })).status()).toBe(201)
  await backoffice.dispose()
  // The phone pulls on the poke: the number typed as the customer says it is warned of once the register arrives.
  const phone = page.getByRole('textbox', { name: 'Telefon' })
  await phone.fill(number.replace(/^0/, '+46 '))
  await expect(page.getByTestId('phone-blocked')).toContainText('Numret finns i spärrlistan')
  // With no network the phone still knows; another number is not warned of.
  await context.setOffline(true)
  await phone.fill('070-000 00 01')
  await expect(page.getByTestId('phone-blocked')).toHaveCount(0)
  await phone.fill(number)
  await expect(page.getByTestId('phone-blocked')).toBeVisible()
  await screen(page, 'sale-phone-blocked')

  await page.goto('/sales/promises')
  await page.getByTestId('new-call-back').click()
  const dialog = page.getByTestId('promise-dialog')
  await dialog.getByRole('textbox', { name: 'Telefon' }).fill(number)
  await expect(dialog.getByTestId('promise-phone-blocked')).toBeVisible()
  await context.close()
})
