import { expect, test, type Page } from '@playwright/test'
import { seriousFindings, signInAs, syncedSince } from '../fixtures'

/**
 * Serious or critical axe findings (WCAG 2.2 A and AA, as axe checks them) on each screen as it is drawn, in the light
 * theme, then in the dark and then in field mode: the app follows the system's colour scheme and its "increase
 * contrast" (the default preferences) while it is open, so the device turning dark, or asking for more contrast,
 * redraws the same screen, with the same data and state, in the other colours. The dark screen is checked by the
 * rules that read colours; field mode by the enhanced contrast rule (AAA, 7:1: docs/decisions/089). `drawn` waits
 * for a screen that draws itself anew in another scheme (the map).
 */
async function everyLook(page: Page, drawn: (scheme: 'light' | 'dark') => Promise<void> = async () => {}): Promise<string[]> {
  const findings: string[] = []
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${colorScheme}\\b`))
    await drawn(colorScheme)
    findings.push(...(await seriousFindings(page, { colours: colorScheme === 'dark' })).map((f) => `${colorScheme}: ${f}`))
  }
  await page.emulateMedia({ colorScheme: 'light', contrast: 'more' })
  await expect(page.locator('html')).toHaveAttribute('data-field', 'on')
  await drawn('light')
  findings.push(...(await seriousFindings(page, { field: true })).map((f) => `field mode: ${f}`))
  await page.emulateMedia({ colorScheme: 'light', contrast: 'no-preference' })
  await expect(page.locator('html')).toHaveAttribute('data-field', 'off')
  return findings
}

test.describe('accessibility, light, dark and field mode', () => {
  test('login', async ({ page }) => {
    await page.goto('/login')
    await expect(page.getByTestId('demo-accounts')).toBeVisible()
    expect(await everyLook(page)).toEqual([])
  })

  test('start page, table screen and profile with the shell', async ({ page }) => {
    test.slow() // four axe runs, one over the users table with its filters
    await signInAs(page, 'admin@demo.test', '/start')
    await expect(page.getByRole('heading', { name: 'Hej Astrid!' })).toBeVisible()
    expect(await everyLook(page)).toEqual([])
    await page.goto('/user-admin/users')
    await expect(page.getByRole('table', { name: 'Användare' }).getByRole('row')).toHaveCount(11)
    expect(await everyLook(page)).toEqual([])
    await page.goto('/users/profile')
    await expect(page.getByLabel(/^Förnamn/)).toHaveValue('Astrid')
    expect(await everyLook(page)).toEqual([])
    await page.getByRole('tab', { name: 'Säkerhet' }).click()
    await expect(page.getByTestId('session').first()).toBeVisible()
    expect(await everyLook(page)).toEqual([])
  })

  test('the seller screens: dashboard, new sale with its errors, list, time report, sync, salary @phone', async ({ page }) => {
    test.slow() // seven axe runs
    await signInAs(page, 'anna.lindqvist@demo.test')
    const arrived = await page.evaluate(() => Date.now())
    await page.goto('/dashboards/sales/seller')
    await expect(page.getByText('Månadens budget')).toBeVisible()
    await syncedSince(page, arrived)
    expect(await everyLook(page)).toEqual([])
    await page.goto('/sales/create')
    await page.getByRole('button', { name: 'Spara försäljningen' }).click()
    await expect(page.getByText('Du måste välja en leverantör')).toBeVisible()
    expect(await everyLook(page)).toEqual([])
    for (const [path, text] of [
      ['/sales/list', 'Mina försäljningar'],
      ['/sales/time-report', 'Månadens rapporter'],
      ['/sales/sync', 'Behöver åtgärd'],
      ['/sales/salary-calculator', 'Så räknas det'],
      ['/users/profile?tab=notifications', 'Avvikelser på försäljningar'],
    ] as const) {
      const arrived = await page.evaluate(() => Date.now())
      await page.goto(path)
      await expect(page.getByText(text).first()).toBeVisible()
      // The seller's screens sync on arrival (at the first idle moment); wait until that run is over.
      await syncedSince(page, arrived)
      await expect(page.locator('[data-loading]')).toHaveCount(0)
      expect(await everyLook(page), path).toEqual([])
    }
  })

  test('the coach dashboard and order statistics', async ({ page }) => {
    test.slow() // two axe runs over long pages
    await signInAs(page, 'coach@demo.test', '/dashboards/sales/coach')
    await expect(page.getByTestId('coach-team').first()).toBeVisible()
    expect(await everyLook(page), 'coach dashboard').toEqual([])
    await page.goto('/dashboards/sales/orders')
    await expect(page.getByTestId('chart-order-products')).toBeVisible()
    expect(await everyLook(page), 'order statistics').toEqual([])
  })

  test('the manager dashboard', async ({ page }) => {
    await signInAs(page, 'manager@demo.test', '/dashboards/sales/manager')
    await expect(page.getByTestId('manager-office')).toBeVisible()
    await expect(page.getByTestId('manager-team-row').first()).toBeVisible()
    expect(await everyLook(page)).toEqual([])
  })

  test('the profitability views: by team with the settings, and by provider', async ({ page }) => {
    await signInAs(page, 'backoffice@demo.test', '/backoffice/finance/profitability-teams')
    await expect(page.getByTestId('sum-tb')).toBeVisible()
    await expect(page.getByText('Beräkningens inställningar')).toBeVisible()
    expect(await everyLook(page), 'profitability by team').toEqual([])
    await page.goto('/backoffice/finance/profitability-providers')
    await expect(page.getByTestId('sum-tb')).toBeVisible()
    expect(await everyLook(page), 'profitability by provider').toEqual([])
  })

  test('the budgets screen: a manager’s month, with an unsaved change and a field error', async ({ page }) => {
    await signInAs(page, 'manager@demo.test')
    // A month of its own, so nothing here meets the budgets spec's saves.
    await page.goto('/dashboards/sales/budgets?month=2033-01')
    await expect(page.getByText('Kontorets budget')).toBeVisible()
    expect(await everyLook(page)).toEqual([])
    await page.getByLabel('Budget för Team Lund i kronor').fill('1,5')
    await expect(page.getByText('Ange hela kronor, utan ören')).toBeVisible()
    await expect(page.getByTestId('budgets-savebar')).toContainText('1 osparad ändring')
    expect(await everyLook(page)).toEqual([])
  })

  test('the catalog screens: providers, a provider, products and their tabs, a product, customers, a customer', async ({ page }) => {
    test.slow() // eight axe runs
    await signInAs(page, 'backoffice@demo.test')
    for (const [path, ready] of [
      ['/backoffice/providers', 'Tryggt Hem Larm'],
      ['/backoffice/products?q=hemlarm', 'Hemlarm Standard'],
      ['/backoffice/products?tab=categories', 'Tillbehör'],
      ['/backoffice/products?tab=commissions', 'Inte satt'],
    ] as const) {
      await page.goto(path)
      await expect(page.getByText(ready).first()).toBeVisible()
      expect(await everyLook(page), path).toEqual([])
    }
    await page.goto('/backoffice/providers')
    await page.getByRole('cell', { name: 'Fiberlinjen' }).click()
    await expect(page.getByTestId('provider-products')).toBeVisible()
    expect(await everyLook(page), 'a provider').toEqual([])
    await page.getByTestId('provider-products').getByRole('row').filter({ hasText: 'TV-paket Bas' }).click()
    await expect(page.getByTestId('product-figures')).toBeVisible()
    expect(await everyLook(page), 'a product').toEqual([])
    // The register changes as other specs sell (a corrected identity number moves a sale to another customer):
    // the latest customer, whoever it is.
    await page.goto('/backoffice/customers')
    const latest = page.getByRole('table', { name: 'Kunder' }).getByRole('row').nth(1)
    await expect(latest).toBeVisible()
    expect(await everyLook(page), '/backoffice/customers').toEqual([])
    await latest.click()
    await expect(page.getByTestId('customer-details')).toBeVisible()
    expect(await everyLook(page), 'a customer').toEqual([])
  })

  test('the recruiting screens: the candidates, a candidate with its steps, the contract templates', async ({ page }) => {
    await signInAs(page, 'backoffice@demo.test', '/backoffice/onboarding/candidates')
    await expect(page.getByRole('row').filter({ hasText: 'Liam Öhman' })).toBeVisible()
    expect(await everyLook(page), 'the candidates').toEqual([])
    await page.getByRole('row').filter({ hasText: 'Liam Öhman' }).click()
    await expect(page.getByTestId('candidate-steps')).toBeVisible()
    expect(await everyLook(page), 'a candidate').toEqual([])
    await page.goto('/backoffice/onboarding/candidates?tab=templates')
    await expect(page.getByTestId('template-form')).toBeVisible()
    expect(await everyLook(page), 'the templates').toEqual([])
  })

  test('scheduled messages (the list, a message with its editor and next sends) and the downloads', async ({ page }) => {
    await signInAs(page, 'backoffice@demo.test', '/backoffice/scheduledmessages')
    const row = page.getByRole('row').filter({ hasText: 'Veckobrev till Team Norr' })
    await expect(row).toBeVisible()
    expect(await everyLook(page), 'the messages').toEqual([])
    await row.click()
    await expect(page.getByTestId('message-next-send')).toHaveCount(5)
    await expect(page.getByTestId('message-preview-subject')).toBeVisible()
    expect(await everyLook(page), 'a message').toEqual([])
    await page.goto('/backoffice/downloads')
    await expect(page.getByTestId('download-filters')).toBeAttached()
    expect(await everyLook(page), 'the downloads').toEqual([])
  })

  test('the devices: the list with its alerts and a device with its history', async ({ page }) => {
    await signInAs(page, 'backoffice@demo.test', '/backoffice/devices?alert=stale')
    const row = page
      .getByRole('row')
      .filter({ has: page.getByTestId('device-alerts') })
      .first()
    await expect(row).toBeVisible()
    expect(await everyLook(page), 'the devices').toEqual([])
    await row.click()
    await expect(page.getByTestId('device-alert-help')).toBeVisible()
    expect(await everyLook(page), 'a device').toEqual([])
  })

  test('the sales planner, its table, the runs and the maps', async ({ page }) => {
    await signInAs(page, 'coach@demo.test', '/tools/sales-planner')
    await expect(page.getByTestId('planner-run').first()).toBeVisible()
    expect(await everyLook(page), 'the planner').toEqual([])
    await page.goto('/tools/sales-planner-legacy')
    await expect(page.getByTestId('legacy-run').first()).toBeVisible()
    expect(await everyLook(page), 'the legacy planner').toEqual([])
    await signInAs(page, 'backoffice@demo.test', '/backoffice/controlling/runs')
    await expect(page.getByTestId('run-outcome').first()).toBeVisible()
    expect(await everyLook(page), 'the runs').toEqual([])
    await page.goto('/backoffice/controlling/maps?c=13.0,55.58&z=11')
    await expect(page.getByTestId('map-areas')).toBeVisible()
    await expect(page.locator('.sk-map-cluster, .sk-map-sale').first()).toBeVisible()
    // The map is made anew in the other scheme: a software-drawn map (no GPU here) holds the page's frames while it
    // loads, and what is drawn is read once it has.
    const mapIn = (scheme: 'light' | 'dark') => expect(page.getByTestId('map')).toHaveAttribute('data-drawn', scheme)
    expect(await everyLook(page, mapIn), 'the maps').toEqual([])
  })

  test('the lead lists: a list mapped and previewed, and its format dialog', async ({ page }) => {
    await signInAs(page, 'backoffice@demo.test', '/tools/lead-pts-transform')
    await page
      .getByTestId('lead-file')
      .setInputFiles({ name: 'a11y.csv', mimeType: 'text/csv', buffer: Buffer.from('Namn;Mobil\nEva;070-28 47 19\nBo;0701\n') })
    await page.getByTestId('lead-campaign').fill(`A11y ${Date.now().toString(36)}`)
    await page.getByTestId('lead-upload').click()
    await page.getByTestId('lead-preview-button').click()
    await expect(page.getByTestId('lead-preview').getByRole('row')).toHaveCount(3)
    expect(await everyLook(page), 'a lead list').toEqual([])
    await page.getByTestId('lead-new-format').click()
    await expect(page.getByTestId('lead-format-column').first()).toBeVisible()
    expect(await everyLook(page), 'the format dialog').toEqual([])
  })

  test('seller transcriptions: the list, a call with its script checked, the scripts', async ({ page }) => {
    await signInAs(page, 'backoffice@demo.test', '/backoffice/sellertranscriptions')
    const row = page.getByRole('row').filter({ hasText: 'helt gratis' })
    await expect(row).toBeVisible()
    expect(await everyLook(page), 'the calls').toEqual([])
    await row.click()
    await expect(page.getByTestId('transcript-checks')).toBeVisible()
    expect(await everyLook(page), 'a call').toEqual([])
    await page.goto('/backoffice/sellertranscriptions')
    await page.getByTestId('edit-scripts').click()
    await expect(page.getByTestId('script-must')).toBeVisible()
    expect(await everyLook(page), 'the scripts').toEqual([])
  })

  test('the quality screens: templates and the editor, the call queue and a survey, the four statistics screens', async ({ page }) => {
    test.slow() // eight axe runs, four over charts with their tables
    await signInAs(page, 'backoffice@demo.test', '/backoffice/salequality/templates')
    const standard = page.getByTestId('quality-template-row').filter({ hasText: 'Standard' })
    await expect(standard).toBeVisible()
    expect(await everyLook(page), 'templates').toEqual([])
    await standard.getByRole('button', { name: 'Redigera: Standard' }).click()
    await expect(page.getByTestId('quality-template-dialog').getByTestId('quality-question').first()).toBeVisible()
    expect(await everyLook(page), 'the template editor').toEqual([])
    await page.goto('/backoffice/salequality/surveys')
    const first = page.getByTestId('survey-row').first()
    await expect(first).toBeVisible()
    expect(await everyLook(page), 'the call queue').toEqual([])
    await first.click()
    await expect(page.getByTestId('survey-dialog').getByTestId('survey-status')).toBeVisible()
    expect(await everyLook(page), 'a survey').toEqual([])
    for (const [path, ready] of [
      ['all', 'chart-providers'],
      ['grades', 'chart-grades'],
      ['monthly', 'chart-monthly-score'],
    ] as const) {
      await page.goto(`/backoffice/salequality/statistics/${path}`)
      await expect(page.getByTestId(ready).getByTestId('chart-row').first()).toBeVisible()
      expect(await everyLook(page), path).toEqual([])
    }
    await page.goto('/backoffice/salequality/statistics/sellers')
    await expect(page.getByRole('row').filter({ hasText: 'Sven Säljare' })).toBeVisible()
    expect(await everyLook(page), 'sellers').toEqual([])
  })

  test('not found and not authorized', async ({ page }) => {
    await page.goto('/no-such-page')
    await expect(page.getByRole('heading', { name: 'Sidan finns inte' })).toBeVisible()
    expect(await everyLook(page)).toEqual([])
    await page.goto('/not-authorized')
    await expect(page.getByRole('heading', { name: 'Du saknar behörighet' })).toBeVisible()
    expect(await everyLook(page)).toEqual([])
  })
})
