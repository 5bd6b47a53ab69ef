import { expect, test, type Page } from '@playwright/test'
import { ROLE_KEYS, type RoleKey } from '../../shared/permissions/roles'
import { sv } from '../../shared/i18n/sv'
import { NAVIGATION, visibleNavigation, type NavItem } from '../../client/app/navigation'
import { signInFresh } from '../fixtures'
import { abilityOf, guarded, opens, pathOf, phoneWalker } from '../screens'

/**
 * Each seeded role, on a desktop, in one sitting:
 *  - signs in through the login form and lands on its own home (decision 017);
 *  - sees exactly the nav items its permissions allow;
 *  - opens every guarded route the role table gives it — each screen really drawn, with its heading — through the
 *    stored rules and the client's guard, and a refused route of its own shows not-authorized.
 * A screen the phone walk (e2e/shell/phone-walk.spec.ts) draws as this role is drawn there, at phone size, and not
 * again here; the admin, who may open every screen, draws them all here, so each screen is drawn on a desktop too.
 * The rule itself decides every role × route pair in shared/rules/guard.test.ts (a refusal and a visitor's
 * redirect render nothing, so they are a table there), and the session's rules are the role table's in
 * server/app.access.test.ts.
 */

/** Where each role lands after signing in; a role with no home of its own gets the start page. */
const LANDING: Record<RoleKey, { url: string; heading: string }> = {
  seller: { url: '/dashboards/sales/seller', heading: 'Min översikt' },
  coach: { url: '/dashboards/sales/coach', heading: 'Coachöversikt' },
  manager: { url: '/dashboards/sales/manager', heading: 'Chefsöversikt' },
  backoffice: { url: '/backoffice/salereports', heading: 'Säljrapporter' },
  recruiter: { url: '/backoffice/onboarding/candidates', heading: 'Kandidater' },
  admin: { url: '/user-admin/users', heading: 'Användare' },
}

const leaves = (items: NavItem[]): string[] => items.flatMap((i) => (i.children ? leaves(i.children) : i.to ? [i.to] : []))

/** Client-side navigation, like following a link: the guard runs, the page does not reload. */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}

for (const role of ROLE_KEYS) {
  test(`${role}: lands on their home, sees their nav items, opens every screen the role table gives and not another`, async ({ page }) => {
    // Every screen of the role drawn one after another: the admin's take 25 s on an idle host.
    test.setTimeout(240_000)
    const ability = abilityOf(role)

    await signInFresh(page, `${role}@demo.test`)
    await expect(page).toHaveURL(LANDING[role].url)
    await expect(page.getByRole('heading', { name: LANDING[role].heading, level: 1 })).toBeVisible()

    // The start page has no nav: the profile, which everyone has, shows it.
    if (LANDING[role].url === '/start') await navigate(page, '/users/profile')
    const nav = page.getByTestId('vertical-nav')
    await expect(nav).toBeVisible()
    // Open every group, then read the links.
    const collapsed = nav.locator('button[aria-expanded="false"]')
    while ((await collapsed.count()) > 0) await collapsed.first().click()
    const shown = await nav.locator('[data-nav-item]').evaluateAll((links) => links.map((a) => a.getAttribute('data-nav-item')))
    expect(shown).toEqual(leaves(visibleNavigation(NAVIGATION, ability.can.bind(ability))))

    const opened = guarded.filter((route) => opens(role, route))
    for (const route of opened.filter((r) => role === 'admin' || phoneWalker(r) !== role)) {
      const path = pathOf(route)
      await navigate(page, path)
      // Waits that answer as soon as the screen is there (an expect polls at 100, 250, 500 ms…): a role's screens
      // are drawn one after another here, so the polling would be a third of the test.
      await page.waitForURL(path)
      await page.getByRole('heading', { level: 1, name: (sv.routes as Record<string, string>)[route.name] }).waitFor()
    }
    expect(opened.length > 0).toBe(true)
    const refused = guarded.find((route) => !opens(role, route))
    if (refused) {
      await navigate(page, pathOf(refused))
      await expect(page, `${role} → ${refused.path}`).toHaveURL('/not-authorized')
    }
  })
}

test('a visitor: a guarded route goes to login with "to", the public routes open', async ({ page }) => {
  await page.goto('/login')
  for (const route of [guarded[0]!, guarded.find((r) => r.path.includes(':id'))!]) {
    const path = pathOf(route)
    await navigate(page, `${path}?q=1`)
    await expect(page, path).toHaveURL(`/login?q=1&to=${path}`)
  }
  await navigate(page, '/not-authorized')
  await expect(page).toHaveURL('/not-authorized')
  await navigate(page, '/start')
  await expect(page.getByRole('heading', { name: 'Välkommen till Säljkraft' })).toBeVisible()
})
