import { expect, test } from '@playwright/test'
import { signInFresh } from '../fixtures'

/**
 * Where each role lands after signing in is walked role by role in the permission matrix
 * (e2e/auth/permission-matrix.spec.ts). A role with no home of its own gets the start page, which lists every
 * screen it may open by area.
 */
test('a coach is not offered the seller’s own dashboard or its actions @phone', async ({ page }) => {
  await signInFresh(page, 'coach@demo.test')
  await page.goto('/start')
  await expect(page.getByRole('heading', { name: 'Hej Cecilia!' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Min översikt' })).toHaveCount(0)
  // Opening it anyway (the spec lets view dashboard_sales open it) shows figures, not actions they cannot take.
  await page.goto('/dashboards/sales/seller')
  await expect(page.getByRole('heading', { name: 'Min översikt', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Ny försäljning' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Dagsavslut' })).toHaveCount(0)
})

test('the start page lists every screen the user may open, grouped by area', async ({ page }) => {
  await signInFresh(page, 'admin@demo.test')
  await page.goto('/start')
  const backoffice = page.locator('#area-backoffice')
  // All 20 back-office screens (the spec's 17, the double sales, the written offers and the do-not-contact
  // register), not the first six.
  await expect(backoffice.getByRole('listitem')).toHaveCount(20)
  await expect(backoffice.getByRole('link', { name: 'Skriftliga erbjudanden' })).toBeVisible()
  await expect(backoffice.getByRole('link', { name: 'Kontroll: körningar' })).toBeVisible()
})
