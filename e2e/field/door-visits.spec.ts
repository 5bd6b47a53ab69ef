import { expect, test } from '@playwright/test'
import { apiAs, newTeamSeller } from '../api'
import { screen, signInAs, syncedSince, workerControls } from '../fixtures'

/**
 * Door visits end to end (issue 46, decision 073): a seller records doors with no network — a come-back with its time
 * — and they reach the server exactly once when the phone is back online; a door that became a sale opens the sale
 * form with its address.
 */
test('doors recorded offline reach the server once, with their come-back; a sale opens with the address @phone-only', async ({ browser }, info) => {
  const context = await browser.newContext({ ...info.project.use, serviceWorkers: 'allow' })
  const page = await context.newPage()
  const seller = await newTeamSeller('Dora', 'Dorrknackare', 'Team Öresund')
  const street = `Dörrgatan ${Date.now() % 1000}`
  await signInAs(page, seller.email, '/dashboards/sales/seller')
  await workerControls(page)

  await context.setOffline(true)
  const card = page.getByTestId('door-card')
  await card.getByTestId('door-notHome').click()
  const dialog = page.getByTestId('door-dialog')
  await dialog.getByRole('textbox', { name: 'Adress' }).fill(`${street} A`)
  await dialog.getByTestId('door-save').click()
  await expect(dialog).toBeHidden()
  await card.getByTestId('door-comeBack').click()
  await dialog.getByRole('textbox', { name: 'Adress' }).fill(`${street} B`)
  await dialog.getByRole('textbox', { name: 'Postnummer' }).fill('211 45')
  await dialog.getByRole('textbox', { name: 'Ort' }).fill('Malmö')
  await dialog.getByRole('textbox', { name: 'Anteckning' }).fill('Mannen i huset är hemma efter sex')
  await screen(page, 'door-come-back')
  await dialog.getByTestId('door-save').click()
  const comeBacks = card.getByTestId('door-come-backs')
  await expect(comeBacks).toContainText(`${street} B, Malmö · väntar på synk`)

  // Back online: the sync takes both, once.
  const since = await page.evaluate(() => Date.now())
  await context.setOffline(false)
  await syncedSince(page, since)
  await expect(comeBacks).toContainText(`${street} B, Malmö`)
  await expect(comeBacks).not.toContainText('väntar på synk')
  const admin = await apiAs('admin@demo.test')
  const log = async () =>
    ((await (await admin.get(`/api/activity-log?entity=field_visit&actorId=${seller.id}&itemsPerPage=50`)).json()) as { items: unknown[] }).items.length
  await expect.poll(log).toBe(2)
  await admin.dispose()

  // A sale at the next door: the sale form opens with the address.
  await card.getByTestId('door-sale').click()
  await dialog.getByRole('textbox', { name: 'Adress' }).fill(`${street} C`)
  await dialog.getByRole('textbox', { name: 'Postnummer' }).fill('211 45')
  await dialog.getByRole('textbox', { name: 'Ort' }).fill('Malmö')
  await dialog.getByTestId('door-save').click()
  await expect(page).toHaveURL(/\/sales\/create\?/)
  await expect(page.getByRole('textbox', { name: 'Adress' })).toHaveValue(`${street} C`)
  await expect(page.getByRole('textbox', { name: 'Ort' })).toHaveValue('Malmö')
  await context.close()
})
