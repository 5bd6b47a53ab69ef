import AxeBuilder from '@axe-core/playwright'
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test'
import type { SessionAnswer } from '../shared/schemas/auth'
import { businessDay, businessDayStart } from '../shared/rules/work'
import { BASE_URL } from '../playwright.config'

export const DEMO_PASSWORD = 'saljkraft-demo'

/**
 * Keeps a test that plays out one working day inside one business day: the context's clock runs at real speed, from
 * now, or, when the test's time budget would reach Sweden's midnight, from just after it. A day's screens count the
 * phone's today (a checkout made at 00:01 has no sales, rightly), so a long test begun at 23:58 would otherwise see
 * its day end half-way (CI once did). A phone a few minutes ahead of the server is within the clock skew it accepts;
 * one behind would land on a day the demo has already reported and checked out.
 */
export async function withinOneBusinessDay(context: BrowserContext, budgetMs: number, now = Date.now()) {
  const tomorrow = businessDayStart(businessDay(businessDayStart(businessDay(now)) + 36 * 3_600_000))
  await context.clock.install({ time: now + budgetMs < tomorrow ? now : tomorrow + 60_000 })
}

export async function signIn(page: Page, email: string) {
  await page.getByLabel(/^E-post/).fill(email)
  await page.getByLabel(/^Lösenord/).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Logga in', exact: true }).click()
}

/**
 * Signs in through the login page and waits until the app has moved on. For the specs about signing in; a spec
 * about a screen signs in with `signInAs`.
 */
export async function signInFresh(page: Page, email: string) {
  await page.goto('/login')
  await signIn(page, email)
  // Still on the sign-in page: what the form shows says why (an empty form: the page was loaded again).
  await expect(page)
    .not.toHaveURL(/\/login/)
    .catch(async (error: Error) => {
      const said = await page.getByRole('alert').allTextContents()
      const typed = await page.getByLabel(/^E-post/).inputValue()
      throw new Error(`${email} stayed on the sign-in page; it says ${JSON.stringify(said)}, its e-mail field holds ${JSON.stringify(typed)}\n${error.message}`)
    })
}

/**
 * Signs in as the login form does — the same API call, the session cookie in the page's browser context and the
 * user data and rules in its storage (client/lib/session.ts) — and opens `path` (by default the user's home) as
 * the first page the app loads. A session of its own for each call, as with the form. The form itself, and where
 * it leads, are tested in e2e/auth; here a spec about a screen skips loading the login page and the home screen.
 */
export async function signInAs(page: Page, email: string, path = '/') {
  const res = await page.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD }, headers: { origin: BASE_URL } })
  expect(res.status(), `sign-in of ${email}: ${await res.text()}`).toBe(200)
  const answer = (await res.json()) as SessionAnswer
  // A document of the app's origin that loads nothing, to write the storage the app reads at start.
  await page.goto('/api/health')
  await page.evaluate((a) => {
    localStorage.setItem('userData', JSON.stringify(a.userData))
    localStorage.setItem('userAbilityRules', JSON.stringify(a.userAbilityRules))
  }, answer)
  await page.goto(path)
  await expect(page).not.toHaveURL(/\/login/)
}

/**
 * A picture of the screen as it is, for a person to look at (test-results/screens/<name>.png), taken when the run
 * asks for them: `E2E_SCREENS=1 npx playwright test …`. A full-page picture costs half a second of the machine, and
 * nobody looks at the ones of a CI run.
 */
export async function screen(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  // eslint-disable-next-line no-restricted-properties -- the test run's own switch
  if (process.env.E2E_SCREENS !== '1') return
  await page.screenshot({ path: `test-results/screens/${name}.png`, ...opts })
}

/**
 * Records the Content-Security-Policy violations Chromium reports in every document of the page from now on; read
 * them with `policyViolations`. The app runs under a strict policy: a violation is a script or a library trying
 * what the policy forbids (zod's `new Function` probe once did on every signed-in page).
 */
export async function recordPolicyViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { __policyViolations: seen })
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`))
  })
}

export async function policyViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __policyViolations?: string[] }).__policyViolations ?? [])
}

/**
 * Opens the user menu and chooses an item, once the menu has come to rest: it opens with a short scale-in, and a
 * click whose press and release land on different spots of a still-moving item is no click at all (a CI run lost
 * one that way; Playwright's stability check passes in the animation's slow tail).
 */
export async function chooseFromUserMenu(page: Page, item: string) {
  await page.getByTestId('user-menu').click()
  const menu = page.getByRole('menu')
  await atRest(menu)
  await menu.getByRole('menuitem', { name: item }).click()
}

/** Waits until an element is shown and its opening animations (its own and its children's) have ended. */
export async function atRest(locator: Locator) {
  await locator.waitFor()
  await locator.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))))
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
 * the worker's cache (before it, the browser's "no internet" page). It takes control once it has precached the whole
 * app (about 170 files): a few seconds on an idle host, past half a minute on a 2-core host running the rest of the
 * suite beside it, so this wait is as long as the suite's budget for a slow step.
 */
export async function workerControls(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 90_000 })
}

/** A new seller, made through the API as the signed-in admin (the create dialog has its own test). */
export async function newSeller(page: Page, first: string, last: string): Promise<string> {
  return page.evaluate(
    async ({ first, last }) => {
      const roles = (await (await fetch('/api/users/role-options')).json()) as { items: Array<{ id: string; key: string }> }
      const res = await fetch('/api/users', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: `${first}.${last}@example.se`.toLowerCase(),
          firstName: first,
          lastName: last,
          password: 'ett-langt-losenord',
          roleId: roles.items.find((r) => r.key === 'seller')!.id,
        }),
      })
      if (res.status !== 201) throw new Error(`create ${first}: ${res.status} ${await res.text()}`)
      return ((await res.json()) as { id: string }).id
    },
    { first, last },
  )
}

/**
 * Serious or critical axe findings (WCAG 2.2 A and AA: axe's rules for 2.0, 2.1 and 2.2 — of 2.2's, the target
 * size, 2.5.8) on the page as it is, once its animations have ended; with
 * `colours`, only the rules that read colours (for the same screen again in another colour scheme).
 */
export async function seriousFindings(page: Page, opts: { colours?: boolean; field?: boolean } = {}) {
  // Contrast is judged on the screen at rest: a button that has just become enabled fades in over 0.2 s.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
  // Legacy mode runs axe in the page itself: the default mode finishes every run in a new blank page (a renderer
  // process started and stopped per check, ~0.5 s of a 2-core machine each time), which only matters for
  // cross-origin frames, and the app has none. Only the violations are built: passes are what cost the rest.
  const axe = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] })
  const result = await (
    opts.field
      ? // Field mode's promise is AAA text contrast (7:1, 4.5:1 for large text): axe's enhanced rule (docs/decisions/089).
        axe.withRules(['color-contrast-enhanced', 'link-in-text-block'])
      : opts.colours
        ? axe.withRules(['color-contrast', 'link-in-text-block'])
        : axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
  ).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`)
          .join(', ')}`,
    )
}

/**
 * Every piece of visible text on the screen whose contrast with what is drawn behind it, computed from the rendered
 * colours, is below `normal` (or `large` for large text: 24 px, or 18.7 px bold — WCAG's definition): the text's colour
 * and each background up the tree, blended by their alpha, each read back through a canvas so any CSS colour syntax
 * (color-mix, oklch) counts as drawn. Disabled controls are exempt (WCAG 1.4.3/1.4.6), as is text over an image.
 */
export async function lowContrastText(page: Page, normal: number, large: number): Promise<string[]> {
  return page.evaluate(
    ({ normal, large }) => {
      const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!
      const rgba = (css: string): [number, number, number, number] => {
        ctx.clearRect(0, 0, 1, 1)
        ctx.fillStyle = '#000'
        ctx.fillStyle = css
        ctx.fillRect(0, 0, 1, 1)
        const d = ctx.getImageData(0, 0, 1, 1).data
        return [d[0]!, d[1]!, d[2]!, d[3]! / 255]
      }
      const over = (top: [number, number, number, number], under: [number, number, number]): [number, number, number] =>
        [0, 1, 2].map((i) => top[i]! * top[3] + under[i]! * (1 - top[3])) as [number, number, number]
      const lum = (c: [number, number, number]) => {
        const [r, g, b] = c.map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
      }
      const background = (el: Element | null): [number, number, number] | null => {
        const layers: Array<[number, number, number, number]> = []
        for (let e = el; e; e = e.parentElement) {
          const style = getComputedStyle(e)
          if (style.backgroundImage !== 'none') return null
          const c = rgba(style.backgroundColor)
          if (c[3] > 0) layers.push(c)
          if (c[3] >= 1) break
        }
        return layers.reduceRight<[number, number, number]>((under, top) => over(top, under), [255, 255, 255])
      }
      const found: string[] = []
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
      const seen = new Set<Element>()
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement
        if (!el || seen.has(el) || !node.textContent?.trim()) continue
        seen.add(el)
        if (
          !el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) ||
          el.closest('[disabled], [aria-disabled="true"], [aria-hidden="true"], .sk-visually-hidden')
        )
          continue
        const box = el.getBoundingClientRect()
        if (box.width <= 1 || box.height <= 1) continue
        const style = getComputedStyle(el)
        const bg = background(el)
        if (!bg) continue
        const fg = over(rgba(style.color), bg)
        const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a) as [number, number]
        const ratio = (hi + 0.05) / (lo + 0.05)
        const size = parseFloat(style.fontSize)
        const isLarge = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700)
        if (ratio < (isLarge ? large : normal))
          found.push(`${ratio.toFixed(2)}:1 "${(node.textContent ?? '').trim().slice(0, 40)}" (${style.color} on rgb(${bg.map(Math.round).join(', ')}))`)
      }
      return found
    },
    { normal, large },
  )
}

/**
 * Ticks or clears a table's checkbox as a user does: a tap on the box they see (the input itself is hidden). The
 * tap waits until nothing covers the box and it stands still; a forced click on the hidden input skips those
 * checks and, while the page moves (another test's live update), now and then changes nothing.
 */
export async function setTick(checkbox: Locator, checked: boolean) {
  const box = checkbox.locator('xpath=ancestor::label[1]')
  if ((await checkbox.isChecked()) !== checked) await box.click()
  await (checked ? expect(checkbox).toBeChecked() : expect(checkbox).not.toBeChecked())
}

/**
 * Fills the new-sale form (/sales/create): one of a provider's products and a private customer in Malmö; saving is
 * the test's own step. The demo's alarm provider and its standard alarm unless named.
 */
export async function fillSale(page: Page, opts: { customer: string; ssn?: string; provider?: string; product?: string }) {
  await page.getByTestId('provider').selectOption({ label: opts.provider ?? 'Tryggt Hem Larm' })
  const product = page.getByTestId('product-0')
  const option = product.locator('option', { hasText: opts.product ?? 'Hemlarm Standard' })
  await product.selectOption({ value: (await option.getAttribute('value'))! })
  await page.getByLabel(/^Personnummer/).fill(opts.ssn ?? '811218-9876')
  await page.getByLabel(/^Kundens namn/).fill(opts.customer)
  await page.getByLabel(/^Telefon/).fill('070-123 45 67')
  await page.getByLabel(/^Adress/).fill('Storgatan 1')
  await page.getByLabel(/^Postnummer/).fill('211 45')
  await page.getByLabel(/^Ort/).fill('Malmö')
}
