import { expect, test } from '@playwright/test'
import { apiAs, newTeamSeller, ownCustomers, sellerPhone } from '../api'
import { screen, signInAs } from '../fixtures'

/**
 * The sales game (issue 20, decision 052) on a seller's phone: approved sales raise their XP and Key Coins, the level
 * their XP reaches is celebrated as it happens, and the leaderboards rank them — or leave them out of others' lists
 * when they choose. The seller is the test's own (new in Team Öresund), with sales of Hemlarm Standard (14 points).
 */
test('approved sales raise a seller’s XP and coins, a level reached is celebrated, and the leaderboards rank them @phone-only', async ({
  page,
  browser,
}, info) => {
  const last = info.project.name === 'phone' ? 'Spelfon' : 'Spelskarm'
  const { email } = await newTeamSeller('Gunnel', last, 'Öresund')
  const phone = await sellerPhone(email)
  const ids = await phone.createSales(`Spelkund ${last}`, 18, undefined, { ssns: ownCustomers(info.project.name === 'phone' ? '19470308' : '19470309', 18) })
  await phone.dispose()

  const desk = await apiAs('backoffice@demo.test')
  const approve = async (id: string) => {
    const sale = async () => (await (await desk.get(`/api/sale-reports/${id}`)).json()) as { status?: string; version: number }
    await expect.poll(async () => (await sale()).status, { timeout: 30_000 }).toBe('finalized')
    const r = await desk.post(`/api/sale-reports/${id}/status`, { data: { status: 'approved', version: (await sale()).version } })
    expect(r.status(), await r.text()).toBe(200)
  }
  for (const id of ids.slice(0, 17)) await approve(id)
  // The game books each approval from its event, after the change: wait until all 17 are (14 XP and coins each).
  const own = await apiAs(email)
  await expect.poll(async () => ((await (await own.get('/api/game/me')).json()) as { xp: number }).xp, { timeout: 30_000 }).toBe(238)
  // The coins are the sales' 238 and whatever badges the award job (on a badge's save, hourly) has given by now.
  type Me = { coins: number; ledger: Array<{ kind: string; coins: number; xp: number }> }
  const me = (await (await own.get('/api/game/me')).json()) as Me
  expect(me.ledger.filter((l) => l.kind === 'sale').map((l) => [l.xp, l.coins])).toEqual(Array.from({ length: 17 }, () => [14, 14]))
  expect(me.coins).toBe(238 + me.ledger.filter((l) => l.kind === 'badge').reduce((sum, l) => sum + l.coins, 0))
  await own.dispose()

  await signInAs(page, email, '/sales-flow')
  await expect(page.getByRole('heading', { name: 'Säljspelet', level: 1 })).toBeVisible()
  await expect(page.getByTestId('game-xp')).toHaveText('238')
  await expect(page.getByTestId('game-coins')).toHaveText(/^\d+$/)
  expect(Number(await page.getByTestId('game-coins').textContent())).toBeGreaterThanOrEqual(238)
  await expect(page.getByTestId('game-level-name')).toHaveText('Rookie')
  await expect(page.getByTestId('game-to-next')).toHaveText('12 XP kvar till nivå 2: Dörrknackare')
  const saleRows = page.locator('[data-testid="game-history-row"][data-kind="sale"]')
  await expect(saleRows).toHaveCount(17)
  await expect(saleRows.first()).toContainText('Godkänd försäljning')
  await expect(page.getByTestId('game-celebration')).toHaveCount(0)

  // The eighteenth approval passes 250 XP: the open app hears of the level at once and celebrates it.
  await expect(page.getByTestId('realtime-state')).toHaveAttribute('data-state', 'connected')
  await approve(ids[17]!)
  const celebration = page.getByTestId('game-celebration')
  await expect(celebration).toContainText('Grattis! Du har nått nivå 2: Dörrknackare', { timeout: 30_000 })
  await expect(celebration).toContainText('keps och vattenflaska')
  await expect(page.getByTestId('game-xp')).toHaveText('252')
  await expect(page.getByTestId('game-level-name')).toHaveText('Dörrknackare')
  await screen(page, `${info.project.name}-sales-game`, { fullPage: true })
  await celebration.getByRole('button', { name: 'Tack!' }).click()
  await expect(celebration).toHaveCount(0)
  await page.reload()
  await expect(page.getByTestId('game-xp')).toHaveText('252')
  await expect(page.getByTestId('game-celebration')).toHaveCount(0)

  // The levels: the second theirs now, the first reached, the third ahead with what is left.
  await page.getByRole('link', { name: 'Alla nivåer' }).click()
  await expect(page).toHaveURL('/sales-flow/level')
  await expect(page.locator('[data-testid="game-level"][data-level="2"]')).toHaveAttribute('data-state', 'current')
  await expect(page.locator('[data-testid="game-level"][data-level="1"]')).toHaveAttribute('data-state', 'reached')
  await expect(page.locator('[data-testid="game-level"][data-level="3"]')).toContainText('498 XP kvar')

  // The team's leaderboard of all time (a week could turn while the test runs): the seller with their 252 XP and
  // their own rank.
  await page.goto('/sales-flow/leaderboards')
  await page.getByTestId('board-scope').getByText('Team', { exact: true }).click()
  await page.getByTestId('board-period').getByText('Totalt', { exact: true }).click()
  await expect(page.getByTestId('leaderboard')).toHaveAttribute('data-scope', 'team')
  await expect(page.getByTestId('leaderboard')).toHaveAttribute('data-period', 'all')
  const mine = page.locator('[data-testid="leaderboard-row"][data-me]')
  await expect(mine).toContainText(`Gunnel ${last}`)
  await expect(mine).toContainText('252')
  await expect(page.getByTestId('leaderboard-me')).toHaveText(/^Din placering: \d+ av \d+$/)

  // Hidden from others: the coach's view of the team no longer names them; they still see their own rank.
  const coach = await apiAs('coach@demo.test')
  type Board = { teams: Array<{ id: string; name: string }>; top: Array<{ name: string }>; around: Array<{ name: string }> }
  const teams = ((await (await coach.get('/api/game/leaderboard?scope=team')).json()) as Board).teams
  const oresund = teams.find((team) => team.name === 'Team Öresund')!.id
  const coachSees = async () => {
    const board = (await (await coach.get(`/api/game/leaderboard?scope=team&period=all&teamId=${oresund}`)).json()) as Board
    return [...board.top, ...board.around].some((r) => r.name === `Gunnel ${last}`)
  }
  expect(await coachSees()).toBe(true)
  await page.getByTestId('board-ranked').click()
  await expect(page.getByText('Du är nu dold i andras topplistor')).toBeVisible()
  await expect.poll(coachSees).toBe(false)
  await expect(mine).toContainText('252')
  await page.getByTestId('board-ranked').click()
  await expect.poll(coachSees).toBe(true)
  await coach.dispose()
  await desk.dispose()

  // Their coach opens the team's board and follows the seller's name to their game.
  const coachDesk = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  const coachPage = await coachDesk.newPage()
  await signInAs(coachPage, 'coach@demo.test', `/sales-flow/leaderboards?scope=team&period=all&team=${oresund}`)
  await coachPage.getByRole('link', { name: `Gunnel ${last}` }).click()
  await expect(coachPage.getByRole('heading', { name: `Säljspelet: Gunnel ${last}`, level: 1 })).toBeVisible()
  await expect(coachPage.getByTestId('game-xp')).toHaveText('252')
  await expect(coachPage.locator('[data-testid="game-history-row"][data-kind="sale"]')).toHaveCount(18)
  await coachDesk.close()
})

/**
 * The rewards shop (issue 20): a seller with coins an admin gave them buys a cap on their phone — the coins go at
 * once, the purchase waits — and the admin hands it out from the game's administration; the seller sees it handed out.
 */
test('a seller buys a reward and the admin hands it out @phone-only', async ({ page, browser }, info) => {
  const last = info.project.name === 'phone' ? 'Butiksfon' : 'Butiksskarm'
  const { id, email } = await newTeamSeller('Greta', last, 'Lund')
  const admin = await apiAs('admin@demo.test')
  const given = await admin.post('/api/game/admin/adjustments', { data: { userId: id, coins: 400, reason: 'Välkomstbonus' } })
  expect(given.status(), await given.text()).toBe(200)
  await admin.dispose()

  await signInAs(page, email, '/sales-flow/rewards')
  await expect(page.getByTestId('shop-coins')).toHaveText('400')
  const cap = page.locator('[data-testid="shop-reward"][data-reward="Säljkraft-keps"]')
  // Black (the other project's test may have bought one of the ten already).
  const black = await cap
    .getByTestId('shop-variant')
    .locator('option', { hasText: /^Svart · \d+ kvar$/ })
    .getAttribute('value')
  await cap.getByTestId('shop-variant').selectOption(black!)
  await cap.getByRole('button', { name: 'Köp' }).click()
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'))
  await expect(dialog).toContainText('Köpa Säljkraft-keps, Svart?')
  await dialog.getByRole('button', { name: 'Köp' }).click()
  await expect(page.getByText('Köpt! Säljkraft-keps väntar på att lämnas ut.')).toBeVisible()
  await expect(page.getByTestId('shop-coins')).toHaveText('250')
  const mine = page.getByTestId('shop-purchase').first()
  await expect(mine).toHaveAttribute('data-status', 'requested')
  await expect(mine).toContainText('Säljkraft-keps, Svart')
  await screen(page, `${info.project.name}-rewards-shop`, { fullPage: true })

  // The admin, at their own desk, hands it out.
  const desk = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  const adminPage = await desk.newPage()
  await signInAs(adminPage, 'admin@demo.test', '/sales-flow/admin')
  const purchase = adminPage.locator(`[data-testid="admin-purchase"][data-buyer="Greta ${last}"]`)
  await expect(purchase).toContainText('Säljkraft-keps, Svart')
  await purchase.getByRole('button', { name: 'Lämna ut' }).click()
  await expect(adminPage.getByText(`Utlämnat till Greta ${last}`)).toBeVisible()
  await expect(purchase).toHaveCount(0)
  await adminPage.getByTestId('purchases-status').getByText('Utlämnad', { exact: true }).click()
  await expect(purchase).toHaveAttribute('data-status', 'approved')
  await desk.close()

  await page.reload()
  await expect(page.getByTestId('shop-purchase').first()).toHaveAttribute('data-status', 'approved')
  await expect(page.getByTestId('shop-purchase').first()).toContainText('Utlämnad')
  await expect(page.getByTestId('shop-coins')).toHaveText('250')
})

/**
 * Competitions (issue 20): a seller has a running competition open on their phone; when back office approves a
 * teammate's sale, the teammate's row appears in the standing without a reload (the realtime channel tells the screen).
 * The competition, the seller and the teammate are the test's own; its days reach from yesterday to tomorrow.
 */
test('a live competition standing moves when a teammate’s sale is approved @phone-only', async ({ page }, info) => {
  const tag = info.project.name === 'phone' ? 'Fon' : 'Skarm'
  const { email } = await newTeamSeller('Vera', `Tavling${tag}`, 'Väst')
  const mate = await newTeamSeller('Tore', `Tavling${tag}`, 'Väst')
  const admin = await apiAs('admin@demo.test')
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' })
  const day = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
  const offices = (await (await admin.get('/api/lookups/offices?q=Göteborg')).json()) as { items: Array<{ id: string }> }
  const name = `Västracet ${tag} ${Date.now() % 100000}`
  const created = await admin.post('/api/game/admin/competitions', {
    data: {
      name,
      metric: 'approved_sales',
      kind: 'sellers',
      officeIds: [offices.items[0]!.id],
      from: day(-1),
      to: day(1),
      prizes: [{ rank: 1, coins: 100, text: 'Tårta' }],
      state: 'published',
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: string }
  await admin.dispose()

  await signInAs(page, email, `/sales-flow/competitions?id=${id}`)
  const standing = page.getByTestId('competition-standing')
  await expect(standing).toHaveAttribute('data-name', name)
  await expect(standing).toContainText('Plats 1: 100 Key Coins · Tårta')
  await expect(page.getByTestId('standing-mine')).toHaveText('Inte med på listan ännu.')
  await expect(page.getByTestId('realtime-state')).toHaveAttribute('data-state', 'connected')
  const teammateRow = page.getByTestId('standing-row').filter({ hasText: `Tore Tavling${tag}` })
  await expect(teammateRow).toHaveCount(0)

  // The teammate's sale, approved at the back office: the open standing shows it without a reload.
  const phone = await sellerPhone(mate.email)
  const [saleId] = await phone.createSales(`Tavlingskund ${tag}`, 1, undefined, { ssns: ownCustomers(tag === 'Fon' ? '19470310' : '19470311', 1) })
  await phone.dispose()
  const desk = await apiAs('backoffice@demo.test')
  const sale = async () => (await (await desk.get(`/api/sale-reports/${saleId}`)).json()) as { status?: string; version: number }
  await expect.poll(async () => (await sale()).status, { timeout: 30_000 }).toBe('finalized')
  const approved = await desk.post(`/api/sale-reports/${saleId}/status`, { data: { status: 'approved', version: (await sale()).version } })
  expect(approved.status()).toBe(200)
  await desk.dispose()
  await expect(teammateRow).toContainText('1', { timeout: 30_000 })
  await expect(teammateRow.getByTestId('standing-value')).toHaveText('1')
  await screen(page, `${info.project.name}-competition`, { fullPage: true })
})

/**
 * Badges (issue 20): an admin builds a rule in the editor, sees the statement it runs and what it would award before
 * saving; the award job gives it to the sellers who meet it, and a seller finds it among their badges. The rule asks
 * for at least one approved order this month — the demo seller has them (decision 052: awarded once per period).
 */
test('an admin builds a badge with a preview of its SQL, and a seller who meets it sees it earned', async ({ page, browser }, info) => {
  const name = `Månadens säljare ${info.project.name}`
  const desk = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  const adminPage = await desk.newPage()
  await signInAs(adminPage, 'admin@demo.test', '/sales-flow/admin?tab=badges')
  await adminPage.getByTestId('new-badge').click()
  const dialog = adminPage.getByTestId('badge-dialog')
  await dialog.getByLabel(/^Namn/).fill(name)
  await dialog.getByLabel(/^Period/).selectOption('month')
  await dialog
    .getByTestId('condition-row')
    .getByLabel(/^Värde/)
    .fill('1')
  await dialog.getByTestId('badge-preview').click()
  await expect(dialog.getByTestId('badge-preview-result')).toContainText('Den här perioden uppfyller')
  await expect(dialog.getByTestId('badge-sql')).toContainText('game_sales')
  await screen(adminPage, `${info.project.name}-badge-editor`, { fullPage: true })
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expect(adminPage.getByText(`Märket ${name} är sparat`)).toBeVisible()
  await expect(adminPage.locator(`[data-testid="admin-badge"][data-name="${name}"]`)).toContainText('Godkända ordrar ≥ 1')
  await desk.close()

  // The demo seller has approved sales this month and the months before: the award job (enqueued by the save) gives
  // them the badge, once for each month they met it.
  await signInAs(page, 'seller@demo.test')
  await expect
    .poll(
      async () => {
        await page.goto('/sales-flow/badges')
        return Number(await page.locator(`[data-testid="badge"][data-name="${name}"]`).getAttribute('data-earned'))
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(1)
  await expect(page.locator(`[data-testid="badge"][data-name="${name}"]`).getByTestId('badge-earned')).toHaveText(/^Taget (en gång|\d+ gånger)/)
})
