import { expect, test, type Page } from '@playwright/test'
import { buildAbility, toRawRules } from '../../shared/permissions/ability'
import { ROLE_KEYS, roleDef } from '../../shared/permissions/roles'
import { ROUTES } from '../../shared/routes'
import { sv } from '../../shared/i18n/sv'
import { signInFresh } from '../fixtures'

/**
 * Each seeded role × each route of the route table, through the real login, the stored rules and the
 * client guard. The expectation comes from the role table in shared/permissions/roles.ts.
 */
const guarded = ROUTES.filter((r) => 'action' in r.meta)

/** Client-side navigation, like following a link: the guard runs, the page does not reload. */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}

for (const role of ROLE_KEYS) {
  test(`${role}: every guarded route opens or shows not-authorized as the role table says`, async ({ page }) => {
    // Every route of the table, one after another: the admin's take 50 s on an idle host.
    test.setTimeout(240_000)
    await signInFresh(page, `${role}@demo.test`)
    const ctx = { user: { id: 'x', teamIds: [], officeId: null, regionId: null } }
    const ability = buildAbility(toRawRules(roleDef(role).rules, ctx))
    const seen: string[] = []
    for (const route of guarded) {
      const meta = route.meta as { action: never; subject: never }
      const path = route.path.replace(':id', 'demo-1')
      await navigate(page, path)
      if (ability.can(meta.action, meta.subject)) {
        await expect(page, `${role} → ${path}`).toHaveURL(path)
        await expect(page.getByRole('heading', { level: 1, name: (sv.routes as Record<string, string>)[route.name] })).toBeVisible()
        seen.push(route.name)
      } else {
        await expect(page, `${role} → ${path}`).toHaveURL('/not-authorized')
      }
    }
    expect(seen.length > 0 || role === 'recruiter').toBe(true)
  })
}

test('a visitor: every guarded route goes to login with "to", every public route opens', async ({ page }) => {
  await page.goto('/login')
  for (const route of guarded) {
    const path = route.path.replace(':id', 'demo-1')
    await navigate(page, `${path}?q=1`)
    await expect(page, path).toHaveURL(`/login?q=1&to=${path}`)
  }
  await navigate(page, '/not-authorized')
  await expect(page).toHaveURL('/not-authorized')
  await navigate(page, '/start')
  await expect(page.getByRole('heading', { name: 'Välkommen till Säljkraft' })).toBeVisible()
})
