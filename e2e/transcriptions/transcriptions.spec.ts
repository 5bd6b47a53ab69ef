import { expect, test } from '@playwright/test'
import { screen, signInAs } from '../fixtures'

/**
 * Seller transcriptions (issue 47, decision 076): back office finds a call by what was said, opens it and sees the
 * provider's script checked; a call typed in is checked at once; a coach reads their team's calls with identity
 * numbers masked. The demo has no speech engine: the screen says so.
 */
test('back office searches the calls, opens one with its script checked, and types in a new call', async ({ page }) => {
  await signInAs(page, 'backoffice@demo.test', '/backoffice/sellertranscriptions')
  await expect(page.getByTestId('transcription-engine')).toContainText('Ingen taltjänst är inställd')
  await page.getByRole('searchbox').fill('helt gratis')
  const row = page.getByRole('row').filter({ hasText: 'helt gratis' })
  await expect(row).toHaveCount(1)
  await expect(row.getByTestId('transcription-result')).toHaveText('Avvikelse')
  await screen(page, 'transcriptions')
  await row.click()
  await expect(page.getByTestId('transcript-result')).toHaveText('Avvikelse')
  const checks = page.getByTestId('transcript-checks')
  await expect(checks).toContainText('bekräftelse skriftligen')
  await expect(checks).toContainText('Sades inte')
  await expect(page.getByTestId('transcript-line')).toHaveCount(4)
  await screen(page, 'transcription')

  // A new call, typed in: the script is checked when it is saved.
  await page.goto('/backoffice/sellertranscriptions')
  await page.getByTestId('add-call').click()
  const dialog = page.getByTestId('add-call-dialog')
  await dialog.getByRole('combobox', { name: 'Säljare' }).fill('Sven')
  await page.getByRole('option').first().click()
  await dialog.getByTestId('add-call-text').fill('[00:00] Säljare: Hej, jag ringer från Säljkraft.\n[00:04] Kund: Hej!')
  await dialog.getByTestId('add-call-save').click()
  await expect(page).toHaveURL(/\/backoffice\/sellertranscriptions\/[0-9a-f-]{36}$/)
  await expect(page.getByTestId('transcript-line')).toHaveCount(2)
  await expect(page.getByTestId('transcript-line').first()).toContainText('Säljare: Hej, jag ringer från Säljkraft.')
})

test('a coach reads their team’s call with the identity number masked @phone', async ({ page }) => {
  await signInAs(page, 'coach@demo.test', '/backoffice/sellertranscriptions')
  await page.getByRole('searchbox').fill('god morgon')
  const row = page.getByRole('row').filter({ hasText: 'God morgon' })
  await expect(row).toHaveCount(1)
  await row.click()
  await expect(page.getByTestId('transcript')).toContainText('Mitt personnummer är 811218-****.')
  await expect(page.getByTestId('transcript')).not.toContainText('9876')
  await expect(page.getByTestId('add-call')).toHaveCount(0)
  await screen(page, 'transcription-coach')
})
