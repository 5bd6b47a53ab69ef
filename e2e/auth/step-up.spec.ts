import { expect, test, type Page } from '@playwright/test'
import { DEMO_PASSWORD, screen, signInAs } from '../fixtures'

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
  let refused = 0
  await page.route('**/api/auth/impersonation', async (route) => {
    if (route.request().method() !== 'POST' || refused > 0) return route.fallback()
    refused++
    await route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'step_up_required', message: 'Bekräfta att det är du innan du gör det här.' }),
    })
  })
  await page.getByTestId('impersonate').click()
  await page.getByRole('button', { name: 'Visa som Bertil Backoffice' }).click()

  const dialog = page.getByTestId('step-up-dialog')
  await expect(dialog).toContainText('Ange ditt lösenord för att fortsätta.')
  await dialog.getByTestId('step-up-input').fill('inte-lösenordet')
  await dialog.getByRole('button', { name: 'Bekräfta' }).click()
  await expect(dialog.getByText('Lösenordet stämmer inte')).toBeVisible()
  await screen(page, `step-up-${info.project.name}`)
  await dialog.getByTestId('step-up-input').fill(DEMO_PASSWORD)
  await dialog.getByRole('button', { name: 'Bekräfta' }).click()
  await expect(dialog).toHaveCount(0)
  // The request went again once confirmed: the admin now sees the app as Bertil.
  await expect(page.getByTestId('impersonation-banner')).toContainText('Bertil Backoffice')
  expect(refused).toBe(1)
})
