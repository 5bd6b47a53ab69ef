import { expect, test, type Page } from '@playwright/test'
import { sv } from '../../shared/i18n/sv'
import { policyViolations, recordPolicyViolations, signInAs } from '../fixtures'
import { guarded, pathOf, phoneWalker, WALKERS } from '../screens'

/**
 * Every screen of the route table on a phone (390 px): drawn as someone who uses it — the first of seller, coach,
 * manager, back office and admin that may open it — with its heading, and no wider than the phone once its data
 * is in. The flows themselves run on a phone where the phone matters (the seller's screens, the shell, the public
 * survey, one flow of each dialog pattern); this walk is what keeps every other screen honest at that size.
 */

/** Client-side navigation, like following a link. */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}

/**
 * The screen is drawn with its heading, nothing is loading, the page is no wider than the window, and nothing on it
 * broke the Content-Security-Policy.
 */
async function fits(page: Page, path: string, heading: string) {
  await page.waitForURL(path)
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
  await expect(page.locator('[data-loading], [aria-busy=true]')).toHaveCount(0)
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }))
  expect(widths.page, `${path} is ${widths.page} px wide on a ${widths.window} px phone`).toBeLessThanOrEqual(widths.window)
  expect(await policyViolations(page), path).toEqual([])
}

test.describe('every screen on a phone @phone-only', () => {
  for (const role of WALKERS) {
    const routes = guarded.filter((r) => phoneWalker(r) === role)
    test(`${role}: ${routes.length} screens`, async ({ page }) => {
      test.setTimeout(240_000)
      await recordPolicyViolations(page)
      await signInAs(page, `${role}@demo.test`, '/start')
      for (const route of routes) {
        await navigate(page, pathOf(route))
        await fits(page, pathOf(route), (sv.routes as Record<string, string>)[route.name]!)
      }
    })
  }

  test('the public screens', async ({ page }) => {
    await recordPolicyViolations(page)
    await page.goto('/login')
    await expect(page.getByRole('button', { name: 'Logga in', exact: true })).toBeVisible()
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }))
    expect(widths.page).toBeLessThanOrEqual(widths.window)
    for (const [path, heading] of [
      ['/start', 'Välkommen till Säljkraft'],
      ['/not-authorized', 'Du saknar behörighet'],
      ['/no/such/page', 'Sidan finns inte'],
    ] as const) {
      await navigate(page, path)
      await fits(page, path, heading)
    }
  })
})
