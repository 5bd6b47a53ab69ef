import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { startBuiltServer } from './built-server'
import { chromiumLaunchOptions } from './chromium'

/**
 * `npm run review:screens` — screenshots of every built screen (and the dialogs and menus on them) on a phone
 * (390×844) and a desktop (1440×900), light and dark, into .tmp/screens/, for a person to look at before an
 * issue that changes screens is resolved. Uses the built app (`npm run build` first) on a fresh demo database.
 */
const PORT = 4183
const OUT = path.resolve('.tmp/screens')
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const
const THEMES = ['light', 'dark'] as const

/** `full`: the whole page even after `then` (a dialog or menu is photographed as the screen shows it). */
type Shot = { name: string; as: string | null; path: string; then?: (page: Page) => Promise<void>; full?: boolean }
const SHOTS: Shot[] = [
  { name: 'login', as: null, path: '/login' },
  { name: 'not-found', as: null, path: '/no/such/page' },
  { name: 'start', as: 'admin@demo.test', path: '/start' },
  { name: 'seller-dashboard', as: 'seller@demo.test', path: '/dashboards/sales/seller' },
  { name: 'sales-list', as: 'seller@demo.test', path: '/sales/list' },
  {
    name: 'sale-detail',
    as: 'seller@demo.test',
    path: '/sales/list',
    then: async (page) => {
      await page.locator('a[href^="/sales/"]:visible').filter({ hasText: 'Nils Dahl' }).first().click()
      await page.waitForURL(/\/sales\/[0-9a-f-]{36}$/)
    },
  },
  { name: 'sales-create', as: 'seller@demo.test', path: '/sales/create' },
  { name: 'daily-checkout', as: 'seller@demo.test', path: '/sales/daily-checkout' },
  { name: 'salary-calculator', as: 'seller@demo.test', path: '/sales/salary-calculator' },
  { name: 'time-report', as: 'seller@demo.test', path: '/sales/time-report' },
  { name: 'sick-notice', as: 'seller@demo.test', path: '/sales/sick-notice' },
  { name: 'sync', as: 'seller@demo.test', path: '/sales/sync' },
  { name: 'users', as: 'admin@demo.test', path: '/user-admin/users' },
  { name: 'users-create-dialog', as: 'admin@demo.test', path: '/user-admin/users', then: (page) => page.getByRole('button', { name: 'Ny användare' }).click() },
  { name: 'profile', as: 'admin@demo.test', path: '/users/profile' },
  { name: 'user-menu', as: 'seller@demo.test', path: '/dashboards/sales/seller', then: (page) => page.getByTestId('user-menu').click() },
  { name: 'not-authorized', as: 'seller@demo.test', path: '/user-admin/users' },
  { name: 'sale-reports', as: 'backoffice@demo.test', path: '/backoffice/salereports' },
  {
    name: 'sale-report-detail',
    as: 'backoffice@demo.test',
    path: '/backoffice/salereports',
    then: async (page) => {
      await page.getByRole('row').nth(1).click()
      await page.getByTestId('sale-report-log').waitFor()
    },
  },
  { name: 'deviations', as: 'backoffice@demo.test', path: '/backoffice/deviations' },
  { name: 'double-sales', as: 'backoffice@demo.test', path: '/backoffice/double-sales' },
  { name: 'order-management', as: 'backoffice@demo.test', path: '/backoffice/ordermanagement' },
  { name: 'providers', as: 'backoffice@demo.test', path: '/backoffice/providers' },
  {
    name: 'provider',
    as: 'backoffice@demo.test',
    path: '/backoffice/providers?q=fiber',
    then: async (page) => {
      await page.getByRole('cell', { name: 'Fiberlinjen' }).first().click()
      await page.getByTestId('provider-products').waitFor()
    },
  },
  {
    name: 'provider-create-dialog',
    as: 'backoffice@demo.test',
    path: '/backoffice/providers',
    then: (page) => page.getByRole('button', { name: 'Ny leverantör' }).click(),
  },
  { name: 'products', as: 'backoffice@demo.test', path: '/backoffice/products' },
  {
    name: 'product',
    as: 'backoffice@demo.test',
    path: '/backoffice/products?q=hemlarm',
    then: async (page) => {
      await page.getByRole('cell', { name: 'Hemlarm Standard' }).first().click()
      await page.getByTestId('product-figures').waitFor()
    },
  },
  {
    name: 'product-edit-dialog',
    as: 'backoffice@demo.test',
    path: '/backoffice/products?q=hemlarm',
    then: async (page) => {
      await page.getByRole('cell', { name: 'Hemlarm Standard' }).first().click()
      await page.getByRole('button', { name: 'Redigera' }).click()
    },
  },
  { name: 'product-categories', as: 'backoffice@demo.test', path: '/backoffice/products?tab=categories' },
  { name: 'category-commissions', as: 'backoffice@demo.test', path: '/backoffice/products?tab=commissions' },
  { name: 'customers', as: 'backoffice@demo.test', path: '/backoffice/customers' },
  {
    name: 'customer',
    as: 'backoffice@demo.test',
    path: '/backoffice/customers',
    then: async (page) => {
      await page.getByRole('row').nth(1).click()
      await page.getByTestId('customer-details').waitFor()
    },
  },
  { name: 'time-reports', as: 'backoffice@demo.test', path: '/backoffice/timereports' },
  {
    name: 'time-report-detail',
    as: 'backoffice@demo.test',
    path: '/backoffice/timereports',
    then: async (page) => {
      await page.getByRole('row').nth(1).click()
      await page.getByTestId('time-report-details').waitFor()
    },
  },
  {
    name: 'time-report-correct-dialog',
    as: 'backoffice@demo.test',
    path: '/backoffice/timereports',
    then: async (page) => {
      await page.getByRole('row').nth(1).click()
      await page.getByRole('button', { name: 'Rätta' }).click()
    },
  },
  { name: 'time-attestation', as: 'coach@demo.test', path: '/backoffice/timereports?tab=attestation' },
  { name: 'sick-notices', as: 'backoffice@demo.test', path: '/backoffice/sicknotices' },
  { name: 'sick-notices-returned', as: 'backoffice@demo.test', path: '/backoffice/sicknotices?state=returned&days=90' },
  { name: 'paycodes', as: 'backoffice@demo.test', path: '/backoffice/paycodes' },
  { name: 'coach-dashboard', as: 'coach@demo.test', path: '/dashboards/sales/coach' },
  { name: 'manager-dashboard', as: 'manager@demo.test', path: '/dashboards/sales/manager' },
  { name: 'alert-recipients', as: 'admin@demo.test', path: '/user-admin/users/deviations' },
  { name: 'surveys', as: 'backoffice@demo.test', path: '/backoffice/salequality/surveys' },
  { name: 'game-admin-levels', as: 'admin@demo.test', path: '/sales-flow/admin?tab=levels' },
  {
    name: 'paycodes-dialog',
    as: 'backoffice@demo.test',
    path: '/backoffice/paycodes',
    then: (page) => page.getByRole('button', { name: /^Ändra: Extra inkomst/ }).click(),
  },
  { name: 'paycodes-extra', as: 'backoffice@demo.test', path: '/backoffice/paycodes?tab=extra' },
  { name: 'paycodes-payroll', as: 'backoffice@demo.test', path: '/backoffice/paycodes?tab=payroll' },
  { name: 'absence-export', as: 'backoffice@demo.test', path: '/backoffice/absenceexport' },
  {
    name: 'region',
    as: 'admin@demo.test',
    path: '/user-admin/regions',
    then: async (page) => {
      await page.getByTestId('region-row').first().getByRole('link').click()
      await page.getByTestId('region-country').waitFor()
    },
  },
  { name: 'candidates', as: 'recruiter@demo.test', path: '/backoffice/onboarding/candidates' },
  {
    name: 'candidate',
    as: 'recruiter@demo.test',
    path: '/backoffice/onboarding/candidates',
    full: true,
    then: async (page) => {
      await page.getByRole('row').filter({ hasText: 'Noah Bergström' }).click()
      await page.getByTestId('candidate-steps').waitFor()
    },
  },
  {
    name: 'candidate-accounts',
    as: 'backoffice@demo.test',
    path: '/backoffice/onboarding/candidates',
    then: async (page) => {
      await page.getByRole('row').filter({ hasText: 'Liam Öhman' }).click()
      await page.getByTestId('step-accounts-action').click()
      await page.getByTestId('candidate-accounts').waitFor()
    },
  },
  { name: 'scheduled-messages', as: 'backoffice@demo.test', path: '/backoffice/scheduledmessages' },
  {
    name: 'scheduled-message',
    as: 'backoffice@demo.test',
    path: '/backoffice/scheduledmessages',
    then: async (page) => {
      await page.getByText('Veckobrev till Team Norr').first().click()
      await page.getByTestId('message-next-send').first().waitFor()
    },
  },
  { name: 'scheduled-message-new', as: 'backoffice@demo.test', path: '/backoffice/scheduledmessages/new' },
  { name: 'downloads', as: 'backoffice@demo.test', path: '/backoffice/downloads' },
  { name: 'devices', as: 'backoffice@demo.test', path: '/backoffice/devices' },
  { name: 'sales-planner', as: 'coach@demo.test', path: '/tools/sales-planner', then: (page) => page.getByTestId('planner-run').first().waitFor() },
  {
    name: 'sales-planner-legacy',
    as: 'coach@demo.test',
    path: '/tools/sales-planner-legacy',
    then: (page) => page.getByTestId('legacy-run').first().waitFor(),
  },
  {
    name: 'controlling-maps',
    as: 'backoffice@demo.test',
    path: '/backoffice/controlling/maps?c=13.0,55.58&z=11&visits=1',
    then: async (page) => {
      await page.getByTestId('map-areas').waitFor()
      await page.locator('.sk-map-cluster, .sk-map-sale').first().waitFor()
    },
  },
  {
    name: 'controlling-maps-settings',
    as: 'admin@demo.test',
    path: '/backoffice/controlling/maps',
    then: async (page) => {
      await page.getByRole('button', { name: 'Kartinställningar' }).click()
      await page.getByTestId('map-settings').waitFor()
    },
  },
  {
    name: 'tools-lead-lists',
    as: 'backoffice@demo.test',
    path: '/tools/lead-pts-transform',
    then: async (page) => {
      await page.getByTestId('lead-file').setInputFiles({
        name: 'adressregistret.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          'Namn;Personnummer;Mobil;Telefon;Gatuadress;Postnr;Ort\nÅsa Öberg;19811218-9876;073-918 27 46;08-518 293 74;Storgatan 1;111 22;Stockholm\nBjörn Ek;;0701234;;Lillgatan 2;222 33;Lund\n',
        ),
      })
      await page.getByTestId('lead-campaign').fill('Vinter')
      await page.getByTestId('lead-source').selectOption({ label: 'Adressregistret' })
      await page.getByTestId('lead-upload').click()
      await page.getByTestId('lead-preview-button').click()
      await page.getByTestId('lead-preview').waitFor()
    },
  },
  {
    name: 'controlling-runs',
    as: 'backoffice@demo.test',
    path: '/backoffice/controlling/runs',
    then: (page) => page.getByTestId('run-outcome').first().waitFor(),
  },
  {
    name: 'device',
    as: 'backoffice@demo.test',
    path: '/backoffice/devices?state=lost',
    then: async (page) => {
      await page.getByTestId('device-alerts').or(page.getByText('Borttappad').nth(1)).first().waitFor()
      await page.getByRole('row').nth(1).click()
      await page.getByTestId('device-lost').waitFor()
    },
  },
  { name: 'candidate-templates', as: 'backoffice@demo.test', path: '/backoffice/onboarding/candidates?tab=templates' },
  { name: 'candidate-settings', as: 'backoffice@demo.test', path: '/backoffice/onboarding/candidates?tab=settings' },
  { name: 'guides-dashboard', as: 'seller@demo.test', path: '/guides/dashboard' },
  { name: 'guides-search', as: 'seller@demo.test', path: '/guides/dashboard', then: (page) => page.getByTestId('guides-search').fill('säljare') },
  {
    name: 'guide-page',
    as: 'seller@demo.test',
    path: '/guides/dashboard',
    then: async (page) => {
      await page.getByRole('link', { name: 'ID-kort och legitimation' }).first().click()
      await page.getByTestId('guide-body').waitFor()
    },
  },
  {
    name: 'guide-page-coach',
    as: 'coach@demo.test',
    path: '/guides/dashboard',
    then: async (page) => {
      await page.getByRole('link', { name: 'ID-kort och legitimation' }).first().click()
      await page.getByTestId('guide-ack-report').waitFor()
    },
  },
  { name: 'guide-management', as: 'admin@demo.test', path: '/guides/guide-management' },
  {
    name: 'guide-editor',
    as: 'admin@demo.test',
    path: '/guides/guide-management',
    then: async (page) => {
      await page.getByRole('button', { name: /^Redigera: Öppningen vid dörren/ }).click()
      await page.getByTestId('guide-body-sv').waitFor()
    },
  },
  { name: 'guide-categories', as: 'admin@demo.test', path: '/guides/guide-categories' },
  { name: 'guide-audiences', as: 'admin@demo.test', path: '/guides/categories-and-guides-and-roles' },
  { name: 'users-embeds', as: 'admin@demo.test', path: '/guides/users-embeds' },
  { name: 'users-embeds-dialog', as: 'admin@demo.test', path: '/guides/users-embeds', then: (page) => page.getByTestId('embed-create').click() },
]
// eslint-disable-next-line no-restricted-properties -- a review run of some screens only: REVIEW_ONLY=providers,products
const ONLY = (process.env.REVIEW_ONLY ?? '').split(',').filter(Boolean)
const chosen = ONLY.length ? SHOTS.filter((s) => ONLY.some((o) => s.name.startsWith(o))) : SHOTS

const server = startBuiltServer({ port: PORT, name: 'review', env: { SCRYPT_LOG_N: '12', NODE_ENV: 'test' } })
const ORIGIN = server.origin.replace('127.0.0.1', 'localhost')

const browser = await chromium.launch(chromiumLaunchOptions())
try {
  await server.ready()
  fs.mkdirSync(OUT, { recursive: true })
  let count = 0
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    for (const theme of THEMES) {
      const sessions = new Map<string | null, Awaited<ReturnType<typeof browser.newContext>>>()
      const contextFor = async (as: string | null) => {
        let context = sessions.get(as)
        if (context) return context
        context = await browser.newContext({
          viewport,
          locale: 'sv-SE',
          baseURL: ORIGIN,
          serviceWorkers: 'block',
          isMobile: viewportName === 'phone',
          hasTouch: viewportName === 'phone',
        })
        await context.addCookies([{ name: 'saljkraft-theme', value: theme, url: ORIGIN }])
        if (as) {
          const page = await context.newPage()
          await page.goto('/login')
          await page.getByLabel(/^E-post/).fill(as)
          await page.getByLabel(/^Lösenord/).fill('saljkraft-demo')
          await page.getByRole('button', { name: 'Logga in', exact: true }).click()
          await page.waitForURL((url) => !url.pathname.startsWith('/login'))
          await page.close()
        }
        sessions.set(as, context)
        return context
      }
      for (const shot of chosen) {
        const page = await (await contextFor(shot.as)).newPage()
        await page.goto(shot.path)
        await page.waitForLoadState('networkidle')
        if (shot.then) await shot.then(page)
        await page.waitForTimeout(400) // let animations of dialogs and menus end before the picture
        await page.screenshot({ path: path.join(OUT, `${viewportName}-${theme}-${shot.name}.png`), fullPage: shot.full ?? !shot.then })
        await page.close()
        count++
      }
      for (const context of sessions.values()) await context.close()
    }
  }
  console.log(`${count} screenshots in ${path.relative(process.cwd(), OUT)}/`)
} finally {
  await browser.close()
  server.stop()
}
