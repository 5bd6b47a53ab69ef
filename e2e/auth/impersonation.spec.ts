import { expect, test, type Page, type Request } from '@playwright/test'
import { screen, seriousFindings, signInAs } from '../fixtures'

/** A user's id by their name, as the admin's users list finds them. */
async function userId(page: Page, name: string): Promise<string> {
  return page.evaluate(async (q) => {
    const answer = (await (await fetch(`/api/users?q=${encodeURIComponent(q)}`)).json()) as { items: Array<{ id: string; fullName: string }> }
    return answer.items.find((u) => u.fullName === q)!.id
  }, name)
}

/**
 * Impersonation (issue 17, decision 037): an admin views the app as back office from the user's page, a banner on
 * every screen says so and offers the way back, back office's screens are what they get, and stopping brings the
 * admin back to the user's page, whose log names both.
 */
test('an admin views the app as back office and stops @phone', async ({ page }, info) => {
  test.setTimeout(150_000)
  await signInAs(page, 'admin@demo.test')
  await page.goto(`/user-admin/users/${await userId(page, 'Bertil Backoffice')}`)
  await expect(page.getByRole('heading', { name: 'Bertil Backoffice' })).toBeVisible()

  // Live alerts keep working while acting as someone: no channel is asked for that the server refuses.
  // Each request ends in an answer or, when the page it was asked from is left first (a full load), in a failure. A
  // request the page left while its answer's body was still arriving has both: it counts once, as answered.
  // Counted from the switch on: a request the admin's own connection made before it, answered after it (the session
  // is then Bertil's), is refused rightly and belongs to the connection that closes.
  const channels = { answered: [] as string[], open: new Set<Request>(), switched: false }
  page.on('request', (r) => {
    if (channels.switched && r.url().includes('/api/broadcasting/auth')) channels.open.add(r)
  })
  page.on('requestfailed', (r) => {
    channels.open.delete(r)
  })
  page.on('response', (r) => {
    if (r.url().endsWith('/api/auth/impersonation') && r.request().method() === 'POST') channels.switched = true
    if (!channels.open.has(r.request())) return
    channels.open.delete(r.request())
    channels.answered.push(`${r.status()} ${new URLSearchParams(r.request().postData() ?? '').get('channel_name')}`)
  })
  await page.getByTestId('impersonate').click()
  await expect(page.getByRole('alertdialog')).toContainText('Du ser och gör det Bertil Backoffice kan')
  await page.getByRole('button', { name: 'Visa som Bertil Backoffice' }).click()

  const banner = page.getByTestId('impersonation-banner')
  await expect(banner).toContainText('Du visar appen som Bertil Backoffice. Allt du gör loggas som Astrid Admin som Bertil Backoffice.')
  await expect(page).toHaveURL(/\/$|\/backoffice/)
  await screen(page, `${info.project.name}-impersonation`, { fullPage: true })
  // Back office's screens, with the banner on each; role administration is not theirs.
  await page.goto('/backoffice/salereports')
  await expect(banner).toBeVisible()
  expect(await seriousFindings(page)).toEqual([])
  // The user's own channel is authorised (the bell's live alerts); presence channels are not asked for.
  // (pusher-js asks for every channel at once when it connects: once the own channel's answer is in, all were asked.)
  await expect(page.getByTestId('realtime-state')).toHaveAttribute('data-state', 'connected')
  await expect.poll(() => channels.answered.filter((a) => a.includes('private-App.Models.User.')).length).toBeGreaterThan(0)
  await expect.poll(() => channels.open.size).toBe(0)
  expect(channels.answered.filter((a) => !a.startsWith('200 '))).toEqual([])
  expect(channels.answered.some((a) => a.includes('presence-'))).toBe(false)
  await page.goto('/user-admin/roles')
  await expect(page).toHaveURL(/not-authorized/)
  await expect(banner).toBeVisible()

  await banner.getByRole('button', { name: 'Sluta visa som Bertil Backoffice' }).click()
  await expect(page).toHaveURL(/\/user-admin\/users\/[^/?]+$/)
  await expect(page.getByRole('heading', { name: 'Bertil Backoffice' })).toBeVisible()
  await expect(banner).toHaveCount(0)
  const log = page.getByTestId('user-log')
  await page.getByRole('tab', { name: 'Logg' }).click()
  await expect(log.getByText('av Astrid Admin').first()).toBeVisible()
  await expect(log.getByText('Visning som användaren avslutades').first()).toBeVisible()
  await expect(log.getByText('Visning som användaren började').first()).toBeVisible()
})

test('the user page offers no view-as for an admin, nor to those without the right', async ({ page }) => {
  await signInAs(page, 'backoffice@demo.test')
  await page.goto(`/user-admin/users/${await userId(page, 'Sven Säljare')}`)
  await expect(page.getByRole('heading', { name: 'Sven Säljare' })).toBeVisible()
  await expect(page.getByTestId('impersonate')).toHaveCount(0)
})
