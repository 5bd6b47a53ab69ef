import { expect, test } from '@playwright/test'
import { apiAs, newTeamSeller, ownCustomers, sellerPhone } from '../api'
import { screen, signInAs } from '../fixtures'

/**
 * The office screen (issue 76, docs/decisions/101) end to end: a kiosk browser opens /tv and shows a code; an admin
 * opens the pairing page as the screen's QR code would and pairs it to a team of their own; the screen cycles its
 * scenes, cheers the moment back office approves a sale of the team (not when it is entered), and returns to a new
 * code within 5 seconds of its revocation.
 */
test('a kiosk is paired by its code, cheers an approved sale, and stops within seconds of its revocation', async ({ page, browser }, info) => {
  test.setTimeout(180_000)
  const stamp = `${info.project.name}${Date.now() % 100_000}`
  // A team of the test's own, so other tests' approvals never reach this screen.
  const admin = await apiAs('admin@demo.test')
  const offices = (await (await admin.get('/api/lookups/offices')).json()) as { items: Array<{ id: string; label: string }> }
  const office = offices.items[0]!
  const teamName = `Skärmteam ${stamp}`
  const made = await admin.post('/api/teams', { data: { name: teamName, officeId: office.id, coachIds: [], providerId: null } })
  expect(made.status(), await made.text()).toBe(201)
  await admin.dispose()
  const seller = await newTeamSeller('Tilda', `Tavla${stamp}`, teamName)

  // 1. The kiosk: a code and a QR code, nothing else.
  const tvContext = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'sv-SE' })
  const tv = await tvContext.newPage()
  await tv.goto('/tv')
  const code = (await tv.getByTestId('tv-code').textContent())!.replace(/\s/g, '')
  expect(code).toMatch(/^[A-Z0-9]{8}$/)
  await expect(tv.getByText('Koppla den här skärmen')).toBeVisible()
  await screen(tv, 'tv-pairing')

  // 2. The admin pairs it from the address its QR code holds: the code is filled in.
  await signInAs(page, 'admin@demo.test', `/user-admin/displays?code=${code}`)
  const dialog = page.getByTestId('display-dialog')
  await expect(dialog.getByLabel(/^Kod från skärmen/)).toHaveValue(code)
  await dialog.getByLabel(/^Namn/).fill(`Entrén ${stamp}`)
  await dialog.getByRole('combobox', { name: 'Kontor' }).selectOption(office.id)
  await dialog.getByTestId('display-teams').getByText(teamName).click()
  const scenes = dialog.getByTestId('display-scenes')
  await scenes.getByText('Kontorets dag').click()
  for (const name of ['Dagens topplista', 'Månadens topplista', 'Tävlingar', 'Kontorets dag']) await scenes.getByLabel(`${name}: Sekunder`).fill('5')
  await screen(page, 'display-pair-dialog')
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expect(dialog).toBeHidden()
  const row = page.getByTestId('display').filter({ hasText: `Entrén ${stamp}` })
  await expect(row).toContainText('Kopplad')
  await expect(row).toContainText(office.label)

  // 3. The screen shows what it was paired to show: the office and the team, the office's day among its scenes.
  const kiosk = tv.getByTestId('tv')
  await expect(kiosk).toHaveAttribute('data-phase', 'paired')
  await expect(tv.getByText(`${office.label} · ${teamName}`)).toBeVisible()
  await expect(tv.getByTestId('tv-scene')).toHaveAttribute('data-scene', 'office_day')
  await screen(tv, 'tv-office-day')

  // 4. A sale entered is not cheered; approved by back office, it is: the seller's name and what was sold.
  const phone = await sellerPhone(seller.email)
  const [saleId] = await phone.createSales(`Skärmkund ${stamp}`, 1, undefined, {
    ssns: ownCustomers(info.project.name === 'phone' ? '19520314' : '19520315', 1),
  })
  await phone.dispose()
  const desk = await apiAs('backoffice@demo.test')
  const sale = async () => (await (await desk.get(`/api/sale-reports/${saleId}`)).json()) as { status?: string; version: number }
  await expect.poll(async () => (await sale()).status, { timeout: 30_000 }).toBe('finalized')
  await expect(tv.getByTestId('tv-newsflash')).toHaveCount(0)
  const approved = await desk.post(`/api/sale-reports/${saleId}/status`, { data: { status: 'approved', version: (await sale()).version } })
  expect(approved.status(), await approved.text()).toBe(200)
  await desk.dispose()
  const flash = tv.getByTestId('tv-newsflash')
  await expect(flash).toContainText('Ny affär!')
  await expect(flash).toContainText(`Tilda Tavla${stamp}`)
  await expect(flash).toContainText('Hemlarm Standard')
  await expect(flash).toContainText(teamName)
  await screen(tv, 'tv-newsflash')
  // The cycle resumes after it, and the day's leaderboard has the seller (read again once the game's standings moved).
  await expect(flash).toBeHidden({ timeout: 20_000 })
  await expect(
    tv
      .getByTestId('tv-board')
      .filter({ hasText: `Tilda Tavla${stamp}` })
      .first(),
  ).toBeVisible({ timeout: 60_000 })
  await screen(tv, 'tv-leaderboard')

  // 5. Revoked from the list: within five seconds the screen shows nothing of the office and a new code.
  await row.click()
  const edit = page.getByTestId('display-dialog')
  await edit.getByTestId('revoke-display').click()
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Återkalla' }).click()
  await expect(edit).toBeHidden()
  await expect(kiosk).toHaveAttribute('data-phase', 'pairing', { timeout: 5_000 })
  await expect(tv.getByText(teamName)).toHaveCount(0)
  await expect(tv.getByTestId('tv-code')).not.toHaveText(code.replace(/(.{4})/, '$1 '))
  await expect(row).toContainText('Återkallad')
  await screen(page, 'displays-list')
  await tvContext.close()

  // The same moment in the team feed, on a desk.
  await page.goto('/feed')
  await expect(page.locator('[data-testid="feed-item"][data-kind="sale"]').filter({ hasText: `Tilda Tavla${stamp}` })).toBeVisible()
  await screen(page, 'feed-desktop')
})
