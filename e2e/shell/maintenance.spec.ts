import { expect, test } from '@playwright/test'
import { screen } from '../fixtures'

test('the maintenance page explains, and returns the user once the server answers normally @phone', async ({ page }, info) => {
  await page.goto('/maintenance?to=/login%3Fx%3D1')
  await expect(page.getByRole('heading', { name: 'Underhåll pågår', level: 1 })).toBeVisible()
  await expect(page).toHaveTitle('Underhåll · Säljkraft')
  await screen(page, `${info.project.name}-maintenance`, { fullPage: true })
  // this server is not under maintenance: a check sends the user back where they were
  await page.getByRole('button', { name: 'Försök nu' }).click()
  await expect(page).toHaveURL('/login?x=1')
})
