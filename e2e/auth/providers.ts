import { expect, type Page } from '@playwright/test'
import { OP_ISSUER } from '../../playwright.config'
import { apiAs } from '../api'

/**
 * The e2e run's identity providers (issue 74, decision 093) at the loopback provider (e2e/oidc-provider.ts): an
 * organisation's Entra ID that links accounts by e-mail, and one that makes a seller's account at the first sign-in.
 */
export async function ensureProviders() {
  const admin = await apiAs('admin@demo.test')
  const roles = (await (await admin.get('/api/roles?itemsPerPage=100')).json()) as { items: Array<{ id: string; key: string }> }
  const seller = roles.items.find((r) => r.key === 'seller')!.id
  const common = { issuer: OP_ISSUER, clientId: 'saljkraft-e2e', clientSecret: 'the-e2e-client-secret' }
  for (const provider of [
    { key: 'entra-e2e', label: 'Företagets Microsoft', subjectClaim: 'oid', matchByEmail: true, allowedDomains: ['demo.test'] },
    { key: 'jit-e2e', label: 'Rekryteringens konto', allowedDomains: ['jit.e2e.test'], jitRoleId: seller },
  ]) {
    const r = await admin.post('/api/identity-providers', { data: { ...common, ...provider } })
    // Both projects run this: the second finds them made.
    expect([201, 409], await r.text()).toContain(r.status())
  }
  await admin.dispose()
}

/** Out to the provider from the sign-in page's button, and signed in there as this e-mail. */
export async function atProvider(page: Page, button: string, email: string) {
  await page.goto('/login')
  await page.getByRole('link', { name: button }).click()
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible()
  await page.getByLabel('E-mail').fill(email)
  await page.getByRole('button', { name: 'Sign in' }).click()
}
