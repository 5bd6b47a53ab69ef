import { expect, test } from '@playwright/test'
import { expectSnackbar, recordSnackbars, signInAs } from '../fixtures'

test('an admin reads the mail the app kept, and sends a test mail to see whether mail works', async ({ page }) => {
  await signInAs(page, 'admin@demo.test', '/user-admin/mail-outbox')
  await expect(page.getByRole('heading', { name: 'E-postutkorg', level: 1 })).toBeVisible()
  // The demo has no SMTP server: the page says that mail is kept here, not sent.
  await expect(page.getByTestId('mail-transport')).toContainText('Ingen SMTP-server är inställd')

  // The answer is a snackbar (2 s): recorded as it shows, so a busy host cannot let it pass unseen.
  await recordSnackbars(page)
  await page.getByRole('button', { name: 'Skicka testmejl till mig' }).click()
  await expectSnackbar(page, 'Testmejlet till admin@demo.test är sparat här.')
  const row = page.getByRole('row').filter({ hasText: 'admin@demo.test' }).first()
  await expect(row).toContainText('Sparad')

  await row.click()
  const message = page.getByTestId('mail-message')
  await expect(message.getByRole('heading', { name: 'Testmeddelande från Säljkraft' })).toBeVisible()
  await expect(message.getByTestId('mail-text')).toContainText('Astrid Admin')
  await page.keyboard.press('Escape')
  await expect(message).toBeHidden()
})

test('the outbox is for admins only', async ({ page }) => {
  await signInAs(page, 'backoffice@demo.test', '/user-admin/mail-outbox')
  await expect(page).toHaveURL(/\/not-authorized/)
})
