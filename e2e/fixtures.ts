import { expect, type Page } from '@playwright/test'

export const DEMO_PASSWORD = 'saljkraft-demo'

export async function signIn(page: Page, email: string) {
  await page.getByLabel(/^E-post/).fill(email)
  await page.getByLabel(/^Lösenord/).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Logga in', exact: true }).click()
}

/** Signs in through the login page and waits until the app has moved on. */
export async function signInFresh(page: Page, email: string) {
  await page.goto('/login')
  await signIn(page, email)
  await expect(page).not.toHaveURL(/\/login/)
}

export async function storedSession(page: Page) {
  return page.evaluate(() => ({ userData: localStorage.getItem('userData'), rules: localStorage.getItem('userAbilityRules') }))
}
