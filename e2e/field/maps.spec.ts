import { expect, test, type Page } from '@playwright/test'
import type { MapSalesAnswer } from '../../shared/schemas/maps'
import { apiAs, newTeamSeller, ownCustomers } from '../api'
import { expectSnackbar, fillSale, recordSnackbars, screen, signInAs } from '../fixtures'

/**
 * The maps (issue 46, decision 074): a seller's position is kept with a sale only after they allow it on their phone;
 * back office finds that sale on the map and opens its sale report from it; a coach draws an area, names it, and
 * removes it; an admin reads in the postal codes' positions.
 */
const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(Date.now())

async function newSale(page: Page, customer: string, ssn: string) {
  await fillSale(page, { customer, ssn })
  await page.getByRole('button', { name: 'Spara försäljningen' }).click()
  await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/)
}

test('a sale gets a position only after the seller allows it, and back office opens it from the map @phone-only', async ({ browser }, info) => {
  // A place far from every demo sale (Lapland), the project's own.
  const spot = { latitude: 67.2 + (Date.now() % 997) / 100_000, longitude: 20.3 }
  const context = await browser.newContext({ ...info.project.use, geolocation: spot, permissions: ['geolocation'] })
  const page = await context.newPage()
  const seller = await newTeamSeller('Karta', 'Position', 'Team Öresund')
  const [first, second] = ownCustomers('19770707', 2)
  const stamp = Date.now().toString(36)
  await signInAs(page, seller.email, '/dashboards/sales/seller')
  await expect(page.getByTestId('sync-status')).toContainText('Synkad')

  // The organisation records positions (the demo does): the device learned it from its report; the seller has not said yes.
  await page.goto('/sales/create')
  const choice = page.getByTestId('sale-position')
  await expect(choice).toBeVisible()
  await expect(choice.getByRole('checkbox')).not.toBeChecked()
  await newSale(page, `Utan ${stamp}`, first!)

  await page.goto('/sales/create')
  // The box's label is what a person taps (the input is hidden).
  await choice.click()
  await expect(choice.getByRole('checkbox')).toBeChecked()
  await screen(page, 'sale-position-choice')
  await newSale(page, `Med ${stamp}`, second!)
  await page.goto('/dashboards/sales/seller')
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0')

  // Of the seller's two sales, only the second is at the door; the first is placed by its postal code (Malmö).
  const backoffice = await apiAs('backoffice@demo.test')
  const day = today()
  const answer = (await (
    await backoffice.get(
      `/api/maps/sales?from=${day}&to=${day}&sellerId=${seller.id}&zoom=18&bbox=${spot.longitude - 1},${spot.latitude - 1},${spot.longitude + 1},${spot.latitude + 1}`,
    )
  ).json()) as MapSalesAnswer
  await backoffice.dispose()
  expect(answer.totals).toMatchObject({ sales: 2, device: 1, postalCode: 1 })
  expect(answer.features).toHaveLength(1)
  expect(answer.features[0]).toMatchObject({ kind: 'sale', placed: 'device' })
  await context.close()

  // Back office finds it on the map and opens its sale report from the point.
  const office = await browser.newContext({ baseURL: info.project.use.baseURL, viewport: { width: 1280, height: 900 } })
  const desk = await office.newPage()
  await signInAs(desk, 'backoffice@demo.test', `/backoffice/controlling/maps?c=${spot.longitude},${spot.latitude}&z=15&sellerId=${seller.id}`)
  await desk.getByRole('button', { name: /^Försäljning, / }).click()
  const selected = desk.getByTestId('map-selected')
  await expect(selected).toContainText('Storgatan 1, Malmö')
  await screen(desk, 'maps-sale-selected')
  await selected.getByRole('link', { name: `Med ${stamp}` }).click()
  await expect(desk).toHaveURL(/\/backoffice\/salereports\/[0-9a-f-]{36}$/)
  await expect(desk.getByText(`Med ${stamp}`).first()).toBeVisible()
  await office.close()
})

test('a coach draws an area on the map, names it and removes it; the overlap with another is shown', async ({ page }) => {
  const name = `Ritat ${Date.now().toString(36)}`
  await signInAs(page, 'coach@demo.test', '/backoffice/controlling/maps?c=13.0749,55.5857&z=14')
  await recordSnackbars(page)
  await page.getByRole('button', { name: 'Rita nytt område' }).click()
  const map = page.getByTestId('map')
  await expect(page.getByTestId('draw-bar')).toBeVisible()
  // The map must have loaded before it takes corners: a click before that reaches no handler.
  await expect(map).toHaveAttribute('data-ready', 'true')
  const box = (await map.boundingBox())!
  // Four corners around the middle of the view (Husie, where the demo's area is: the new one overlaps it).
  const corners = [
    [-60, -40],
    [60, -40],
    [60, 40],
    [-60, 40],
  ]
  // The map in view, as a person drawing sees it (a click that scrolls the page first is not a corner to MapLibre).
  await map.scrollIntoViewIfNeeded()
  for (const [i, [dx, dy]] of corners.entries()) {
    await map.click({ position: { x: box.width / 2 + dx!, y: box.height / 2 + dy! } })
    await expect(page.getByTestId('draw-bar')).toContainText(`${i + 1} hörn`)
  }
  await page.getByRole('button', { name: 'Klar' }).click()
  const dialog = page.getByTestId('area-dialog')
  await expect(dialog).toContainText('Ritat med 4 hörn')
  await dialog.getByRole('textbox', { name: 'Namn' }).fill(name)
  await dialog.getByRole('combobox', { name: 'Team' }).selectOption({ label: 'Team Öresund' })
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expectSnackbar(page, 'Området sparades')
  const listed = page.getByTestId('map-areas').getByRole('button', { name: new RegExp(name) })
  await expect(listed).toContainText('Överlappar')
  await listed.click()
  await expect(page.getByTestId('area-overlaps')).toContainText('Husie')
  await screen(page, 'maps-area-drawn')

  await page.getByTestId('map-selected').getByRole('button', { name: 'Ändra' }).click()
  await page.getByTestId('area-delete').click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ta bort området' }).click()
  await expectSnackbar(page, 'Området togs bort')
  await expect(page.getByTestId('map-areas').getByRole('button', { name: new RegExp(name) })).toHaveCount(0)
})

test('an admin reads in postal codes and sees the rows that could not be read', async ({ page }) => {
  await signInAs(page, 'admin@demo.test', '/backoffice/controlling/maps')
  await page.getByRole('button', { name: 'Kartinställningar' }).click()
  const dialog = page.getByTestId('map-settings')
  await expect(dialog).toContainText('Postnummer med position')
  // The demo's plain background: the dialog says how to get streets (a PMTiles extract, or a provider's style).
  await expect(dialog.getByTestId('basemap-guide')).toContainText('Den enkla bakgrunden visar inga gator')
  await expect(dialog.getByTestId('basemap-guide')).toContainText('pmtiles extract')
  await dialog.getByTestId('postal-file').setInputFiles({
    name: 'postnummer.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Postnummer;Latitud;Longitud\r\n211 99;55,6;13,0\r\n21198;söder;13.0\r\n', 'latin1'),
  })
  await dialog.getByRole('button', { name: 'Läs in' }).click()
  await expect(dialog.getByTestId('postal-result')).toContainText('1 av 2 rader lästes in.')
  await expect(dialog.getByTestId('postal-result')).toContainText('Rad 3: Latitud eller longitud saknas eller är ogiltig')
  await screen(page, 'maps-settings')
})

test('the map moves a step with a tap, no drag needed (WCAG 2.5.7)', async ({ page }) => {
  await signInAs(page, 'coach@demo.test', '/backoffice/controlling/maps?c=13.0749,55.5857&z=14')
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true')
  const centre = () => new URL(page.url()).searchParams.get('c')!.split(',').map(Number) as [number, number]
  const pan = page.getByRole('group', { name: 'Flytta kartan' })
  await pan.getByRole('button', { name: 'Flytta kartan österut' }).click()
  await expect.poll(() => centre()[0]).toBeGreaterThan(13.08)
  await pan.getByRole('button', { name: 'Flytta kartan norrut' }).click()
  await expect.poll(() => centre()[1]).toBeGreaterThan(55.59)
  await pan.getByRole('button', { name: 'Flytta kartan västerut' }).click()
  await pan.getByRole('button', { name: 'Flytta kartan söderut' }).click()
  await expect.poll(() => centre().map((v) => v.toFixed(3))).toEqual(['13.075', '55.586'])
})
