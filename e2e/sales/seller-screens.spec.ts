import { expect, test } from '@playwright/test'
import { expectSnackbar, recordSnackbars, screen, signInAs } from '../fixtures'

/** The seller screens' rules as a seller meets them (online, on the shared server; one seller per project). */
// Not the profile test's accounts (it counts their sessions); one per project, as a sick notice is sent once.
const sellerFor = (project: string) => (project === 'phone' ? 'ahmed.karimi@demo.test' : 'erik.johansson@demo.test')

test('the sale form checks what the server would, in Swedish, before anything is saved @phone', async ({ page }, info) => {
  await signInAs(page, sellerFor(info.project.name), '/sales/create')
  await page.getByRole('button', { name: 'Spara försäljningen' }).click()
  await expect(page.getByText('Du måste välja en leverantör')).toBeVisible()
  await expect(page).toHaveURL('/sales/create')

  await page.getByTestId('provider').selectOption({ label: 'Fiberlinjen' })
  await page.getByLabel(/^Personnummer/).fill('811218-9875')
  await page.getByLabel(/^Postnummer/).fill('1234')
  await page.getByRole('button', { name: 'Spara försäljningen' }).click()
  await expect(page.getByText('Ogiltigt personnummer (ÅÅMMDD-NNNN, kontrollsiffran stämmer inte)')).toBeVisible()
  await expect(page.getByText('Ange ett postnummer med fem siffror, t.ex. 211 45')).toBeVisible()
  await screen(page, `${info.project.name}-sale-form-errors`, { fullPage: true })

  // Fiberlinjen requires an external order number (spec section 5)
  const product = page.getByTestId('product-0')
  await product.selectOption({ index: 1 })
  await page.getByLabel(/^Personnummer/).fill('811218-9876')
  await page.getByLabel(/^Kundens namn/).fill('Regel Test')
  await page.getByLabel(/^Telefon/).fill('070-123 45 67')
  await page.getByLabel(/^Adress/).fill('Storgatan 2')
  await page.getByLabel(/^Postnummer/).fill('21145')
  await page.getByLabel(/^Ort/).fill('Lund')
  await page.getByRole('button', { name: 'Spara försäljningen' }).click()
  await expect(page.getByText('Externt ordernummer krävs för den här leverantören')).toBeVisible()
  await page.getByLabel(/^Externt ordernummer/).fill('FL-42')
  await page.getByRole('button', { name: 'Spara försäljningen' }).click()
  await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/)
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0', { timeout: 20_000 })
  await page.goto('/sales/list')
  await expect(page.locator('[data-testid="sale-row"]:visible').filter({ hasText: 'Regel Test' }).first()).toBeVisible()
  await screen(page, `${info.project.name}-sales-list`, { fullPage: true })
})

test('a time report follows the rules of spec section 5, and a sick notice is sent once per occasion @phone', async ({ page }, info) => {
  await signInAs(page, sellerFor(info.project.name), '/sales/time-report')
  await page.getByTestId('present').selectOption('yes')
  await page.getByTestId('absence-hours').selectOption('2')
  await page.getByRole('button', { name: 'Spara tidrapporten' }).click()
  await expect(page.getByText('Arbetstiden kan inte vara 8 timmar när det finns frånvaro')).toBeVisible()
  await expect(page.getByText('Mer än 8 timmar totalt går inte')).toBeVisible()
  await screen(page, `${info.project.name}-time-report-errors`, { fullPage: true })

  // A valid day: 8 hours at work. Then sick after all, for the same day: the notice asks which holds (decision 060).
  await page.getByTestId('absence-hours').selectOption('0')
  await recordSnackbars(page)
  await page.getByRole('button', { name: 'Spara tidrapporten' }).click()
  await expectSnackbar(page, 'Tidrapporten är sparad')
  await page.goto('/sales/sick-notice')
  await page.getByLabel(/^Meddelande till din coach/).fill('Feber')
  await expect(page.getByTestId('sick-same-day')).toContainText('Du har redan rapporterat 8 timmars arbete den dagen')
  await page.getByRole('button', { name: 'Skicka sjukanmälan' }).click()
  await expect(page.getByText('Välj vad som gäller för dagen')).toBeVisible()
  await screen(page, `${info.project.name}-sick-notice-same-day`, { fullPage: true })
  await page.getByText('Jag var sjuk hela dagen').click()
  await page.getByRole('button', { name: 'Skicka sjukanmälan' }).click()
  await expect(page.getByTestId('sick-notice-sent')).toContainText('Du är sjukanmäld sedan')
  // The server made the day a sick day; the phone pulls it, and the day's report says so.
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0')
  await page.goto('/sales/time-report')
  await expect(page.getByTestId('present')).toHaveValue('no')
  await expect(page.getByTestId('absence-type')).toHaveValue('sick')
  await page.goto('/sales/sick-notice')
  await page.reload()
  await expect(page.getByTestId('sick-notice-sent')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Skicka sjukanmälan' })).toHaveCount(0)
  await screen(page, `${info.project.name}-sick-notice`, { fullPage: true })
})

test('the salary estimate explains its figures', async ({ page }) => {
  await signInAs(page, 'seller@demo.test', '/sales/salary-calculator')
  await expect(page.getByText(/167 arbetstimmar i månaden/)).toBeVisible()
  await expect(page.getByText('Så räknas det')).toBeVisible()
  await screen(page, 'desktop-salary', { fullPage: true })
  await page.goto('/dashboards/sales/seller')
  await expect(page.getByText('Månadens budget')).toBeVisible()
  await screen(page, 'desktop-dashboard', { fullPage: true })
})

test('the salary estimate fits a phone: its statuses stack instead of scrolling sideways @phone-only', async ({ page }, info) => {
  await signInAs(page, 'seller@demo.test', '/sales/salary-calculator')
  const list = page.getByTestId('salary-status-list')
  await expect(list.getByRole('listitem').first()).toBeVisible()
  await expect(list.getByRole('listitem').first()).toContainText(/\d+ försäljning/)
  // Nothing on the page is wider than the phone, and nothing in it scrolls sideways.
  const sideways = await page.evaluate(
    () =>
      [...document.querySelectorAll('main *')].filter(
        (el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible' && el.clientWidth > 0,
      ).length,
  )
  expect(sideways).toBe(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  await screen(page, `${info.project.name}-salary`, { fullPage: true })
})
