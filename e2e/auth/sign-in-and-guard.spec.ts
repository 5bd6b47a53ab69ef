import { expect, test } from '@playwright/test'
import { chooseFromUserMenu, signIn, signInFresh, storedSession } from '../fixtures'

test.describe('sign-in and the route guard @phone', () => {
  test('a visitor opening a back-office page signs in and arrives there', async ({ page }) => {
    await page.goto('/backoffice/products?x=1')
    await expect(page).toHaveURL('/login?x=1&to=/backoffice/products')
    await expect(page.getByRole('heading', { name: 'Logga in', level: 1 })).toBeVisible()
    await expect(page.getByTestId('demo-badge')).toBeVisible()
    await signIn(page, 'backoffice@demo.test')
    await expect(page).toHaveURL('/backoffice/products?x=1')
    await expect(page.getByRole('heading', { name: 'Produkter', level: 1 })).toBeVisible()
    await expect(page).toHaveTitle('Produkter · Säljkraft')
    const session = await storedSession(page)
    expect(JSON.parse(session.userData!).role).toBe('backoffice')
    expect(JSON.parse(session.rules!).length).toBeGreaterThan(0)
  })

  test('after signing in the login stays, its button busy, until the next screen is drawn whole: no spinner between', async ({ page }) => {
    await page.goto('/login')
    await page.getByLabel(/^E-post/).fill('manager@demo.test')
    await page.getByLabel(/^Lösenord/).fill('saljkraft-demo')
    // Held: the code of the screen and the shell after it, as on a slow connection.
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    let held = 0
    await page.route(/\.js$/, async (route) => {
      held++
      await released
      await route.continue()
    })
    await page.evaluate(() => {
      const w = window as unknown as { spinnerSeen: boolean }
      w.spinnerSeen = false
      new MutationObserver(() => (w.spinnerSeen ||= !!document.querySelector('.sk-loading'))).observe(document.body, { childList: true, subtree: true })
    })
    await page.getByRole('button', { name: 'Logga in', exact: true }).click()
    await expect.poll(() => held).toBeGreaterThan(0)
    const button = page.getByRole('button', { name: 'Loggar in…' })
    await expect(button).toBeDisabled()
    await expect(button).toHaveAttribute('aria-busy', 'true')
    release()
    // A manager's home is their dashboard (decision 017).
    await expect(page.getByRole('heading', { name: 'Chefsöversikt', level: 1 })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { spinnerSeen: boolean }).spinnerSeen)).toBe(false)
  })

  test('a seller opening a back-office page sees not-authorized', async ({ page }) => {
    await signInFresh(page, 'seller@demo.test')
    await page.goto('/backoffice/salereports')
    await expect(page).toHaveURL('/not-authorized')
    await expect(page.getByRole('heading', { name: 'Du saknar behörighet' })).toBeVisible()
  })

  test('logging out clears the stored user data and rules', async ({ page }) => {
    await signInFresh(page, 'coach@demo.test')
    expect((await storedSession(page)).userData).not.toBeNull()
    await chooseFromUserMenu(page, 'Logga ut')
    await expect(page).toHaveURL('/login')
    expect(await storedSession(page)).toEqual({ userData: null, rules: null })
    await page.goto('/dashboards/sales/coach')
    await expect(page).toHaveURL('/login?to=/dashboards/sales/coach')
  })
})

test.describe('guard rules in the browser', () => {
  test('/ sends a visitor to login with the query, and a signed-in user to their home', async ({ page }) => {
    await page.goto('/?utm=mail')
    await expect(page).toHaveURL('/login?utm=mail')
    await signIn(page, 'manager@demo.test')
    await expect(page).toHaveURL('/dashboards/sales/manager')
    await page.goto('/')
    await expect(page).toHaveURL('/dashboards/sales/manager')
    await page.goto('/start')
    await expect(page.getByRole('heading', { name: 'Hej Maria!' })).toBeVisible()
  })

  test('a signed-in user opening login is sent on', async ({ page }) => {
    await signInFresh(page, 'recruiter@demo.test')
    await page.goto('/login')
    await expect(page).toHaveURL('/backoffice/onboarding/candidates')
  })

  test('an unknown path shows the public not-found page', async ({ page }) => {
    await page.goto('/this/does/not/exist')
    await expect(page.getByRole('heading', { name: 'Sidan finns inte' })).toBeVisible()
    await expect(page).toHaveURL('/this/does/not/exist')
  })

  test('the login form validates fields and shows the server’s error', async ({ page }) => {
    await page.goto('/login')
    await page.getByRole('button', { name: 'Logga in', exact: true }).click()
    await expect(page.getByText('Fältet är obligatoriskt')).toHaveCount(2)
    await page.getByLabel(/^E-post/).fill('inte-en-adress')
    await page.getByRole('button', { name: 'Logga in', exact: true }).click()
    await expect(page.getByText('Ange en giltig e-postadress')).toBeVisible()
    await page.getByLabel(/^E-post/).fill('admin@demo.test')
    await page.getByLabel(/^Lösenord/).fill('fel-losenord')
    await page.getByRole('button', { name: 'Logga in', exact: true }).click()
    await expect(page.getByRole('alert')).toHaveText('Fel e-post eller lösenord')
    await expect(page).toHaveURL('/login')
  })

  test('a 401 from the API clears the stored session and goes to login', async ({ page, context }) => {
    await signInFresh(page, 'admin@demo.test')
    await page.goto('/user-admin/users')
    await expect(page.getByRole('heading', { name: 'Användare', level: 1 })).toBeVisible()
    await context.clearCookies()
    await page.reload()
    await expect(page).toHaveURL('/login?to=/user-admin/users')
    expect(await storedSession(page)).toEqual({ userData: null, rules: null })
  })

  test('the demo accounts fill the form', async ({ page }) => {
    await page.goto('/login')
    await page.getByRole('button', { name: 'Använd seller@demo.test' }).click()
    await page.getByRole('button', { name: 'Logga in', exact: true }).click()
    await expect(page).toHaveURL('/dashboards/sales/seller')
    await expect(page.getByRole('heading', { name: 'Min översikt', level: 1 })).toBeVisible()
  })
})
