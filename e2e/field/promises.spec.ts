import { expect, test } from '@playwright/test'
import { apiAs, newTeamSeller } from '../api'
import { screen, signInAs, syncedSince, workerControls } from '../fixtures'

/**
 * Promises end to end (issue 75, decision 097): a seller promises a come-back at a door with no network; the promise is
 * on their list at once with its reminder. The phone comes back online only after the promise's time has long passed
 * (its clock started three hours back: the day it was offline, played fast): the reminder reaches the seller's bell,
 * the promise — an hour overdue — leaves their phone for the team's queue, and a teammate takes it onto theirs.
 */
test('a come-back promised offline has its reminder and, left overdue, goes to the team’s queue @phone-only', async ({ browser }, info) => {
  test.setTimeout(180_000)
  const anna = await newTeamSeller('Anna', 'Lofte', 'Team Öresund')
  const bo = await newTeamSeller('Bo', 'Tar', 'Team Öresund')
  const street = `Löftesgatan ${Date.now() % 1000}`

  const context = await browser.newContext({ ...info.project.use, serviceWorkers: 'allow' })
  await context.clock.install({ time: Date.now() - 3 * 3_600_000 })
  const page = await context.newPage()
  await signInAs(page, anna.email, '/dashboards/sales/seller')
  await workerControls(page)
  await expect(page.getByTestId('sync-status')).toContainText('Synkad')

  // At the door, offline: "come back in an hour".
  await context.setOffline(true)
  const card = page.getByTestId('door-card')
  await card.getByTestId('door-comeBack').click()
  const dialog = page.getByTestId('door-dialog')
  await dialog.getByRole('textbox', { name: 'Adress' }).fill(street)
  await dialog.getByRole('textbox', { name: 'Ort' }).fill('Malmö')
  await dialog.getByRole('textbox', { name: 'Anteckning' }).fill('Dottern är hemma efter skolan')
  await dialog.getByTestId('door-save').click()
  await expect(card.getByTestId('door-come-backs')).toContainText(`${street}, Malmö · väntar på synk`)

  // The list of promises, still offline: the come-back with its reminder half an hour before.
  await page.goto('/sales/promises')
  await expect(page.getByRole('heading', { level: 1, name: 'Mina löften' })).toBeVisible()
  const mine = page.getByTestId('promise').filter({ hasText: street })
  await expect(mine).toContainText('Återbesök')
  await expect(mine).toContainText('väntar på synk')
  await expect(mine.getByTestId('promise-reminder')).toHaveText(/^Påminnelse kl\. \d\d:\d\d$/)
  await expect(page.getByTestId('promise-queue')).toContainText('Teamets kö visas när du har nät.')
  await screen(page, 'promises-offline')

  // Back online hours later (to the server the promise's time passed long ago): the sync takes the door once.
  const since = await page.evaluate(() => Date.now())
  await context.setOffline(false)
  await syncedSince(page, since)
  const api = await apiAs(anna.email)
  const bell = async () => ((await (await api.get('/api/notifications?kind=general')).json()) as { items: Array<{ title: string }> }).items.map((n) => n.title)
  // Its reminder reached the seller's bell; an hour past its time, the team's queue took it and the seller was told.
  await expect.poll(bell, { timeout: 30_000 }).toEqual(expect.arrayContaining([`Återbesök: ${street}, Malmö`, `Till teamets kö: ${street}, Malmö`]))
  await api.dispose()
  // The phone is told to let it go: the seller's list no longer holds it.
  await expect(mine).toHaveCount(0, { timeout: 30_000 })

  // A teammate's phone: the team's queue has it, and taking it puts it on their own list.
  const other = await browser.newContext({ ...info.project.use })
  const bosPage = await other.newPage()
  await signInAs(bosPage, bo.email, '/sales/promises')
  const queued = bosPage.getByTestId('queued-promise').filter({ hasText: street })
  await expect(queued).toContainText('Hölls inte av Anna Lofte (Team Öresund)')
  await screen(bosPage, 'promises-team-queue')
  await queued.getByTestId('take-promise').click()
  await expect(queued).toHaveCount(0)
  const taken = bosPage.getByTestId('promise').filter({ hasText: street })
  await expect(taken).toContainText('från teamets kö', { timeout: 30_000 })
  await taken.getByTestId('promise-kept').click()
  await expect(bosPage.getByTestId('promises-closed').getByTestId('promise').filter({ hasText: street })).toContainText('Hölls')
  await other.close()
  await context.close()

  // The coach, at a desk: Anna missed one, Bo took one from the queue.
  const desk = await browser.newContext({ ...info.project.use, viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false })
  const coach = await desk.newPage()
  const day = (at: number) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(at)
  await signInAs(coach, 'coach@demo.test', `/backoffice/controlling/runs?tab=promises&from=${day(Date.now() - 86_400_000)}&to=${day(Date.now())}`)
  const sellers = coach.getByTestId('promise-sellers')
  await expect(sellers.getByRole('row').filter({ hasText: 'Anna Lofte' }).getByRole('cell').nth(4)).toHaveText('1')
  await expect(sellers.getByRole('row').filter({ hasText: 'Bo Tar' }).getByRole('cell').nth(6)).toHaveText('1')
  await screen(coach, 'promises-coach')
  await desk.close()
})
