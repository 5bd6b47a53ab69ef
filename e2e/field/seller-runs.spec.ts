import { expect, test } from '@playwright/test'
import { addDays } from '../../shared/rules/work'
import { apiAs, newTeamSeller } from '../api'
import { screen, signInAs, workerControls } from '../fixtures'

/**
 * The seller's runs on the phone (issue 46, decision 073): a run the coach plans reaches the seller's device with its
 * sync, and the next run opens from the device with no network.
 */
test('a seller opens their next run offline @phone-only', async ({ browser }, info) => {
  // The service worker keeps the app's code on the phone: with no network, the app still loads.
  const context = await browser.newContext({ ...info.project.use, serviceWorkers: 'allow' })
  const page = await context.newPage()
  const stamp = Date.now().toString(36)
  const seller = await newTeamSeller('Runa', 'Korning', 'Team Öresund')
  const admin = await apiAs('admin@demo.test')
  const team = ((await (await admin.get('/api/lookups/teams?q=Öresund')).json()) as { items: Array<{ id: string }> }).items[0]!.id
  const tomorrow = addDays(new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(Date.now()), 1)
  const planned = await admin.post('/api/field/runs', {
    data: {
      date: tomorrow,
      teamId: team,
      sellerIds: [seller.id],
      areaId: null,
      meetingPlace: `Pressbyrån ${stamp}`,
      meetingTime: '08:45',
      travelDay: false,
      note: 'Ta med extra broschyrer',
    },
  })
  expect(planned.status(), await planned.text()).toBe(201)
  await admin.dispose()

  // Online once: the sync brings the run to the phone.
  await signInAs(page, seller.email, '/dashboards/sales/seller')
  await workerControls(page)
  const card = page.getByTestId('seller-next-run')
  await expect(card).toContainText(`Samling 08:45 Pressbyrån ${stamp}`)
  await expect(card).toContainText('Ta med extra broschyrer')

  // No network: the app opens again, and the run is there from the device.
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByTestId('seller-next-run')).toContainText(`Pressbyrån ${stamp}`)
  await page.getByTestId('seller-next-run').scrollIntoViewIfNeeded()
  await screen(page, 'seller-next-run-offline')
  await context.close()
})
