import { randomUUID } from 'node:crypto'
import { devices, expect, request, test } from '@playwright/test'
import { OP_ISSUER, PORT } from '../../playwright.config'
import { fakeSmtp } from '../../server/test/fake-smtp'
import { SYNC_SCHEMA_VERSION } from '../../shared/schemas/sync'
import { DEMO_PASSWORD, screen, signIn } from '../fixtures'
import { OwnServer } from '../own-server'

/**
 * A telesales sale end to end (issue 75, decision 094), on a server of its own that sends mail to a local SMTP server:
 * back office sets the rule for the provider; a seller's sale cannot be approved yet; the offer goes out after the
 * call; the customer reads the e-mailed offer on a phone and accepts it; back office sees the evidence and approves.
 */
test('a telesales sale: the offer by e-mail, the customer accepts on a phone, back office approves', async ({ browser }) => {
  test.setTimeout(180_000)
  const smtp = await fakeSmtp()
  const server = new OwnServer(PORT + 24, { SMTP_URL: smtp.url, MAIL_FROM: 'Säljkraft <no-reply@saljkraft.test>' })
  await server.start()
  try {
    // The seller's sale, from their device's sync (pushed once the rule is set).
    const { seller, saleId, push } = await sellersSale(server.url, 2)

    const desk = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: server.url, locale: 'sv-SE' })
    const page = await desk.newPage()
    await page.goto('/login')
    await signIn(page, 'backoffice@demo.test')
    await expect(page).not.toHaveURL(/\/login/)

    // 1. The rule: Tryggt Hem Larm's sales in Sweden need written acceptance.
    await page.goto('/backoffice/offers?tab=rules')
    await expect(page.getByRole('heading', { level: 1, name: 'Skriftliga erbjudanden' })).toBeVisible()
    await expect(page.getByText('Inga regler: inga försäljningar kräver skriftligt godkännande.')).toBeVisible()
    await page.getByTestId('add-offer-rule').click()
    const ruleDialog = page.getByTestId('offer-rule-dialog')
    await ruleDialog.getByRole('combobox', { name: 'Leverantör' }).selectOption({ label: 'Tryggt Hem Larm' })
    await ruleDialog.getByLabel(/^Villkor på svenska/).fill('Ångerrätt i 14 dagar från leverans. Faktura 30 dagar.')
    await ruleDialog.getByLabel(/^Bindningstid/).fill('24')
    await screen(page, 'offer-rule-dialog')
    await ruleDialog.getByRole('button', { name: 'Spara' }).click()
    await expect(ruleDialog).toBeHidden()
    await expect(page.getByTestId('offer-rule')).toContainText('Tryggt Hem Larm')
    await expect(page.getByTestId('offer-rule')).toContainText('24 månader')

    await push()

    // 2. The sale cannot be approved before the customer accepts in writing.
    await page.goto(`/backoffice/salereports/${saleId}`)
    const card = page.getByTestId('sale-offer')
    await expect(card.getByTestId('offer-problem')).toContainText('Kunden har inte fått något skriftligt erbjudande.')
    await page.getByRole('button', { name: 'Ändra status' }).click()
    const move = page.getByRole('dialog')
    await move.getByRole('combobox').selectOption({ label: 'Godkänd' })
    await move.getByRole('button', { name: 'Ändra till Godkänd' }).click()
    await expect(move).toContainText('Försäljningen kan inte godkännas ännu: kunden har inte fått något skriftligt erbjudande')
    await page.keyboard.press('Escape')
    await expect(move).toBeHidden()

    // 3. After the call: the offer by e-mail.
    await card.getByTestId('send-offer').click()
    const send = page.getByTestId('send-offer-dialog')
    await expect(send.getByLabel(/^Samtalet slutade/)).not.toHaveValue('')
    await send.getByRole('button', { name: 'Skicka erbjudande' }).click()
    await expect(send).toBeHidden()
    await expect(card.getByTestId('offer-state')).toHaveText('Väntar på svar')
    await expect(card.getByTestId('offer-facts')).toContainText('k***@example.se')
    await screen(page, 'sale-offer-sent', { fullPage: true })

    await expect.poll(() => smtp.received.filter((m) => m.to.includes('karin.telefon@example.se')).length).toBe(1)
    const mail = smtp.received.find((m) => m.to.includes('karin.telefon@example.se'))!
    expect(mail.subject).toBe('Ditt erbjudande från Tryggt Hem Larm: läs och svara')
    expect(mail.text).toContain('2 × Hemlarm Standard')
    expect(mail.text).toContain('Ångerrätt i 14 dagar från leverans.')
    const link = /https?:\/\/\S+\/offer\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0]

    // 4. The customer, on a phone: reads the offer and accepts it.
    const phone = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, baseURL: server.url, locale: 'sv-SE' })
    const customer = await phone.newPage()
    await customer.goto(new URL(link).pathname)
    await expect(customer.getByRole('heading', { level: 1, name: 'Ditt erbjudande' })).toBeVisible()
    const doc = customer.getByTestId('offer-document')
    await expect(doc).toContainText('Tryggt Hem Larm')
    await expect(doc).toContainText('2 × Hemlarm Standard')
    await expect(doc).toContainText('Bindningstid: 24 månader')
    await screen(customer, 'public-offer-phone', { fullPage: true })
    await customer.getByTestId('offer-accept').click()
    await expect(customer.getByRole('heading', { level: 1, name: 'Tack! Du har godkänt erbjudandet' })).toBeVisible()
    await screen(customer, 'public-offer-accepted-phone', { fullPage: true })

    // 5. Back office sees the evidence and approves.
    await page.reload()
    await expect(card.getByTestId('offer-evidence-ok')).toBeVisible()
    await expect(card.getByTestId('offer-state')).toHaveText('Godkänt')
    await expect(card.getByTestId('offer-facts')).toContainText('Pixel 7')
    await page.getByRole('button', { name: 'Ändra status' }).click()
    await move.getByRole('combobox').selectOption({ label: 'Godkänd' })
    await move.getByRole('button', { name: 'Ändra till Godkänd' }).click()
    await expect(move).toBeHidden()
    await expect(page.getByTestId('status-history').getByRole('listitem').first()).toContainText('Godkänd')

    // 6. The list and the answers per provider.
    await page.goto('/backoffice/offers')
    await expect(page.getByRole('row').filter({ hasText: 'Karin Telefonkund' })).toContainText('Godkänt')
    await screen(page, 'offers-list')
    await page.getByTestId('offers-tab-stats').click()
    await expect(page.getByTestId('offer-stats-row')).toContainText('Tryggt Hem Larm')
    await expect(page.getByTestId('offer-stats-row')).toContainText('100 %')
    await screen(page, 'offers-stats')
    const phoneDesk = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, baseURL: server.url, locale: 'sv-SE' })
    const small = await phoneDesk.newPage()
    await small.goto('/login')
    await signIn(small, 'backoffice@demo.test')
    await expect(small).not.toHaveURL(/\/login/)
    await small.goto(`/backoffice/salereports/${saleId}`)
    await expect(small.getByTestId('sale-offer').getByTestId('offer-state')).toHaveText('Godkänt')
    await screen(small, 'sale-offer-phone', { fullPage: true })
    await small.goto('/backoffice/offers')
    await expect(small.getByRole('row').filter({ hasText: 'Karin Telefonkund' })).toBeVisible()
    await screen(small, 'offers-list-phone', { fullPage: true })
    await seller.dispose()
  } finally {
    await server.stop()
    await smtp.close()
  }
})

/**
 * Acceptance through the organisation's eID broker (decision 100), on a server of its own: back office sets up the
 * broker (the loopback OpenID Provider, e2e/oidc-provider.ts, standing in for a BankID broker) and a rule that only an
 * eID accepts; the customer on a phone identifies at the broker's page and comes back accepted; back office sees who
 * signed in and approves.
 */
test('an offer only an eID accepts: the customer identifies at the broker on a phone, back office approves', async ({ browser }) => {
  test.setTimeout(180_000)
  const smtp = await fakeSmtp()
  const server = new OwnServer(PORT + 25, { SMTP_URL: smtp.url, MAIL_FROM: 'Säljkraft <no-reply@saljkraft.test>' })
  await server.start()
  try {
    const desk = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: server.url, locale: 'sv-SE' })
    const page = await desk.newPage()
    await page.goto('/login')
    await signIn(page, 'backoffice@demo.test')
    await expect(page).not.toHaveURL(/\/login/)

    // 1. The broker, then the rule: Tryggt Hem Larm's customers in Sweden accept only with BankID.
    await page.goto('/backoffice/offers?tab=rules')
    const eid = page.getByTestId('offer-eid')
    await expect(eid).toContainText('Ingen e-legitimationstjänst är uppsatt.')
    await eid.getByTestId('offer-eid-edit').click()
    const brokerDialog = page.getByTestId('offer-eid-dialog')
    await brokerDialog.getByLabel(/^Utfärdare/).fill(OP_ISSUER)
    await brokerDialog.getByLabel(/^Klient-id/).fill('saljkraft-e2e')
    await brokerDialog.getByLabel(/^Klienthemlighet/).fill('the-e2e-client-secret')
    await brokerDialog.getByLabel(/^Metod/).fill('urn:grn:authn:se:bankid')
    await screen(page, 'offer-eid-dialog')
    await brokerDialog.getByRole('button', { name: 'Spara' }).click()
    await expect(brokerDialog).toBeHidden()
    await expect(eid.getByTestId('offer-eid-state')).toHaveText('På')
    await expect(eid).toContainText(`${server.url}/api/public/offers/eid/callback`)
    await page.getByTestId('add-offer-rule').click()
    const ruleDialog = page.getByTestId('offer-rule-dialog')
    await ruleDialog.getByRole('combobox', { name: 'Leverantör' }).selectOption({ label: 'Tryggt Hem Larm' })
    await ruleDialog.getByLabel(/^Villkor på svenska/).fill('Ångerrätt i 14 dagar från leverans.')
    await ruleDialog.getByRole('combobox', { name: 'Kunden godkänner' }).selectOption({ label: 'Bara med e-legitimation' })
    await ruleDialog.getByRole('button', { name: 'Spara' }).click()
    await expect(ruleDialog).toBeHidden()
    await expect(page.getByTestId('offer-rule')).toContainText('Bara med e-legitimation')
    await screen(page, 'offer-rules-eid', { fullPage: true })

    // 2. The seller's sale, and its offer after the call.
    const { seller, saleId, push } = await sellersSale(server.url, 1)
    await push()
    const sent = await seller.post(`/api/offers/sales/${saleId}`, { data: { callEndedAt: Date.now() - 60_000, language: 'sv', email: true, sms: false } })
    expect(sent.status()).toBe(201)
    await expect.poll(() => smtp.received.filter((m) => m.to.includes('karin.telefon@example.se')).length).toBe(1)
    const link = /https?:\/\/\S+\/offer\/[A-Za-z0-9_-]{43}/.exec(smtp.received.find((m) => m.to.includes('karin.telefon@example.se'))!.text)![0]

    // 3. The customer on a phone: only BankID accepts; identifies at the broker and comes back accepted.
    const phone = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, baseURL: server.url, locale: 'sv-SE' })
    const customer = await phone.newPage()
    await customer.goto(new URL(link).pathname)
    await expect(customer.getByTestId('offer-eid-required')).toHaveText('Du godkänner erbjudandet med BankID: leverantören vill att du legitimerar dig.')
    await expect(customer.getByTestId('offer-accept')).toHaveCount(0)
    await screen(customer, 'public-offer-eid-phone', { fullPage: true })
    await customer.getByTestId('offer-accept-eid').click()
    await expect(customer.getByRole('heading', { name: 'Test identity provider' })).toBeVisible()
    await customer.getByLabel('E-mail').fill('karin.telefonkund@example.se')
    await customer.getByRole('button', { name: 'Sign in' }).click()
    await expect(customer.getByRole('heading', { level: 1, name: 'Tack! Du har godkänt erbjudandet' })).toBeVisible()
    await expect(customer.getByTestId('offer-eid-outcome')).toHaveText('Tack! Du har godkänt erbjudandet med e-legitimation.')
    await expect(customer.getByTestId('offer-accepted')).toContainText('Du legitimerade dig med e-legitimation.')
    await screen(customer, 'public-offer-eid-accepted-phone', { fullPage: true })

    // 4. Back office: who signed in at the broker, and the approval.
    await page.goto(`/backoffice/salereports/${saleId}`)
    const card = page.getByTestId('sale-offer')
    await expect(card.getByTestId('offer-evidence-ok')).toBeVisible()
    await expect(card.getByTestId('offer-eid-evidence')).toContainText('Karin Telefonkund')
    await expect(card.getByTestId('offer-eid-name-differs')).toHaveCount(0)
    await expect(card.getByTestId('offer-facts')).toContainText('urn:grn:authn:se:bankid')
    await screen(page, 'sale-offer-eid', { fullPage: true })
    await page.getByRole('button', { name: 'Ändra status' }).click()
    const move = page.getByRole('dialog')
    await move.getByRole('combobox').selectOption({ label: 'Godkänd' })
    await move.getByRole('button', { name: 'Ändra till Godkänd' }).click()
    await expect(move).toBeHidden()
    await expect(page.getByTestId('status-history').getByRole('listitem').first()).toContainText('Godkänd')
    await seller.dispose()
  } finally {
    await server.stop()
    await smtp.close()
  }
})

/** The demo seller signed in on a server, with a telesales sale of Hemlarm Standard their device pushes when told. */
async function sellersSale(url: string, quantity: number) {
  const seller = await request.newContext({ baseURL: url, extraHTTPHeaders: { origin: url } })
  expect((await seller.post('/api/auth/login', { data: { email: 'seller@demo.test', password: DEMO_PASSWORD } })).status()).toBe(200)
  const clientId = randomUUID()
  const pulled = (await (await seller.post('/api/sync/pull', { data: { clientId, cookie: null } })).json()) as {
    patch: Array<{ table: string; value?: { id: string; name: string; providerId: string } }>
  }
  const alarm = pulled.patch.find((p) => p.table === 'products' && p.value?.name === 'Hemlarm Standard')!.value!
  const saleId = randomUUID()
  const sale = {
    id: saleId,
    providerId: alarm.providerId,
    products: [{ productId: alarm.id, quantity }],
    customerType: 'private',
    customerSsn: '811218-9876',
    customerName: 'Karin Telefonkund',
    email: 'karin.telefon@example.se',
    phone: '070-123 45 67',
    postalCode: '21145',
    city: 'Malmö',
    address: 'Storgatan 1',
    message: null,
    externalOrderNumber: null,
    checklistFileId: null,
    soldAt: Date.now() - 5 * 60_000,
  }
  async function push() {
    const pushed = await seller.post('/api/sync/push', {
      data: { clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations: [{ name: 'createSale', args: sale, seq: 1, createdAt: Date.now() }] },
    })
    expect(await pushed.json()).toMatchObject({ applied: 1 })
  }
  return { seller, saleId, push }
}
