import type { Page } from '@playwright/test'

/**
 * The demo seller signs in through the form on `origin` and opens their home (decision 017) until its first sync
 * has filled the device store: a returning seller, for the browser benchmarks (bench:lighthouse, bench:field).
 */
export async function signInReturningSeller(page: Page, origin: string) {
  await page.goto(`${origin}/login`)
  await page.getByLabel(/^E-post/).fill('seller@demo.test')
  await page.getByLabel(/^Lösenord/).fill('saljkraft-demo')
  await page.getByRole('button', { name: 'Logga in', exact: true }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  await page.goto(`${origin}/dashboards/sales/seller`)
  await page
    .getByTestId('sync-status')
    .and(page.getByLabel(/Synkad/))
    .waitFor()
}
