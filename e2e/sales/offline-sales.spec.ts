import { expect, test, type Page } from '@playwright/test'
import { expectSnackbar, fillSale, recordSnackbars, screen, signIn, withinOneBusinessDay, workerControls } from '../fixtures'
import { OwnServer } from '../own-server'
import { PORT } from '../../playwright.config'

/**
 * The seller's day on a phone with no network (issue 4): the app opens offline after one visit, sales and
 * a time report are kept on the phone across a closed page, reach the server exactly once when the
 * network comes back — also when the server is killed in the middle of a sync — and a refused sale
 * shows in "needs attention". Runs against a server of its own, so it can kill it.
 */
test.describe.configure({ mode: 'serial' })

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, ...new Array(400).fill(0x11)])

async function newSale(page: Page, customer: string, opts: { photo?: boolean; product?: string } = {}) {
  await page.goto('/sales/create')
  await fillSale(page, { customer, product: opts.product })
  if (opts.photo) {
    await page.getByTestId('checklist').setInputFiles({ name: 'checklista.jpg', mimeType: 'image/jpeg', buffer: JPEG })
    await expect(page.getByTestId('checklist-name')).toHaveText('checklista.jpg')
  }
  await page.getByRole('button', { name: 'Spara försäljningen' }).click()
  await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name: new RegExp(customer) })).toBeVisible()
}

async function shot(page: Page, name: string, project: string) {
  await screen(page, `${project}-${name}`, { fullPage: true })
}

test('a seller works a day offline and nothing is lost or doubled @phone-only', async ({ browser }, info) => {
  const budget = 480_000 // a whole working day: 1-2 min on an idle host, over four on a busy one
  test.setTimeout(budget)
  // Ports beside the suite's own, so a second checkout's suite (another E2E_PORT) never shares them.
  const server = new OwnServer(PORT + (info.project.name === 'phone' ? 18 : 19))
  await server.start()
  const context = await browser.newContext({ ...info.project.use, baseURL: server.url, serviceWorkers: 'allow' })
  await withinOneBusinessDay(context, budget)
  try {
    const page = await context.newPage()
    const sellerSales = () =>
      server.query<{ n: number }>("select count(*) as n from sales s join users u on u.id = s.seller_id where u.email = 'seller@demo.test'")[0]!.n
    const customers = () =>
      server.query<{ customer_name: string; checklist_file_id: string | null }>(
        "select customer_name, checklist_file_id from sales where customer_name like 'E2E %' order by customer_name",
      )
    const before = sellerSales()
    // The demo has the seller's past days reported (decision 080): today's report is the one this day adds.
    const sellerReports = () =>
      server.query<{ n: number }>("select count(*) as n from time_reports t join users u on u.id = t.user_id where u.email = 'seller@demo.test'")[0]!.n
    const reportsBefore = sellerReports()

    // One online visit: sign in, the service worker takes control and the first sync fills the phone.
    await page.goto('/login')
    await signIn(page, 'seller@demo.test')
    await expect(page).not.toHaveURL(/\/login/)
    await page.goto('/dashboards/sales/seller')
    await workerControls(page)
    // Installable: Chromium finds nothing missing in the manifest, icons or service worker.
    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> }
    // a Playwright context is incognito, which alone keeps Chromium from offering the install
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([])
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { shortcuts: Array<{ url: string }>; display: string }
    expect(manifest.display).toBe('standalone')
    expect(manifest.shortcuts.map((s) => s.url)).toEqual(['/sales/create', '/sales/time-report'])
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '0')
    await expect(page.getByTestId('sync-status')).toContainText('Synkad')
    await shot(page, 'seller-dashboard', info.project.name)

    // The profile shows what the app keeps on the phone.
    await page.goto('/users/profile?tab=preferences')
    await expect(page.getByTestId('storage-card')).toContainText('används')
    await page.goto('/dashboards/sales/seller')

    // No network: the app still opens.
    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Min översikt' })).toBeVisible()
    await expect(page.getByTestId('sync-status')).toContainText('Offline')

    await newSale(page, 'E2E Anna', { photo: true })
    await shot(page, 'sale-detail-pending', info.project.name)
    await newSale(page, 'E2E Bertil')
    await newSale(page, 'E2E Cesar')
    await page.goto('/sales/time-report')
    await page.getByTestId('present').selectOption('yes')
    await recordSnackbars(page)
    await page.getByRole('button', { name: 'Spara tidrapporten' }).click()
    await expectSnackbar(page, 'Tidrapporten är sparad')
    await shot(page, 'time-report', info.project.name)

    // The page closes; a new one, still offline, finds everything waiting.
    await page.close()
    const again = await context.newPage()
    await again.goto('/sales/list')
    for (const name of ['E2E Anna', 'E2E Bertil', 'E2E Cesar'])
      await expect(again.locator('[data-testid="sale-row"]:visible').filter({ hasText: name }).first()).toBeVisible()
    await expect(again.locator('[data-sync="pending"]:visible')).toHaveCount(3)
    await expect(again.getByTestId('sync-status')).toHaveAttribute('data-pending', '4')
    await shot(again, 'sales-list-offline', info.project.name)
    expect(sellerSales()).toBe(before)

    // Network back: all of it reaches the server, once, with the photo.
    await context.setOffline(false)
    await expect(again.getByTestId('sync-status')).toHaveAttribute('data-pending', '0', { timeout: 30_000 })
    expect(sellerSales()).toBe(before + 3)
    const delivered = customers()
    expect(delivered.map((c) => c.customer_name)).toEqual(['E2E Anna', 'E2E Bertil', 'E2E Cesar'])
    const fileId = delivered[0]!.checklist_file_id!
    expect(server.query<{ size: number; content_type: string }>('select size, content_type from files where id = ?', fileId)).toEqual([
      { size: JPEG.length, content_type: 'image/jpeg' },
    ])
    expect(sellerReports()).toBe(reportsBefore + 1)
    await expect(again.locator('[data-sync="pending"]:visible')).toHaveCount(0)

    // Offline again, five more sales; the server is killed as their sync starts, then started again.
    await context.setOffline(true)
    for (const name of ['E2E Dora', 'E2E Erik', 'E2E Frida', 'E2E Gösta', 'E2E Hanna']) await newSale(again, name)
    const pushStarted = again.waitForRequest((r) => r.url().endsWith('/api/sync/push'))
    await context.setOffline(false)
    await pushStarted
    await server.kill()
    await server.start()
    await again.evaluate(() => window.dispatchEvent(new Event('online')))
    await expect(again.getByTestId('sync-status')).toHaveAttribute('data-pending', '0', { timeout: 60_000 })
    expect(sellerSales()).toBe(before + 8)
    expect(customers().map((c) => c.customer_name)).toEqual([
      'E2E Anna',
      'E2E Bertil',
      'E2E Cesar',
      'E2E Dora',
      'E2E Erik',
      'E2E Frida',
      'E2E Gösta',
      'E2E Hanna',
    ])

    // Back office withdraws a product while the phone is offline: the sale made with it is refused
    // and shows in "needs attention" with the server's reason.
    await context.setOffline(true)
    await newSale(again, 'E2E Ivar', { product: 'Brandvarnare' })
    server.run("update products set active = 0, updated_at = updated_at + 1 where name = 'Brandvarnare (st)'")
    await context.setOffline(false)
    await expect(again.getByTestId('sync-status')).toHaveAttribute('data-rejected', '1', { timeout: 30_000 })
    await again.goto('/sales/sync')
    const attention = again.getByTestId('needs-attention')
    await expect(attention).toContainText('E2E Ivar')
    await expect(attention).toContainText('Produkten finns inte hos leverantören')
    await shot(again, 'needs-attention', info.project.name)
    expect(sellerSales()).toBe(before + 8)

    // Discarded after a confirmation: gone from the phone.
    await attention.getByRole('button', { name: 'Släng' }).click()
    await again.getByRole('alertdialog').getByRole('button', { name: 'Släng' }).click()
    await expect(again.getByText('Inget behöver åtgärdas.')).toBeVisible()

    // The daily checkout; after it the create screen refuses, also offline.
    await again.goto('/sales/daily-checkout')
    await expect(again.getByTestId('checkout-sales')).not.toHaveText('0')
    await shot(again, 'daily-checkout', info.project.name)
    await again.getByRole('button', { name: 'Gör dagsavslut' }).click()
    await again.getByRole('alertdialog').getByRole('button', { name: 'Gör dagsavslut' }).click()
    await expect(again.getByTestId('checkout-done')).toBeVisible()
    await context.setOffline(true)
    await again.goto('/sales/create')
    await expect(again.getByTestId('checked-out')).toBeVisible()
    // The home screen offers neither a sale nor another checkout, and says the day is done (issue 41).
    await again.goto('/dashboards/sales/seller')
    const actions = again.getByTestId('seller-actions')
    await expect(actions).toHaveAttribute('data-checked-out', 'true')
    await expect(actions.getByRole('button', { name: 'Ny försäljning' })).toBeDisabled()
    await expect(actions.getByRole('button', { name: 'Dagsavslut gjort' })).toBeDisabled()
    await expect(actions.getByRole('link', { name: 'Tidrapport' })).toBeVisible()
    await shot(again, 'seller-home-checked-out', info.project.name)
    await context.setOffline(false)
    // The checkout reaches the server once, whether its push went before the phone went offline or after: waited for
    // on the server (a navigation offline shows 0 waiting before the queue is read, so the badge alone could pass
    // before the push; CI once saw that race).
    const checkouts = () =>
      server.query<{ n: number }>("select count(*) as n from checkouts c join users u on u.id = c.user_id where u.email = 'seller@demo.test'")[0]!.n
    await expect.poll(checkouts, { timeout: 30_000 }).toBe(1)
    await expect(again.getByTestId('sync-status')).toHaveAttribute('data-pending', '0', { timeout: 30_000 })
    expect(checkouts()).toBe(1)
  } finally {
    await context.close()
    await server.stop()
  }
})
