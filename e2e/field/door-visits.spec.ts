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

test('the doors card asks about positions too, and a door knocked with the yes keeps where it was @phone-only', async ({ browser }, info) => {
  // A place far from every demo sale, the test's own.
  const spot = { latitude: 66.1 + (Date.now() % 997) / 100_000, longitude: 19.4 }
  const context = await browser.newContext({ ...info.project.use, geolocation: spot, permissions: ['geolocation'] })
  const page = await context.newPage()
  const seller = await newTeamSeller('Dora', 'Position', 'Team Öresund')
  const street = `Lägesgatan ${Date.now() % 1000}`
  await signInAs(page, seller.email, '/dashboards/sales/seller')
  await expect(page.getByTestId('sync-status')).toContainText('Synkad')
  // The organisation records positions (the demo does); the seller has not said yes: the card asks, before any sale.
  const card = page.getByTestId('door-card')
  const choice = card.getByTestId('door-position')
  await expect(choice.getByRole('checkbox')).not.toBeChecked()
  await choice.click()
  await expect(choice.getByRole('checkbox')).toBeChecked()
  await screen(page, 'door-position-choice')
  await card.getByTestId('door-notHome').click()
  const dialog = page.getByTestId('door-dialog')
  await dialog.getByRole('textbox', { name: 'Adress' }).fill(street)
  await dialog.getByTestId('door-save').click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0')
  // The door reached the server with where the phone was; the sale form's box says the same yes.
  const api = await apiAs(seller.email)
  const pulled = (await (await api.post('/api/sync/pull', { data: { clientId: crypto.randomUUID(), cookie: null, tables: ['visits'] } })).json()) as {
    patch: Array<{ table: string; value?: { address: string; lat: number | null; lng: number | null } }>
  }
  await api.dispose()
  const door = pulled.patch.find((p) => p.table === 'visits' && p.value?.address === street)
  expect(door?.value).toMatchObject({ lat: expect.closeTo(spot.latitude, 3), lng: expect.closeTo(spot.longitude, 3) })
  await page.goto('/sales/create')
  await expect(page.getByTestId('sale-position').getByRole('checkbox')).toBeChecked()
  await context.close()
})
