import { expect, test } from '@playwright/test'
import { newTeamSeller } from '../api'
import { screen, signInAs } from '../fixtures'

/**
 * A device nearly out of space for the app is told so before its work can no longer be saved (issue 78). The
 * browser's estimate is the one input the app has; here it answers 90 MB used of 100 MB, as Chromium would on a
 * phone that is nearly full (StorageManager.estimate, https://storage.spec.whatwg.org/#dom-storagemanager-estimate).
 */
/** A seller of the test's own: no other test counts their sessions. */
const ownSeller = async (project: string) => (await newTeamSeller('Lagring', project, 'Team Öresund')).email

test('a nearly full device is warned on its first screen and in its profile @phone', async ({ page }, info) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator.storage, 'estimate', { value: async () => ({ usage: 90 * 1024 ** 2, quota: 100 * 1024 ** 2 }) })
  })
  await signInAs(page, await ownSeller(info.project.name), '/dashboards/sales/seller')
  await expect(page.getByText('Appens lagring på enheten är nästan full (90 %).')).toBeVisible()
  await screen(page, `${info.project.name}-storage-nearly-full`)
  await page.goto('/users/profile?tab=preferences')
  await expect(page.getByTestId('storage-card')).toContainText('90 MB av 100 MB används')
  await expect(page.getByTestId('storage-nearly-full')).toHaveText(
    'Nästan fullt: nya försäljningar kanske inte kan sparas offline förrän utrymme frigörs på enheten.',
  )
})

test('a device with room says nothing of it @phone', async ({ page }, info) => {
  await signInAs(page, await ownSeller(info.project.name), '/users/profile?tab=preferences')
  await expect(page.getByTestId('storage-card')).toContainText('används')
  await expect(page.getByTestId('storage-nearly-full')).toHaveCount(0)
})
