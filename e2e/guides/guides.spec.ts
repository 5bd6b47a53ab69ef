import { expect, test } from '@playwright/test'
import { apiAs, newTeamSeller } from '../api'
import { screen, signInAs, syncedSince, workerControls } from '../fixtures'

/**
 * Guides (issue 43, docs/decisions/069): an admin writes and publishes a guide in the editor; a seller reads a
 * must-read guide on their phone with no network, acknowledges it there, and their coach sees the acknowledgement
 * once the phone is back online.
 */
const doc = (...paragraphs: string[]) => ({ type: 'doc', content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })) })

test('an admin writes a guide in the editor, adds an English text and publishes it', async ({ page }) => {
  const title = `Kvällens knackrunda ${Date.now()}`
  await signInAs(page, 'admin@demo.test', '/guides/guide-management')
  await page.getByTestId('guide-create').click()
  const dialog = page.getByTestId('guide-editor')
  await dialog.getByTestId('guide-title-sv').fill(title)
  await dialog.getByTestId('guide-body-sv').locator('.tiptap').click()
  await page.keyboard.type('Börja i trappuppgången längst bort.')
  await dialog.getByRole('button', { name: 'Fet' }).click()
  await page.keyboard.type(' Alltid.')
  await dialog.getByRole('tab', { name: /Engelska/ }).click()
  await dialog.getByTestId('guide-add-en').click()
  await dialog.getByTestId('guide-title-en').fill('Tonight’s door round')
  await screen(page, 'guide-editor')
  await dialog.getByTestId('guide-publish').click()
  await expect(dialog).toBeHidden()

  const row = page.getByTestId('guide-admin-row').filter({ hasText: title })
  await expect(row.getByTestId('guide-admin-state')).toHaveText('Publicerad (v1)')
  await expect(row).toContainText('Finska saknas')
  await expect(row).not.toContainText('Engelska saknas')

  // The reader sees it as written: the bold text is bold, nothing else came along.
  await page.goto('/guides/dashboard')
  await page.getByRole('link', { name: title }).first().click()
  await expect(page.getByTestId('guide-body')).toContainText('Börja i trappuppgången längst bort.')
  await expect(page.getByTestId('guide-body').locator('strong')).toHaveText('Alltid.')
})

test('a seller reads a must-read guide offline and acknowledges it; the coach sees it once the phone is online @phone-only', async ({ browser }, info) => {
  // The service worker keeps the app's code on the phone: with no network, a screen not opened yet still loads.
  const context = await browser.newContext({ ...info.project.use, serviceWorkers: 'allow' })
  const page = await context.newPage()
  const stamp = Date.now()
  const title = `Nyckelregeln ${stamp}`
  const seller = await newTeamSeller('Greta', `Guide${stamp}`, 'Team Öresund')
  const admin = await apiAs('admin@demo.test')
  const team = ((await (await admin.get('/api/lookups/teams?q=Öresund')).json()) as { items: Array<{ id: string }> }).items[0]!.id
  const category = ((await (await admin.get('/api/guide-admin/categories')).json()) as { items: Array<{ id: string }> }).items[0]!.id
  const created = await admin.post('/api/guide-admin/guides', {
    data: {
      categoryId: category,
      mustRead: true,
      texts: {
        sv: { title, summary: 'Lämna aldrig ut nycklar.', body: doc('Kundens nycklar lämnas aldrig till någon annan.') },
        en: { title: `The key rule ${stamp}`, summary: '', body: doc('Never hand a customer’s keys to anyone else.') },
        fi: null,
      },
      audience: { roles: [], offices: [], teams: [team], providers: [] },
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const guide = (await created.json()) as { id: string; version: number }
  expect((await admin.post(`/api/guide-admin/guides/${guide.id}/publish`, { data: { version: guide.version } })).status()).toBe(200)
  await admin.dispose()

  // Online once: the dashboard asks for it first, and the phone keeps the guides.
  await signInAs(page, seller.email, '/guides/dashboard')
  await workerControls(page)
  await expect(page.getByTestId('guides-to-acknowledge')).toContainText(title)
  await expect(page.getByTestId('guides-stored-size')).toBeVisible()
  await screen(page, 'guides-dashboard')

  // No network: the guide opens from the phone, and the acknowledgement waits on it.
  await context.setOffline(true)
  await page.getByTestId('guides-to-acknowledge').getByRole('link', { name: title }).click()
  await expect(page.getByTestId('guide-from-device')).toBeVisible()
  await expect(page.getByTestId('guide-body')).toContainText('Kundens nycklar lämnas aldrig till någon annan.')
  await page.getByTestId('guide-acknowledge').click()
  await expect(page.getByTestId('guide-acknowledged-note')).toBeVisible()
  await screen(page, 'guide-offline')

  const coach = await apiAs('coach@demo.test')
  const acknowledged = async () => {
    const report = (await (await coach.get(`/api/guides/${guide.id}/acknowledgements`)).json()) as {
      teams: Array<{ people: Array<{ id: string; acknowledgedNumber: number | null }> }>
    }
    return report.teams.flatMap((t) => t.people).find((p) => p.id === seller.id)?.acknowledgedNumber ?? null
  }
  expect(await acknowledged()).toBeNull()

  // Back online: the sync takes the acknowledgement, and the coach sees it.
  const since = await page.evaluate(() => Date.now())
  await context.setOffline(false)
  await syncedSince(page, since)
  await expect.poll(acknowledged).toBe(1)
  await coach.dispose()
  await context.close()
})
