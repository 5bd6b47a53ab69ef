import { expect, test, type Page } from '@playwright/test'
import { chooseFromUserMenu, signInAs } from '../fixtures'
import { BASE_URL } from '../../playwright.config'

/** The gear in the navbar on wide screens; on a phone the user menu's "Utseende". */
async function openCustomizer(page: Page) {
  const gear = page.getByTestId('open-customizer')
  if (await gear.isVisible()) await gear.click()
  else {
    await chooseFromUserMenu(page, 'Utseende')
  }
  await expect(page.getByTestId('customizer')).toBeVisible()
}

test.describe('preferences survive a reload @phone', () => {
  test('theme, skin, primary colour and language', async ({ page }) => {
    await signInAs(page, 'coach@demo.test', '/dashboards/sales/coach')
    await openCustomizer(page)
    const customizer = page.getByTestId('customizer')
    await customizer.getByRole('radio', { name: 'Mörkt' }).click()
    await customizer.getByRole('radio', { name: 'Med ramar' }).click()
    await customizer.getByRole('radio', { name: 'Färg #5E50EE' }).click()
    await customizer.getByLabel('Språk').selectOption('en')
    await expect(page.locator('html')).toHaveClass(/dark/)
    await expect(customizer.getByRole('radio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true')

    await page.reload()
    const html = page.locator('html')
    await expect(html).toHaveClass(/dark/)
    await expect(html).toHaveAttribute('data-skin', 'bordered')
    await expect(html).toHaveAttribute('lang', 'en')
    expect(await html.evaluate((el) => el.style.getPropertyValue('--sk-primary'))).toBe('#5E50EE')
    await expect(page.getByRole('heading', { name: 'Coach dashboard', level: 1 })).toBeVisible()
    const cookies = await page.context().cookies()
    const names = cookies.map((c) => c.name)
    for (const name of [
      'theme',
      'skin',
      'language',
      'color-scheme',
      'initial-loader-bg',
      'initial-loader-color',
      'isNavbarBlurEnabled',
      'appContentWidth',
      'isVerticalNavCollapsed',
      'isVerticalNavSemiDark',
    ]) {
      expect(names, name).toContain(`saljkraft-${name}`)
    }
  })

  test('the first paint already has the saved colours', async ({ page, context }) => {
    await context.addCookies([
      { name: 'saljkraft-theme', value: 'dark', url: BASE_URL },
      { name: 'saljkraft-initial-loader-bg', value: '#18181b', url: BASE_URL },
    ])
    // Before any module script runs, theme-init.js has set the class and the background.
    await page.route('**/assets/*.js', (route) => route.abort())
    await page.goto('/login')
    await expect(page.locator('html')).toHaveClass(/dark/)
    expect(await page.locator('html').evaluate((el) => el.style.backgroundColor)).toBe('rgb(24, 24, 27)')
  })
})

test.describe('languages', () => {
  test('an area’s messages come in the chosen language: at start, and when the language changes', async ({ page, context }) => {
    await signInAs(page, 'seller@demo.test')
    await context.addCookies([{ name: 'saljkraft-language', value: 'en', url: BASE_URL }])
    // The seller dashboard's messages are the `sales` namespace, loaded with the screen, not with the shell.
    await page.goto('/dashboards/sales/seller')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByText('Monthly budget')).toBeVisible()
    await openCustomizer(page)
    await page.getByTestId('customizer').getByLabel('Language').selectOption('fi')
    await expect(page.locator('html')).toHaveAttribute('lang', 'fi')
    await expect(page.getByText('Kuukauden budjetti')).toBeVisible()
    await expect(page.getByText('Monthly budget')).toHaveCount(0)
    await expect(page.getByText('Månadens budget')).toHaveCount(0)
  })
})

test.describe('layout', () => {
  test('horizontal layout survives a reload; a narrow window forces vertical and a wide one restores it', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await signInAs(page, 'backoffice@demo.test', '/backoffice/products')
    await expect(page.getByTestId('vertical-nav')).toBeVisible()
    await openCustomizer(page)
    await page.getByTestId('customizer').getByRole('radio', { name: 'Horisontell' }).click()
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('horizontal-nav')).toBeVisible()
    await expect(page.getByTestId('vertical-nav')).toHaveCount(0)

    await page.reload()
    await expect(page.getByTestId('horizontal-nav')).toBeVisible()

    await page.setViewportSize({ width: 700, height: 900 })
    await expect(page.getByTestId('horizontal-nav')).toHaveCount(0)
    await page.getByRole('button', { name: 'Öppna menyn' }).click()
    await expect(page.getByRole('link', { name: 'Produkter' })).toBeVisible()
    await page.keyboard.press('Escape')

    await page.setViewportSize({ width: 1440, height: 900 })
    await expect(page.getByTestId('horizontal-nav')).toBeVisible()
  })

  test('switching to horizontal makes a hidden navbar sticky', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await signInAs(page, 'manager@demo.test', '/dashboards/sales/manager')
    await openCustomizer(page)
    const customizer = page.getByTestId('customizer')
    await customizer.getByRole('radiogroup', { name: 'Toppmeny' }).getByRole('radio', { name: 'Dold' }).click()
    await customizer.getByRole('radio', { name: 'Horisontell' }).click()
    await expect(customizer.getByRole('radiogroup', { name: 'Toppmeny' }).getByRole('radio', { name: 'Fast' })).toHaveAttribute('aria-checked', 'true')
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('navbar')).toHaveAttribute('data-navbar-type', 'sticky')
  })
})
