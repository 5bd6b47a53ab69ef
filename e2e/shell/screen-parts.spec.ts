import { expect, test } from '@playwright/test'
import { chooseFromUserMenu, signInAs } from '../fixtures'

test.describe('shared screen parts @phone', () => {
  test('the simple snackbar shows the logout message in blue-grey and closes after about 2 s', async ({ page }) => {
    await signInAs(page, 'seller@demo.test')
    // Record when the snackbar appears and goes, independent of how fast this test polls.
    await page.evaluate(() => {
      const w = window as unknown as { seen: Array<{ text: string; color: string | null; at: number }>; gone: number | null }
      w.seen = []
      w.gone = null
      new MutationObserver(() => {
        const bar = document.querySelector('[data-testid=snackbar]')
        if (bar && w.seen.length === 0) w.seen.push({ text: bar.textContent ?? '', color: bar.getAttribute('data-color'), at: performance.now() })
        if (!bar && w.seen.length > 0 && w.gone === null) w.gone = performance.now()
      }).observe(document.body, { childList: true, subtree: true })
    })
    await chooseFromUserMenu(page, 'Logga ut')
    await expect(page).toHaveURL('/login')
    await expect.poll(() => page.evaluate(() => (window as unknown as { gone: number | null }).gone !== null), { timeout: 8000 }).toBe(true)
    const { seen, gone } = await page.evaluate(() => {
      const w = window as unknown as { seen: Array<{ text: string; color: string; at: number }>; gone: number }
      return { seen: w.seen, gone: w.gone }
    })
    expect(seen[0]!.text).toContain('Du är utloggad.')
    expect(seen[0]!.color).toBe('blueGrey')
    expect(gone - seen[0]!.at).toBeGreaterThan(1800)
    expect(gone - seen[0]!.at).toBeLessThan(3500)
  })

  test('the scroll-to-top button appears after 200 px and scrolls back smoothly', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 600 })
    await signInAs(page, 'admin@demo.test', '/start')
    await expect(page.getByRole('heading', { name: 'Hej Astrid!' })).toBeVisible()
    await expect(page.getByTestId('scroll-to-top')).toHaveCount(0)
    await page.evaluate(() => window.scrollTo(0, 150))
    await expect(page.getByTestId('scroll-to-top')).toHaveCount(0)
    await page.evaluate(() => window.scrollTo(0, 600))
    await page.getByTestId('scroll-to-top').click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await expect(page.getByTestId('scroll-to-top')).toHaveCount(0)
    await page.emulateMedia({ media: 'print' })
    await page.evaluate(() => window.scrollTo(0, 600))
    await expect(page.getByTestId('scroll-to-top')).toBeHidden()
  })
})
