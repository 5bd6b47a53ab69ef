import { expect, test } from '@playwright/test'
import { signIn } from '../fixtures'

/** docs/decisions/014: the login, opened first, starts without the component library; the app brings it. */
test('a first visit to the login loads no component library; signing in brings it with the start screen @phone', async ({ page }) => {
  const scripts = () => page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name.split('/').pop()!).filter((n) => n.endsWith('.js')))
  const emotionStyles = () => page.evaluate(() => document.querySelectorAll('style[data-emotion]').length)

  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Logga in', level: 1 })).toBeVisible()
  await page.getByLabel(/^E-post/).press('a') // the first key loads the form's validation
  await expect.poll(async () => (await scripts()).some((n) => n.startsWith('login-validation'))).toBe(true)
  expect((await scripts()).filter((n) => /^(styled-shell|theme)-[\w-]{8}\.js$/.test(n))).toEqual([])
  expect(await emotionStyles()).toBe(0)

  await page.getByLabel(/^E-post/).fill('')
  await signIn(page, 'manager@demo.test')
  await expect(page).toHaveURL('/start')
  await expect(page.getByRole('heading', { name: 'Hej Maria!' })).toBeVisible()
  expect((await scripts()).some((n) => n.startsWith('styled-shell'))).toBe(true)
  expect(await emotionStyles()).toBeGreaterThan(0)
})
