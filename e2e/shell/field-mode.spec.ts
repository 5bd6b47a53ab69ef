import { expect, test, type Locator, type Page } from '@playwright/test'
import { newTeamSeller } from '../api'
import { lowContrastText, screen, seriousFindings, signInAs, syncedSince } from '../fixtures'

/**
 * Field mode (issue 78, docs/decisions/089): one tap in the seller's navbar, remembered on the device; every text at
 * 7:1 or more against what is drawn behind it (4.5:1 when large: WCAG 1.4.6, AAA), computed here from the rendered
 * colours and checked by axe's enhanced rule too; the primary actions — a new sale, a door's outcome, the checkout, a
 * form's save — at least 48 px and at the bottom edge of a phone, in the thumb's reach.
 */
const AAA = { normal: 7, large: 4.5 }

/** A primary action a thumb reaches: 48 px or more each way, in the lower third of the screen. */
async function inThumbZone(page: Page, action: Locator) {
  const box = (await action.boundingBox())!
  const height = page.viewportSize()!.height
  expect(box.height, 'height').toBeGreaterThanOrEqual(48)
  expect(box.width, 'width').toBeGreaterThanOrEqual(48)
  expect(box.y, 'top edge').toBeGreaterThanOrEqual((height * 2) / 3)
  expect(box.y + box.height, 'bottom edge').toBeLessThanOrEqual(height)
}

async function readableInSunlight(page: Page, what: string) {
  expect(await lowContrastText(page, AAA.normal, AAA.large), `${what}: text below AAA`).toEqual([])
  expect(await seriousFindings(page, { field: true }), `${what}: axe`).toEqual([])
}

test('field mode: one tap, remembered, AAA text and the primary actions docked for the thumb @phone-only', async ({ page }) => {
  test.slow() // four screens read twice each
  // A seller of the test's own: no other test counts their sessions or their doors.
  const { email } = await newTeamSeller('Fia', 'Faltsson', 'Team Öresund')
  const arrived = Date.now()
  await signInAs(page, email, '/dashboards/sales/seller')
  await syncedSince(page, arrived)
  const toggle = page.getByRole('button', { name: 'Fältläge' })
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await expect(page.getByTestId('seller-actions').getByRole('link', { name: 'Ny försäljning' })).toBeVisible()
  await toggle.click()
  await expect(page.locator('html')).toHaveAttribute('data-field', 'on')
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')

  // Remembered on this device: a new start comes up in field mode.
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-field', 'on')
  const dock = page.getByTestId('seller-actions')
  await expect(dock).toHaveAttribute('data-thumb-dock', '')
  // A new seller of a team without a budget: the month's card says so once the device store has answered.
  await expect(page.getByText('Ingen budget är satt för den här månaden.')).toBeVisible()
  await expect(page.locator('[data-loading]')).toHaveCount(0)
  await inThumbZone(page, dock.getByRole('link', { name: 'Ny försäljning' }))
  await inThumbZone(page, dock.getByRole('button', { name: 'Dörr' }))
  await inThumbZone(page, dock.getByRole('link', { name: 'Dagsavslut' }))
  await readableInSunlight(page, 'the seller’s home')
  await screen(page, 'phone-field-home')

  // A door's outcome: the sheet from the bottom edge, every outcome in reach; the outcome's form as before.
  await dock.getByRole('button', { name: 'Dörr' }).click()
  const sheet = page.getByTestId('door-sheet')
  await expect(sheet).toBeVisible()
  for (const name of ['Inte hemma', 'Inte intresserad', 'Kom tillbaka', 'Försäljning']) await inThumbZone(page, sheet.getByRole('button', { name }))
  await readableInSunlight(page, 'the door sheet')
  await screen(page, 'phone-field-door-sheet')
  await sheet.getByRole('button', { name: 'Inte hemma' }).click()
  const dialog = page.getByTestId('door-dialog')
  await dialog.getByLabel(/^Adress/).fill('Fältgatan 3')
  await dialog.getByTestId('door-save').click()
  await expect(dialog).toBeHidden()

  // A form's save: the new sale and the checkout dock their buttons too.
  for (const [path, action, title] of [
    ['/sales/create', 'Spara försäljningen', 'the new sale'],
    ['/sales/daily-checkout', 'Gör dagsavslut', 'the checkout'],
  ] as const) {
    await page.goto(path)
    const save = page.getByTestId('form-actions-dock').getByRole('button', { name: action })
    await expect(save).toBeVisible()
    await expect(page.locator('[data-loading]')).toHaveCount(0)
    await inThumbZone(page, save)
    await readableInSunlight(page, title)
    await screen(page, `phone-field-${path.split('/').pop()}`)
  }

  // One tap again: the usual look, the actions back in the page.
  await page.goto('/dashboards/sales/seller')
  await toggle.click()
  await expect(page.locator('html')).toHaveAttribute('data-field', 'off')
  await expect(page.getByTestId('seller-actions')).not.toHaveAttribute('data-thumb-dock')
})

test('the device asking for more contrast turns field mode on; the tap turns it off on this device', async ({ page }) => {
  await page.emulateMedia({ contrast: 'more', colorScheme: 'dark' })
  const { email } = await newTeamSeller('Kontrast', 'Enhet', 'Team Öresund')
  await signInAs(page, email, '/dashboards/sales/seller')
  // Field mode is light whatever the theme: a dark screen is a mirror in the sun.
  await expect(page.locator('html')).toHaveAttribute('data-field', 'on')
  await expect(page.locator('html')).toHaveClass(/\blight\b/)
  // On a wide screen the actions stay in the page, 48 px and more.
  await expect(page.getByTestId('seller-actions')).not.toHaveAttribute('data-thumb-dock')
  const toggle = page.getByRole('button', { name: 'Fältläge' })
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  await toggle.click()
  await expect(page.locator('html')).toHaveAttribute('data-field', 'off')
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-field', 'off')
  // The customizer says the same: off on this device, rather than as the device.
  await page.getByTestId('open-customizer').click()
  await expect(page.getByRole('radiogroup', { name: 'Fältläge' }).getByRole('radio', { name: 'Av' })).toHaveAttribute('aria-checked', 'true')
})
