import { expect, test } from '@playwright/test'
import { OP_ISSUER } from '../../playwright.config'
import { apiAs } from '../api'
import { atProvider, ensureProviders } from './providers'
import { chooseFromUserMenu, expectSnackbar, recordSnackbars, screen, signInAs } from '../fixtures'

/**
 * Signing in with the organisation's identity provider (issue 74, decision 093), in Chromium against a real OpenID
 * Provider on loopback (e2e/oidc-provider.ts: oidc-provider with a sign-in page of its own). An organisation's Entra
 * ID links its back-office user by e-mail; another provider makes a seller's account at the first sign-in.
 */
test('a back-office user signs in with the organisation’s Microsoft account and signs out @phone', async ({ page }) => {
  await ensureProviders()
  await page.goto('/login')
  await expect(page.getByTestId('sso-buttons')).toContainText('Logga in med Företagets Microsoft')
  await screen(page, 'login-sso')
  await atProvider(page, 'Logga in med Företagets Microsoft', 'backoffice@demo.test')
  await expect(page).toHaveURL(/\/backoffice\//)
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? 'null') as { email: string } | null)
  expect(stored?.email).toBe('backoffice@demo.test')
  // The profile lists the link (unlinking it is the API test's: other runs of this spec sign in through it).
  await page.goto('/users/profile?tab=security')
  await expect(page.getByTestId('linked-identity')).toContainText('Företagets Microsoft')
  await screen(page, `profile-linked-${test.info().project.name}`, { fullPage: true })

  // Signed out here, and on to the provider's sign-out, which ends the session there and comes back.
  await chooseFromUserMenu(page, 'Logga ut')
  await page.getByRole('button', { name: 'Yes, sign me out' }).click()
  await expect(page).toHaveURL('/login')
  expect((await page.request.get('/api/auth/me')).status()).toBe(401)
  // The provider asks who it is again: its session ended too.
  await page.getByRole('link', { name: 'Logga in med Företagets Microsoft' }).click()
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible()
})

test('a person the provider vouches for gets a seller account at the first sign-in; one without an account is told why @phone', async ({ page }, info) => {
  await ensureProviders()
  const email = `ny.saljare${info.project.name}${Date.now().toString(36)}@jit.e2e.test`
  await atProvider(page, 'Logga in med Rekryteringens konto', email)
  // A new account meets the terms of use in force first.
  await page.getByTestId('terms-gate').getByRole('button', { name: 'Jag godkänner' }).click()
  await expect(page.getByTestId('terms-gate')).toHaveCount(0)
  await expect(page).not.toHaveURL(/\/login/)
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? 'null') as { email: string; role: string } | null)
  expect(stored).toMatchObject({ email, role: 'seller' })
  await chooseFromUserMenu(page, 'Logga ut')
  await page.getByRole('button', { name: 'Yes, sign me out' }).click()
  await expect(page).toHaveURL('/login')

  await atProvider(page, 'Logga in med Företagets Microsoft', 'okand.person@demo.test')
  await expect(page).toHaveURL('/login?sso=not_linked')
  await expect(page.getByRole('alert')).toContainText('Det finns inget konto här för den identiteten.')
  await screen(page, 'login-sso-refused')
})

test('an administrator adds a provider on its screen: the address to register, bad input refused, the secret kept @phone', async ({ page }, info) => {
  const label = `Okta ${info.project.name}`
  const key = `okta-${info.project.name}`
  await signInAs(page, 'admin@demo.test', '/user-admin/identity-providers')
  await recordSnackbars(page)
  await expect(page.getByRole('heading', { name: 'Inloggningstjänster', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Ny inloggningstjänst' }).click()
  const dialog = page.getByTestId('identity-provider-dialog')
  await dialog.getByLabel(/^Knappens text/).fill(label)
  await dialog.getByLabel(/^Nyckel/).fill(key)
  await expect(dialog.getByText(`/api/auth/sso/${key}/callback`)).toBeVisible()
  await dialog.getByLabel(/^Utfärdare/).fill('http://idp.example.org')
  await dialog.getByLabel(/^Klient-id/).fill('saljkraft')
  await dialog.getByLabel(/^Klienthemlighet/).fill('en-hemlighet')
  await dialog.getByLabel(/^Tillåtna e-postdomäner/).fill('demo.test, inte en domän')
  await dialog.getByText('Aktiv (visas på inloggningssidan)').click()
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expect(dialog.getByText('Ange utfärdarens adress med https://')).toBeVisible()
  await expect(dialog.getByText('Ange en domän, till exempel foretaget.se')).toBeVisible()
  await dialog.getByLabel(/^Utfärdare/).fill(OP_ISSUER)
  await dialog.getByLabel(/^Tillåtna e-postdomäner/).fill('demo.test')
  await screen(page, `identity-provider-dialog-${info.project.name}`)
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expectSnackbar(page, `${label} lades till`)
  const row = page.getByTestId('identity-provider-row').filter({ hasText: label })
  await expect(row).toContainText('Av')
  await screen(page, `identity-providers-${info.project.name}`)

  // Changed without a new secret: the stored one stays.
  await row.getByRole('button', { name: `Ändra: ${label}` }).click()
  await expect(dialog.getByText('En hemlighet är sparad. Lämna tomt för att behålla den.')).toBeVisible()
  await dialog.getByLabel(/^Knappens text/).fill(`${label} 2`)
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expectSnackbar(page, `${label} 2 sparades`)
  const admin = await apiAs('admin@demo.test')
  const items = ((await (await admin.get('/api/identity-providers')).json()) as { items: Array<{ key: string; hasSecret: boolean; active: boolean }> }).items
  expect(items.find((p) => p.key === key)).toMatchObject({ hasSecret: true, active: false })
  await admin.dispose()
})

test('an administrator maps the provider’s groups to roles and requires it for a role @phone', async ({ page }, info) => {
  await ensureProviders()
  const api = await apiAs('admin@demo.test')
  const roles = ((await (await api.get('/api/roles?itemsPerPage=100')).json()) as { items: Array<{ id: string; key: string }> }).items
  await api.dispose()
  const roleOf = (key: string) => roles.find((r) => r.key === key)!.id
  await signInAs(page, 'admin@demo.test', '/user-admin/identity-providers')
  await recordSnackbars(page)
  const row = page.getByTestId('identity-provider-row').filter({ hasText: 'Rekryteringens konto' })
  // The provider reads Entra ID's groups claim.
  await row.getByRole('button', { name: 'Ändra: Rekryteringens konto' }).click()
  const dialog = page.getByTestId('identity-provider-dialog')
  await dialog.getByTestId('required-roles').scrollIntoViewIfNeeded()
  await screen(page, `identity-provider-access-${info.project.name}`)
  await dialog.getByLabel(/^Roller från tjänstens grupper/).selectOption('groups')
  await dialog.getByLabel(/^Anspråk med personnumret/).fill('ssn!')
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expect(dialog.getByText('Ett anspråks namn')).toBeVisible()
  await dialog.getByLabel(/^Anspråk med personnumret/).fill('')
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expectSnackbar(page, 'Rekryteringens konto sparades')

  await row.getByRole('button', { name: 'Gruppkopplingar: Rekryteringens konto' }).click()
  const mappings = page.getByTestId('role-mappings-dialog')
  await expect(mappings).toContainText('anspråk ”groups”')
  // Each project saves its own rows over the other's: start from none.
  while ((await mappings.getByRole('button', { name: /^Ta bort rad/ }).count()) > 0)
    await mappings
      .getByRole('button', { name: /^Ta bort rad/ })
      .first()
      .click()
  await mappings.getByRole('button', { name: 'Lägg till en rad' }).click()
  await mappings.getByRole('button', { name: 'Lägg till en rad' }).click()
  await mappings
    .getByLabel(/^Grupp eller app-roll/)
    .nth(0)
    .fill(`g-sales-${info.project.name}`)
  await mappings
    .getByLabel(/^Roll här/)
    .nth(0)
    .selectOption(roleOf('seller'))
  await mappings
    .getByLabel(/^Grupp eller app-roll/)
    .nth(1)
    .fill(`g-sales-${info.project.name}`)
  await mappings.getByRole('button', { name: 'Spara' }).click()
  await expect(mappings.getByText('Värdet finns redan i listan')).toBeVisible()
  await mappings
    .getByLabel(/^Grupp eller app-roll/)
    .nth(1)
    .fill('7f1e2d3c-backoffice-group')
  await mappings
    .getByLabel(/^Roll här/)
    .nth(1)
    .selectOption(roleOf('backoffice'))
  await screen(page, `role-mappings-${info.project.name}`)
  await mappings.getByRole('button', { name: 'Spara' }).click()
  await expectSnackbar(page, 'Gruppkopplingarna för Rekryteringens konto sparades')
  await expect(row).toContainText('2 kopplade')
})
