import { expect, test } from '@playwright/test'
import { signIn, signInFresh } from '../fixtures'

/**
 * docs/decisions/014 and 087: the login, opened first, starts without the component library and without the router
 * (its table of screens, the permissions); signing in brings them with the start screen.
 */
test('a first visit to the login loads no component library and no router; signing in brings them with the start screen @phone', async ({ page }) => {
  const scripts = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((r) => r.name.split('/').pop()!)
        .filter((n) => n.endsWith('.js')),
    )
  const emotionStyles = () => page.evaluate(() => document.querySelectorAll('style[data-emotion]').length)

  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Logga in', level: 1 })).toBeVisible()
  await page.getByLabel(/^E-post/).press('a') // the first key loads the form's validation
  await expect.poll(async () => (await scripts()).some((n) => n.startsWith('login-validation'))).toBe(true)
  expect((await scripts()).filter((n) => /^(styled-shell|theme|router)-[\w-]{8}\.js$/.test(n))).toEqual([])
  expect(await emotionStyles()).toBe(0)

  await page.getByLabel(/^E-post/).fill('')
  await signIn(page, 'manager@demo.test')
  await expect(page).toHaveURL('/dashboards/sales/manager')
  await expect(page.getByRole('heading', { name: 'Chefsöversikt', level: 1 })).toBeVisible()
  expect((await scripts()).some((n) => n.startsWith('styled-shell'))).toBe(true)
  expect((await scripts()).some((n) => /^router-[\w-]{8}\.js$/.test(n))).toBe(true)
  expect(await emotionStyles()).toBeGreaterThan(0)
})

/** docs/decisions/015: Chakra's reset, global CSS and tokens arrive as a built stylesheet, not made on the device. */
test('a signed-in screen gets the theme from a built stylesheet, light and dark, and emotion inserts only the components’ styles', async ({ page }) => {
  await signInFresh(page, 'seller@demo.test')
  await page.goto('/dashboards/sales/seller')
  await expect(page.getByRole('heading', { name: 'Min översikt', level: 1 })).toBeVisible()

  // The server names the stylesheet in the page, so it arrives with the entry.
  const links = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].map((l) => l.href.split('/').pop()!))
  expect(links.some((name) => /^styled-shell-[\w-]{8}\.css$/.test(name))).toBe(true)

  const look = () =>
    page.evaluate(() => {
      const root = getComputedStyle(document.documentElement)
      let tokenRules = 0
      let emotionRules = 0
      for (const style of document.querySelectorAll<HTMLStyleElement>('style[data-emotion]')) {
        for (const rule of style.sheet?.cssRules ?? []) {
          emotionRules++
          if (rule.cssText.includes('--chakra-colors-gray-50:')) tokenRules++
        }
      }
      return {
        brand: root.getPropertyValue('--chakra-colors-brand-solid').trim(),
        body: getComputedStyle(document.body).backgroundColor,
        tokenRules,
        emotionRules,
      }
    })
  const light = await look()
  expect(light.brand).not.toBe('')
  expect(light.emotionRules).toBeGreaterThan(0)
  expect(light.tokenRules).toBe(0)

  // Dark (the theme follows the system by default): the same stylesheet's dark values.
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(page.locator('html')).toHaveClass(/dark/)
  await expect.poll(async () => (await look()).body).not.toBe(light.body)
  expect((await look()).tokenRules).toBe(0)

  // Less motion, when the system asks for it (the suite does): nothing animates; without the wish, the theme's own.
  const motion = () => page.evaluate(() => getComputedStyle(document.body).transitionDuration)
  expect(await motion()).toBe('1e-05s')
  await page.emulateMedia({ reducedMotion: 'no-preference' })
  await expect.poll(motion).toBe('0s')
})
