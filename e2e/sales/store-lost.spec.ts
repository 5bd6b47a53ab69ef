import { expect, test } from '@playwright/test'
import { apiAs, newTeamSeller } from '../api'
import { atRest, fillSale, screen, signIn } from '../fixtures'
import { BASE_URL } from '../../playwright.config'
import type { DeviceDetail, DeviceItem } from '../../shared/schemas/devices'

/**
 * A phone whose browser emptied everything the app kept (Safari removes a site's storage after seven days without
 * use; any browser may under storage pressure) starts again with nothing: issue 78 asks that it says what happened
 * instead (docs/decisions/090). The server knows what waited on the device at its last contact — the app reports it
 * after each sync — and tells the new store, once.
 */
test('a phone whose store the browser emptied says what was lost instead of starting empty @phone', async ({ page, context }, info) => {
  const seller = await newTeamSeller('Rensad', info.project.name, 'Team Öresund')
  await page.goto('/login')
  await signIn(page, seller.email)
  await expect(page).not.toHaveURL(/\/login/)
  await page.goto('/sales/create')
  // This time the server takes none of the phone's changes (it answers that nothing came through): the sale waits on
  // the phone, and the device's report after the sync tells the server so.
  await page.route('**/api/sync/push', (route) => route.fulfill({ json: { lastMutationId: 0, applied: 0, skipped: 0, rejected: 0 } }))
  const reported = page.waitForResponse((r) => r.url().endsWith('/api/devices/report') && (r.request().postDataJSON() as { pending: number }).pending === 1)
  await fillSale(page, { customer: `E2E Rensad ${info.project.name} ${Date.now().toString(36)}` })
  await page.getByRole('button', { name: 'Spara försäljningen' }).click()
  await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/)
  expect((await reported).status()).toBe(200)
  await page.unroute('**/api/sync/push')

  // The browser empties the site's storage (its IndexedDB, local storage and caches; its cookies stay), while no
  // page of the app holds the store open.
  await page.goto('/api/health')
  const cdp = await context.newCDPSession(page)
  await cdp.send('Storage.clearDataForOrigin', { origin: BASE_URL, storageTypes: 'indexeddb,local_storage,cache_storage' })
  await page.goto('/dashboards/sales/seller')
  // Without the signed-in user on the device the app asks for a sign-in (the session cookie is kept, but the app no
  // longer knows whose it is).
  await expect(page).toHaveURL(/\/login/)
  await signIn(page, seller.email)
  await expect(page).not.toHaveURL(/\/login/)

  const dialog = page.getByRole('alertdialog')
  await atRest(dialog)
  await expect(dialog).toContainText('Appens data på telefonen raderades')
  await expect(dialog).toContainText('väntade 1 ändring på att skickas; den kom aldrig fram')
  await screen(page, `${info.project.name}-store-lost`)
  await dialog.getByRole('button', { name: 'Jag förstår' }).click()
  await expect(dialog).toBeHidden()

  // Back office sees it on the device page.
  const backoffice = await apiAs('backoffice@demo.test')
  const devices = (await (await backoffice.get(`/api/devices?itemsPerPage=100&userId=${seller.id}`)).json()) as { items: DeviceItem[] }
  const details = await Promise.all(devices.items.map(async (d) => (await (await backoffice.get(`/api/devices/${d.id}`)).json()) as DeviceDetail))
  expect(details.filter((d) => d.pendingAtStoreLoss === 1 && d.storeLostAt !== null)).toHaveLength(1)
  await backoffice.dispose()
})
