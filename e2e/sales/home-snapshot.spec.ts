import { expect, test, type Page } from '@playwright/test'
import { newTeamSeller } from '../api'
import { chooseFromUserMenu, fillSale, screen, signInAs } from '../fixtures'

/**
 * The seller's home starts from its picture (issue 78, docs/decisions/092): the home as last drawn is kept on the
 * device, and the next start paints it before the app's code runs, then the app takes over. The app's entry is held
 * back here (the network does not give it until the test says so), so what the seller sees before the app runs can be
 * looked at, and a tap made then is seen carried out once the app is there.
 */
const HOME = '/dashboards/sales/seller'
const picture = (page: Page) => page.locator('#sk-snapshot')

/** A seller with one sale today, on the home, and the home's picture kept. */
async function sellerWithPicture(page: Page, last: string) {
  const seller = await newTeamSeller('Bild', last, 'Team Öresund')
  await signInAs(page, seller.email, '/sales/create')
  await fillSale(page, { customer: `E2E Bild ${last} ${Date.now().toString(36)}` })
  await page.getByRole('button', { name: 'Spara försäljningen' }).click()
  await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/)
  await page.goto(HOME)
  await expect(page.locator('#root').getByTestId('today-sales')).toHaveText('1')
  await expect.poll(() => page.evaluate(() => localStorage.getItem('sk-home-snapshot') !== null)).toBe(true)
  return seller
}

/** The app's code does not arrive until `release()`: the page shows only what comes before it. */
async function holdEntry(page: Page) {
  const entry = await page.locator('script[data-entry]').getAttribute('data-entry')
  expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/)
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(`**${entry}`, async (route) => {
    await held
    await route.continue()
  })
  return () => release()
}

test('the home is on screen before the app runs, and a tap on it is carried out when the app takes over @phone', async ({ page }, info) => {
  await sellerWithPicture(page, info.project.name)
  const release = await holdEntry(page)
  await page.reload({ waitUntil: 'commit' })

  // The picture, with today's figure, while the app has drawn nothing yet.
  // (The picture keeps the app's test ids as its own, so no locator of the app's finds it.)
  await expect(picture(page).locator('[data-sk-testid="today-sales"]')).toHaveText('1')
  await expect(page.locator('#root').getByTestId('today-sales')).toHaveCount(0)
  expect(await page.evaluate(() => performance.getEntriesByName('seller-home-shown').length)).toBe(1)
  await screen(page, `${info.project.name}-home-picture`)

  // The seller taps "new sale" before the app runs: the tap shows it was taken, and the app carries it out.
  // Hidden from assistive technology (it meets the app itself): found by its address.
  const newSale = picture(page).locator('a[href="/sales/create"]')
  await expect(newSale).toHaveText('Ny försäljning')
  await newSale.click()
  await expect(newSale).toHaveAttribute('data-sk-pending', '')
  expect(page.url()).toMatch(new RegExp(`${HOME}$`))
  release()
  await expect(page).toHaveURL(/\/sales\/create$/)
  await expect(picture(page)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Spara försäljningen' })).toBeVisible()
})

test('the picture is for the same person, the same look and the same day; signing out forgets it @phone', async ({ page }, info) => {
  await sellerWithPicture(page, `${info.project.name}b`)
  // Kept: the next start shows it, and the app's home replaces it.
  await page.reload()
  await expect(page.locator('#root').getByTestId('today-sales')).toHaveText('1')
  await expect(picture(page)).toHaveCount(0)
  expect(await page.evaluate(() => performance.getEntriesByName('seller-home-shown').length)).toBe(1)

  // Another look (field mode chosen since, in another tab): the picture is not of this look, and the start is the
  // app's own. (Nor is a picture taken as the page is left: the page was not drawn in the look now chosen.)
  await page.evaluate(() => (document.cookie = 'saljkraft-fieldMode=on; path=/'))
  await page.reload()
  await expect(page.locator('#root').getByTestId('today-sales')).toHaveText('1')
  expect(await page.evaluate(() => performance.getEntriesByName('seller-home-shown').length)).toBe(0)
  await page.evaluate(() => (document.cookie = 'saljkraft-fieldMode=system; path=/'))

  // Yesterday's picture: its figures were that day's.
  await page.reload()
  await expect(page.locator('#root').getByTestId('today-sales')).toHaveText('1')
  await expect
    .poll(() =>
      page.evaluate(
        () => JSON.parse(localStorage.getItem('sk-home-snapshot') ?? '{}').look === (window as unknown as { skLook: { key: () => string } }).skLook.key(),
      ),
    )
    .toBe(true)
  // Aged in the next page itself, before its start reads it: leaving the home keeps a picture of today, and a
  // change written from a page in between can reach the next one after that picture (CI once saw it shown).
  await page.addInitScript((home) => {
    const kept = localStorage.getItem('sk-home-snapshot')
    if (location.pathname !== home || !kept) return
    localStorage.setItem('sk-home-snapshot', JSON.stringify({ ...(JSON.parse(kept) as object), until: Date.now() - 1 }))
  }, HOME)
  await page.goto(HOME)
  await expect(page.locator('#root').getByTestId('today-sales')).toHaveText('1')
  expect(await page.evaluate(() => performance.getEntriesByName('seller-home-shown').length)).toBe(0)

  // Another person on this browser: nothing of the seller's home is left after signing out.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('sk-home-snapshot') !== null)).toBe(true)
  await chooseFromUserMenu(page, 'Logga ut')
  await expect(page).toHaveURL(/\/login/)
  expect(await page.evaluate(() => localStorage.getItem('sk-home-snapshot'))).toBeNull()
})
