import { expect, test } from '@playwright/test'
import { signInFresh } from '../fixtures'

test.describe('scroll behaviour on navigation @phone', () => {
  test('a hash scrolls to its element with an offset of 60 px; a new page starts at the top', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signInFresh(page, 'admin@demo.test')
    await page.goto('/start#area-backoffice')
    const area = page.locator('#area-backoffice')
    await expect(area).toBeVisible()
    await expect.poll(async () => Math.round(await area.evaluate((el) => el.getBoundingClientRect().top))).toBe(60)
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200)

    await area.getByRole('link').first().click()
    await expect(page).toHaveURL('/backoffice/salereports')
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })
})
