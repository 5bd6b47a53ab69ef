import { expect, test } from '@playwright/test'
import { screen, signInAs } from '../fixtures'

/**
 * The downloads centre end to end (issue 45, decision 071): an export started from the exports screen is listed in
 * Downloads with its state, becomes ready (the page follows it without a reload), and downloads as a file.
 */
test('an export started from the exports screen appears in downloads and is ready to download', async ({ page }) => {
  await signInAs(page, 'backoffice@demo.test', '/backoffice/absenceexport')
  const form = page.getByTestId('absence-export-form')
  await form.getByRole('textbox', { name: 'Från' }).fill('2026-09-01')
  await form.getByRole('textbox', { name: 'Till' }).fill('2026-09-30')
  await form.getByRole('button', { name: 'Exportera' }).click()
  await expect(page.getByText('Den hamnar också under Nedladdningar')).toBeVisible()

  await page.goto('/backoffice/downloads')
  const row = page.getByRole('row').filter({ hasText: 'franvaro-2026-09-01-2026-09-30' }).first()
  await expect(row).toBeVisible()
  await expect(row).toContainText('Frånvaroexport')
  // Queued or running at first, then ready without a reload (the page follows what is under way).
  await expect(row.getByTestId('download-state')).toHaveText('Klar')
  await screen(page, 'downloads')
  const download = page.waitForEvent('download')
  await row.getByTestId('download-file').click()
  expect((await download).suggestedFilename()).toMatch(/^franvaro-2026-09-01-2026-09-30\.(xlsx|csv)$/)
  await expect(page.getByTestId('download-failed')).toHaveCount(0)
})
