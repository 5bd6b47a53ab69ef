import { chromium } from '@playwright/test'
import { startBuiltServer } from './built-server'
import { chromiumLaunchOptions } from './chromium'
const server = startBuiltServer({ port: 4391, name: 'dbg', env: { SCRYPT_LOG_N: '12', NODE_ENV: 'test' } })
const ORIGIN = server.origin.replace('127.0.0.1', 'localhost')
const browser = await chromium.launch(chromiumLaunchOptions())
try {
  await server.ready()
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'sv-SE', baseURL: ORIGIN, serviceWorkers: 'block' })
  const page = await context.newPage()
  page.on('console', (m) => console.log('console', m.type(), m.text()))
  page.on('pageerror', (e) => console.log('pageerror', e.message))
  await page.goto('/login')
  await page.getByLabel(/^E-post/).fill('admin@demo.test')
  await page.getByLabel(/^Lösenord/).fill('saljkraft-demo')
  await page.getByRole('button', { name: 'Logga in', exact: true }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  await page.goto('/guides/guide-management')
  page.on('request', (r) => { if (r.url().includes('/api/')) console.log('req', r.method(), r.url()) })
  page.on('framenavigated', (f) => console.log('nav', f.url()))
  await page.getByRole('button', { name: /^Redigera: Öppningen vid dörren/ }).click()
  await page.getByTestId('guide-body-sv').waitFor()
  console.log('dialogs', await page.getByRole('dialog').count())
  await page.waitForTimeout(1500)
  console.log('dialogs later', await page.getByRole('dialog').count())
  await page.screenshot({ path: '.tmp/dbg.png' })
} finally {
  await browser.close()
  server.stop()
}
