import { expect, test, type Page } from '@playwright/test'
import { DEMO_PASSWORD, screen, signInAs } from '../fixtures'
import { atProvider, ensureProviders } from './providers'

/**
 * Step-up before a sensitive action (issue 74, decision 093), in the browser: when the server answers that the
 * sign-in is no longer recent (`step_up_required`, its contract in server/modules/auth/step-up.test.ts), the app
 * asks the person to confirm it is them and then does what they asked. The demo's sessions are fresh, so the one
 * refusal is the server's answer as the step-up test records it, given here to the request once; the confirmation
 * and the action that follows are the real server's.
 */
async function userId(page: Page, name: string): Promise<string> {
  return page.evaluate(async (q) => {
    const answer = (await (await fetch(`/api/users?q=${encodeURIComponent(q)}`)).json()) as { items: Array<{ id: string; fullName: string }> }
    return answer.items.find((u) => u.fullName === q)!.id
  }, name)
}

test('acting as another user asks the admin to confirm it is them, then goes on @phone', async ({ page }, info) => {
  await signInAs(page, 'admin@demo.test')
  await page.goto(`/user-admin/users/${await userId(page, 'Bertil Backoffice')}`)
  await expect(page.getByRole('heading', { name: 'Bertil Backoffice' })).toBeVisible()
  const refused = await refuseImpersonationOnce(page)
  await page.getByTestId('impersonate').click()
  await page.getByRole('button', { name: 'Visa som Bertil Backoffice' }).click()

  const dialog = page.getByTestId('step-up-dialog')
  await expect(dialog).toContainText('Ange ditt lösenord för att fortsätta.')
  await dialog.getByTestId('step-up-input').fill('inte-lösenordet')
  await dialog.getByRole('button', { name: 'Bekräfta', exact: true }).click()
  await expect(dialog.getByText('Lösenordet stämmer inte')).toBeVisible()
  await screen(page, `step-up-${info.project.name}`)
  await dialog.getByTestId('step-up-input').fill(DEMO_PASSWORD)
  await dialog.getByRole('button', { name: 'Bekräfta', exact: true }).click()
  await expect(dialog).toHaveCount(0)
  // The request went again once confirmed: the admin now sees the app as Bertil.
  await expect(page.getByTestId('impersonation-banner')).toContainText('Bertil Backoffice')
  expect(refused.count).toBe(1)
})

/** The next request to acting as someone is answered `step_up_required` (the server's answer; see above) once. */
async function refuseImpersonationOnce(page: Page) {
  const refused = { count: 0 }
  await page.route('**/api/auth/impersonation', async (route) => {
    if (route.request().method() !== 'POST' || refused.count > 0) return route.fallback()
    refused.count++
    await route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'step_up_required', message: 'Bekräfta att det är du innan du gör det här.' }),
    })
  })
  return refused
}

test('one signed in through the organisation’s provider confirms there, in a window of its own, then goes on @phone', async ({ page }, info) => {
  await ensureProviders()
  // Signed in through Entra ID (linked by e-mail): the provider is one way to confirm.
  await atProvider(page, 'Logga in med Företagets Microsoft', 'admin@demo.test')
  await expect(page).not.toHaveURL(/\/login/)
  await page.goto(`/user-admin/users/${await userId(page, 'Bertil Backoffice')}`)
  await expect(page.getByRole('heading', { name: 'Bertil Backoffice' })).toBeVisible()
  const refused = await refuseImpersonationOnce(page)
  await page.getByTestId('impersonate').click()
  await page.getByRole('button', { name: 'Visa som Bertil Backoffice' }).click()

  const dialog = page.getByTestId('step-up-dialog')
  const confirm = dialog.getByRole('button', { name: 'Bekräfta med Företagets Microsoft' })
  await expect(confirm).toBeVisible()
  await screen(page, `step-up-provider-${info.project.name}`)
  const popup = page.waitForEvent('popup')
  await confirm.click()
  const at = await popup
  // A fresh sign-in at the provider (prompt=login), in the window the dialog opened.
  await expect(at.getByRole('heading', { name: 'Test identity provider' })).toBeVisible()
  await at.getByLabel('E-mail').fill('admin@demo.test')
  const closed = at.waitForEvent('close')
  await at.getByRole('button', { name: 'Sign in' }).click()
  await closed
  await expect(dialog).toHaveCount(0)
  await expect(page.getByTestId('impersonation-banner')).toContainText('Bertil Backoffice')
  expect(refused.count).toBe(1)
})
