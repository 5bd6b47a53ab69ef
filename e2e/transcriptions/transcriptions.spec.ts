import { expect, test } from '@playwright/test'
import { newTeamSeller, ownCustomers, sellerPhone } from '../api'
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

  // A new call, typed in, for the provider chosen: its script is checked when the call is saved.
  await page.goto('/backoffice/sellertranscriptions')
  await page.getByTestId('add-call').click()
  const dialog = page.getByTestId('add-call-dialog')
  await dialog.getByRole('combobox', { name: 'Säljare' }).fill('Sven')
  await page.getByRole('listbox').getByRole('option', { name: /Sven/ }).first().click()
  // The seller's provider is proposed once the seller is chosen (decision 081); another is picked after it arrives
  // (typed before, the proposal would replace what was typed: CI once saw that).
  await expect(dialog.getByTestId('add-call-provider')).toContainText('Föreslagen:')
  await dialog.getByRole('combobox', { name: 'Leverantör' }).fill('Tryggt')
  await page.getByRole('option', { name: 'Tryggt Hem Larm' }).click()
  // The list closes and gives the focus back to its field: typing before that went there, not into the text (CI saw it).
  await expect(page.getByRole('listbox')).toHaveCount(0)
  await expect(dialog.getByRole('combobox', { name: 'Leverantör' })).toHaveValue('Tryggt Hem Larm')
  await screen(page, 'transcription-add-call')
  const text = '[00:00] Säljare: Hej, jag ringer från Säljkraft.\n[00:04] Kund: Hej!'
  await dialog.getByTestId('add-call-text').fill(text)
  await expect(dialog.getByTestId('add-call-text')).toHaveValue(text)
  await dialog.getByTestId('add-call-save').click()
  await expect(page).toHaveURL(/\/backoffice\/sellertranscriptions\/[0-9a-f-]{36}$/)
  await expect(page.getByTestId('transcript-line')).toHaveCount(2)
  await expect(page.getByTestId('transcript-line').first()).toContainText('Säljare: Hej, jag ringer från Säljkraft.')
  await expect(page.getByText('Tryggt Hem Larm', { exact: false }).first()).toBeVisible()
  await expect(page.getByTestId('transcript-result')).toHaveText('Avvikelse')
  await expect(page.getByTestId('transcript-checks')).toContainText('på uppdrag av Tryggt Hem')
})

test('a call typed in for a seller who sold today is checked against that provider’s script, proposed without asking', async ({ page }) => {
  const stamp = Date.now().toString(36)
  const seller = await newTeamSeller('Ringa', `Idag${stamp}`, 'Team Öresund')
  const phone = await sellerPhone(seller.email)
  await phone.createSales(`Ring ${stamp}`, 1, ownCustomers('19790311', 1)[0])
  await phone.dispose()
  await signInAs(page, 'backoffice@demo.test', '/backoffice/sellertranscriptions')
  await page.getByTestId('add-call').click()
  const dialog = page.getByTestId('add-call-dialog')
  await dialog.getByRole('combobox', { name: 'Säljare' }).fill(`Idag${stamp}`)
  await page
    .getByRole('listbox')
    .getByRole('option', { name: new RegExp(`Idag${stamp}`) })
    .click()
  // The provider the seller sold for today is filled in, and says why.
  await expect(dialog.getByRole('combobox', { name: 'Leverantör' })).toHaveValue('Tryggt Hem Larm')
  await expect(dialog.getByTestId('add-call-provider')).toContainText('Föreslagen: leverantören säljaren sålde för den dagen')
  await dialog.getByTestId('add-call-text').fill('[00:00] Säljare: Hej, jag ringer från Säljkraft.\n[00:04] Kund: Hej!')
  await dialog.getByTestId('add-call-save').click()
  await expect(page).toHaveURL(/\/backoffice\/sellertranscriptions\/[0-9a-f-]{36}$/)
  await expect(page.getByTestId('transcript-result')).toHaveText('Avvikelse')
  await expect(page.getByTestId('transcript-checks')).toContainText('på uppdrag av Tryggt Hem')
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

/** Eight seconds of a quiet 440 Hz tone as a 16-bit mono WAV: a recording the player can seek in. */
function toneWav(seconds = 8, rate = 8000): Buffer {
  const samples = seconds * rate
  const wav = Buffer.alloc(44 + samples * 2)
  wav.write('RIFF', 0)
  wav.writeUInt32LE(36 + samples * 2, 4)
  wav.write('WAVEfmt ', 8)
  wav.writeUInt32LE(16, 16)
  wav.writeUInt16LE(1, 20)
  wav.writeUInt16LE(1, 22)
  wav.writeUInt32LE(rate, 24)
  wav.writeUInt32LE(rate * 2, 28)
  wav.writeUInt16LE(2, 32)
  wav.writeUInt16LE(16, 34)
  wav.write('data', 36)
  wav.writeUInt32LE(samples * 2, 40)
  for (let i = 0; i < samples; i++) wav.writeInt16LE(Math.round(2000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2)
  return wav
}

test('a recording with its text: a line’s time moves the player there and that line is the one said @phone', async ({ page }) => {
  await signInAs(page, 'backoffice@demo.test', '/backoffice/sellertranscriptions')
  await page.getByTestId('add-call').click()
  const dialog = page.getByTestId('add-call-dialog')
  await dialog.getByRole('combobox', { name: 'Säljare' }).fill('Sven')
  // The seller's list, not any option: on a phone the language is a native select whose hidden options come first
  // until the list has drawn (CI once waited on one for the whole test).
  await page.getByRole('listbox').getByRole('option', { name: /Sven/ }).first().click()
  await dialog.getByTestId('add-call-file').setInputFiles({ name: 'samtal.wav', mimeType: 'audio/wav', buffer: toneWav() })
  await dialog.getByTestId('add-call-text').fill('[00:00] Säljare: Hej, jag ringer från Säljkraft.\n[00:05] Kund: Det låter bra.')
  await dialog.getByTestId('add-call-save').click()
  await expect(page).toHaveURL(/\/backoffice\/sellertranscriptions\/[0-9a-f-]{36}$/)

  const audio = page.getByTestId('transcript-audio')
  await expect(audio).toBeVisible()
  // The browser has read the recording's length from the server (ranges, the right type).
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => Math.round(a.duration))).toBe(8)
  const lines = page.getByTestId('transcript-line')
  await expect(lines).toHaveCount(2)
  await lines.nth(1).getByRole('button', { name: /0:05/ }).click()
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThanOrEqual(5)
  await expect(lines.nth(1)).toHaveAttribute('aria-current', 'true')
  await expect(lines.nth(0)).not.toHaveAttribute('aria-current', 'true')
  await audio.evaluate((a: HTMLAudioElement) => a.pause())
  await lines.nth(0).getByRole('button', { name: /0:00/ }).click()
  await expect(lines.nth(0)).toHaveAttribute('aria-current', 'true')
  await screen(page, 'transcription-recording')
})
