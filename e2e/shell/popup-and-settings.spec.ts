import path from 'node:path'
import Database from 'better-sqlite3'
import { expect, test } from '@playwright/test'
import { expectSnackbar, recordSnackbars, screen, signInAs } from '../fixtures'

/** Puts a notification in the shared e2e server's database, as the live delivery of a later issue will. */
function deliver(email: string, title: string, link: string) {
  const db = new Database(path.resolve('.tmp/e2e/saljkraft.sqlite'), { fileMustExist: true })
  try {
    db.pragma('busy_timeout = 5000')
    db.prepare(
      `insert into notifications (id, user_id, kind, title, message, link, from_name, read_at, created_at)
       select ?, id, 'general', ?, 'Sälj flest hemlarm i veckan.', ?, 'Cecilia Coach', null, ? from users where email = ?`,
    ).run(crypto.randomUUID(), title, link, Date.now(), email)
  } finally {
    db.close()
  }
}

test('a notification arriving while the app is open pops up; a click follows its link @phone', async ({ page }, info) => {
  // not the profile test's accounts, which counts their sessions
  const email = info.project.name === 'phone' ? 'anna.lindqvist@demo.test' : 'johanna.ek@demo.test'
  await signInAs(page, email)
  // The bell's first answer is in: what arrives after it is live (what was there before only counts).
  await expect(page.getByTestId('bell-general')).toHaveAttribute('data-loaded', 'true')
  await expect(page.getByTestId('notification-popup')).toHaveCount(0)
  deliver(email, 'Ny tävling', '/sales/list')
  // The bell asks again when the page comes back into view (and every minute).
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  const popup = page.getByTestId('notification-popup')
  await expect(popup).toContainText('Ny tävling')
  await expect(popup).toContainText('Sälj flest hemlarm i veckan.')
  await expect(popup).toContainText('CC')
  await screen(page, `${info.project.name}-popup`)
  await popup.getByRole('button', { name: /Ny tävling/ }).click()
  await expect(page).toHaveURL('/sales/list')
  await expect(popup).toHaveCount(0)
})

test('notification settings are saved per user and deviations stay in the app @phone', async ({ page }, info) => {
  await signInAs(page, info.project.name === 'phone' ? 'ahmed.karimi@demo.test' : 'erik.johansson@demo.test', '/users/profile?tab=notifications')
  await recordSnackbars(page)
  const push = page.getByTestId('notify-general-push')
  await expect(push.locator('input')).not.toBeChecked()
  await push.click()
  await expectSnackbar(page, 'Aviseringsinställningarna sparades')
  await expect(page.getByTestId('notify-deviation-inApp').locator('input')).toBeDisabled()
  await screen(page, `${info.project.name}-notification-settings`, { fullPage: true })
  await page.reload()
  await expect(page.getByTestId('notify-general-push').locator('input')).toBeChecked()
})

test('the shortcuts menu starts with the user’s screens and keeps what they add and remove', async ({ page }) => {
  await signInAs(page, 'johanna.ek@demo.test')
  await page.getByTestId('shortcuts').click()
  const menu = page.getByTestId('shortcuts-menu')
  await expect(menu.getByRole('link', { name: 'Ny försäljning' })).toBeVisible()
  await menu.getByRole('button', { name: 'Redigera' }).click()
  await menu.getByRole('button', { name: 'Ta bort genvägen Ny försäljning' }).click()
  await menu.getByTestId('shortcuts-add').selectOption({ label: 'Lönekalkylator' })
  await menu.getByRole('button', { name: 'Klar' }).click()
  await screen(page, 'desktop-shortcuts')
  await page.reload()
  await page.getByTestId('shortcuts').click()
  await expect(menu.getByRole('link', { name: 'Lönekalkylator' })).toBeVisible()
  await expect(menu.getByRole('link', { name: 'Ny försäljning' })).toHaveCount(0)
  await menu.getByRole('link', { name: 'Lönekalkylator' }).click()
  await expect(page).toHaveURL('/sales/salary-calculator')
})
