import { expect, request, test, type APIRequestContext } from '@playwright/test'
import { BASE_URL } from '../../playwright.config'
import { DEMO_PASSWORD, fillSale, recordSnackbars, signInAs } from '../fixtures'
import { SYNC_SCHEMA_VERSION } from '../../shared/schemas/sync'
import { personalNumberOf } from '../../shared/rules/identity'

// The phone works offline here: its service worker is on (the suite turns it off elsewhere, playwright.config.ts).
test.use({ serviceWorkers: 'allow' })

/**
 * A deviation from back office to the seller's phone and back (issue 14): back office marks a synced sale as a
 * deviation; the seller's phone shows it with its reason; the seller corrects it with no network; back online,
 * the correction reaches the server and the sale waits for approval again; back office approves it and the
 * phone shows that.
 */
async function backOffice(): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { origin: BASE_URL } })
  const r = await api.post('/api/auth/login', { data: { email: 'backoffice@demo.test', password: DEMO_PASSWORD } })
  expect(r.status()).toBe(200)
  return api
}

test('back office marks a deviation, the seller corrects it offline, back office approves @phone-only', async ({ page, context }) => {
  test.setTimeout(120_000)
  const bo = await backOffice()
  const customer = `E2E Rättelse ${test.info().project.name}`
  // A seller no other flow sells as (the profile spec only renames them; it counts the sessions of others), one per
  // project: the commission sums below must not see another test's sales.
  await signInAs(page, test.info().project.name === 'phone' ? 'mikael.virtanen@demo.test' : 'sara.nystrom@demo.test')

  // A sale from the phone, online.
  await page.goto('/sales/create')
  await fillSale(page, { customer })
  await page.getByRole('button', { name: 'Spara försäljningen' }).click()
  await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/)
  const id = page.url().split('/').at(-1)!
  const onServer = async () =>
    (await (await bo.get(`/api/sale-reports/${id}`)).json()) as { status?: string; version: number; customer: { ssn: string }; sellerCommissionOre: number }
  // The month's commission on the phone's salary estimate: what counts of the seller's sales (decision 010).
  const commissionOnPhone = async () => {
    await page.goto('/sales/salary-calculator')
    const text = await page.getByText(/^Provision på försäljningar som räknas/).textContent()
    return Number(text!.split(':').at(-1)!.replace(/\D/g, ''))
  }
  await expect.poll(async () => (await onServer()).status, { timeout: 30_000 }).toBe('finalized')

  // Back office: a deviation with its type and reason.
  const reason = 'Personnumret stämmer inte med legitimationen.'
  const marked = await bo.post(`/api/sale-reports/${id}/status`, {
    data: { status: 'deviation', version: (await onServer()).version, deviationType: 'incorrect_ssn', reason },
  })
  expect(marked.status()).toBe(200)

  // The phone shows it after the next sync, with the reason.
  await page.reload()
  const deviation = page.getByTestId('deviation')
  await expect(deviation).toContainText('Felaktigt personnummer', { timeout: 30_000 })
  await expect(deviation).toContainText(reason)
  // A deviation earns nothing until it is corrected.
  const whileDeviation = await commissionOnPhone()
  await page.goto(`/sales/${id}`)

  // No network: the seller corrects the identity number.
  await context.setOffline(true)
  await recordSnackbars(page)
  await deviation.getByRole('button', { name: 'Rätta försäljningen' }).click()
  const dialog = page.getByTestId('correct-sale-dialog')
  await expect(dialog.getByLabel(/^Personnummer/)).toHaveValue('198112189876')
  await dialog.getByLabel(/^Personnummer/).fill('560314-2422')
  await dialog.getByLabel('Kommentar till backoffice').fill('Rätt nummer från legitimationen')
  await dialog.getByRole('button', { name: 'Skicka rättelsen' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('deviation')).toHaveCount(0)
  await expect(page.getByText('Rätt nummer från legitimationen')).toBeVisible()

  // Back online: the correction reaches the server once, and the sale waits for approval again.
  await context.setOffline(false)
  await expect.poll(async () => (await onServer()).status, { timeout: 30_000 }).toBe('finalized')
  // The report shows it masked; the whole number on request (decision 058).
  expect((await onServer()).customer.ssn).toBe('19560314-****')
  expect(await (await bo.post(`/api/sale-reports/${id}/identity`)).json()).toEqual({ number: '195603142422' })

  // Back office approves; the phone shows it.
  const approved = await bo.post(`/api/sale-reports/${id}/status`, { data: { status: 'approved', version: (await onServer()).version } })
  expect(approved.status()).toBe(200)
  await page.reload()
  await expect(page.getByText('Godkänd').first()).toBeVisible({ timeout: 30_000 })
  // Approved, the sale's commission counts in the phone's estimate again.
  const commission = Math.round((await onServer()).sellerCommissionOre / 100)
  expect(await commissionOnPhone()).toBe(whileDeviation + commission)
  await bo.dispose()
})

test('an incorrect order: the seller changes the products on the phone, and the server prices the new order @phone-only', async ({ page }) => {
  const bo = await backOffice()
  // The demo seller, as the back-office specs sell: nothing here sums their sales or counts their sessions (the
  // profile spec counts the sessions of colleagues of their own; the first test here sums its sellers' commission).
  const email = 'seller@demo.test'
  const phone = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { origin: BASE_URL } })
  expect((await phone.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } })).status()).toBe(200)
  const clientId = crypto.randomUUID()
  const pulled = (await (await phone.post('/api/sync/pull', { data: { clientId, cookie: null } })).json()) as {
    patch: Array<{ table: string; value?: { id: string; name: string; providerId: string; priceOre: number } }>
  }
  const product = (name: string) => pulled.patch.find((p) => p.table === 'products' && p.value?.name === name)!.value!
  const alarm = product('Hemlarm Standard')
  const smoke = product('Brandvarnare (st)')
  const id = crypto.randomUUID()
  const sale = {
    id,
    providerId: alarm.providerId,
    products: [{ productId: alarm.id, quantity: 1 }],
    customerType: 'private',
    // A customer of this run alone, so the sale is no other test's double sale.
    customerSsn: personalNumberOf(test.info().project.name === 'phone' ? '19490203' : '19490204', String(100 + (Date.now() % 800))),
    customerName: `E2E Ny order ${test.info().project.name}`,
    email: null,
    phone: '070-123 45 67',
    postalCode: '21145',
    city: 'Malmö',
    address: 'Storgatan 1',
    message: null,
    externalOrderNumber: null,
    checklistFileId: null,
    soldAt: Date.now() - 60_000,
  }
  const pushed = await phone.post('/api/sync/push', {
    data: { clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations: [{ seq: 1, name: 'createSale', args: sale, createdAt: Date.now() }] },
  })
  expect(await pushed.json()).toMatchObject({ applied: 1 })
  await phone.dispose()
  const onServer = async () =>
    (await (await bo.get(`/api/sale-reports/${id}`)).json()) as {
      status: string
      version: number
      orderValueOre: number
      lines: Array<{ productName: string; quantity: number }>
    }
  const marked = await bo.post(`/api/sale-reports/${id}/status`, {
    data: { status: 'deviation', version: (await onServer()).version, deviationType: 'incorrect_order', reason: 'Kunden ville ha brandvarnare också.' },
  })
  expect(marked.status()).toBe(200)

  await signInAs(page, email, `/sales/${id}`)
  const deviation = page.getByTestId('deviation')
  await expect(deviation).toContainText('Kunden ville ha brandvarnare också.', { timeout: 30_000 })
  await deviation.getByRole('button', { name: 'Rätta försäljningen' }).click()
  const dialog = page.getByTestId('correct-sale-dialog')
  const products = dialog.getByTestId('correct-products')
  await expect(products.getByLabel('Produkt 1')).toHaveValue(alarm.id)
  await products.getByLabel('Antal (st)').fill('2')
  await products.getByRole('button', { name: 'Lägg till produkt' }).click()
  // An empty line is refused on the phone, in Swedish, before anything is saved.
  await dialog.getByRole('button', { name: 'Skicka rättelsen' }).click()
  await expect(products.getByRole('alert')).toBeVisible()
  await products.getByLabel('Produkt 2').selectOption(smoke.id)
  await products.getByLabel('Antal (st)').nth(1).fill('3')
  await dialog.getByLabel('Kommentar till backoffice').fill('Lade till tre brandvarnare')
  await dialog.getByRole('button', { name: 'Skicka rättelsen' }).click()
  await expect(dialog).toBeHidden()

  await expect.poll(async () => (await onServer()).status, { timeout: 30_000 }).toBe('finalized')
  const corrected = await onServer()
  expect(corrected.lines.map((l) => [l.productName, l.quantity])).toEqual([
    ['Hemlarm Standard', 2],
    ['Brandvarnare (st)', 3],
  ])
  expect(corrected.orderValueOre).toBe(2 * alarm.priceOre + 3 * smoke.priceOre)
  await bo.dispose()
})
