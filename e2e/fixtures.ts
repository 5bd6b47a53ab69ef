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

type SnackbarLog = { snackbarTexts?: string[] }

/**
 * Records every text the snackbar shows on the current page, however briefly: a busy host can spend longer
 * than the snackbar's 2 s on the click that shows it, so polling for it afterwards can miss it.
 */
export async function recordSnackbars(page: Page) {
  await page.evaluate(() => {
    const log = window as unknown as SnackbarLog
    if (log.snackbarTexts) return
    const texts: string[] = []
    log.snackbarTexts = texts
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid=snackbar]')?.textContent
      if (text && texts.at(-1) !== text) texts.push(text)
    }).observe(document.body, { childList: true, subtree: true, characterData: true })
  })
}

/** The snackbar has shown `text` since recordSnackbars. */
export async function expectSnackbar(page: Page, text: string) {
  await expect.poll(() => page.evaluate((wanted) => ((window as unknown as SnackbarLog).snackbarTexts ?? []).some((t) => t.includes(wanted)), text)).toBe(true)
}

/**
 * Waits for a sync run that ended after `since` (a time from the page's clock) and for no run to be going. The
 * badge says "synced" from the last visit before the arrival sync has even begun, so its text alone is no signal.
 */
export async function syncedSince(page: Page, since: number) {
  const status = page.getByTestId('sync-status')
  await expect.poll(async () => Number((await status.getAttribute('data-synced-at')) ?? 0) >= since).toBe(true)
  await expect(status).toHaveAttribute('data-syncing', 'false')
}

/**
 * Waits until the service worker controls the page: only then does a reload without network get the app from
 * the worker's cache (before it, the browser's "no internet" page).
 */
export async function workerControls(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 })
}
