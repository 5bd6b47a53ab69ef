import { expect, test } from '@playwright/test'
import { screen, signInAs } from '../fixtures'

/**
 * The lead-list tool (issue 47, decision 075): back office reads a broker's list (Windows-1252, semicolons) from a
 * source whose mapping is saved, adds the NIX answer, previews the rows with their problems, removes what may not be
 * called and gets the list in Downloads.
 */
const latin1 = (text: string) => Buffer.from(text.replace(/\n/g, '\r\n'), 'latin1')

test('a broker list becomes a call list: mapped by its source, NIX and duplicates removed, in Downloads', async ({ page }) => {
  const campaign = `Vinter ${Date.now().toString(36)}`
  await signInAs(page, 'backoffice@demo.test', '/tools/lead-pts-transform')
  await expect(page.getByRole('heading', { name: 'Ringlistor' })).toBeVisible()

  await page.getByTestId('lead-file').setInputFiles({
    name: 'adressregistret.csv',
    mimeType: 'text/csv',
    buffer: latin1(
      [
        'Namn;Personnummer;Mobil;Telefon;Gatuadress;Postnr;Ort',
        'Åsa Öberg;19811218-9876;073-918 27 46;08-518 293 74;Storgatan 1;111 22;Stockholm',
        'Björn Ek;;0701234;;Lillgatan 2;222 33;Lund',
        'Märta Sjö;;076-281 93 05;;Ån 3;333 44;Umeå',
        'Åsa igen;;+46 73 918 27 46;;;;',
      ].join('\n'),
    ),
  })
  await page.getByTestId('lead-campaign').fill(campaign)
  await page.getByTestId('lead-source').selectOption({ label: 'Adressregistret' })
  await page.getByTestId('lead-upload').click()

  const panel = page.getByTestId('lead-list-panel')
  await expect(panel).toContainText('adressregistret.csv')
  await expect(panel).toContainText('4 rader')
  // The source's saved mapping fits the file's headings.
  await expect(panel.getByText('Källans sparade koppling används.')).toBeVisible()
  await expect(page.getByTestId('lead-map-phone1')).toHaveValue('Mobil')

  await page.getByTestId('lead-nix-file').setInputFiles({ name: 'nix.csv', mimeType: 'text/csv', buffer: Buffer.from('Telefonnummer\n0762819305\n') })
  await expect(page.getByTestId('lead-nix-state')).toHaveText('1 spärrat nummer från nix.csv')

  await page.getByTestId('lead-preview-button').click()
  const preview = page.getByTestId('lead-preview')
  await expect(preview.getByRole('row')).toHaveCount(5)
  await expect(preview.getByRole('row').nth(1)).toContainText('+46739182746')
  await expect(preview.getByRole('row').nth(2)).toContainText('Inget giltigt nummer')
  await expect(preview.getByRole('row').nth(3)).toContainText('NIX')
  await expect(preview.getByRole('row').nth(4)).toContainText('Dubblett i listan')
  await screen(page, 'lead-list-preview')

  await page.getByTestId('lead-format').selectOption({ label: 'Ringsystem (CSV)' })
  await page.getByTestId('lead-run').click()
  await expect(page.getByTestId('lead-run-state')).toContainText('Klar: 1 av 4 rader kom med.')
  await expect(page.getByTestId('lead-summary-nix')).toContainText('1')
  await expect(page.getByTestId('lead-summary-duplicate')).toContainText('1')
  await screen(page, 'lead-list-done')
  await expect(page.getByTestId('lead-history')).toContainText(campaign)

  // The list waits in Downloads; it downloads as the dialer reads it.
  await page.getByRole('link', { name: 'Öppna Nedladdningar' }).click()
  const row = page.getByRole('row').filter({ hasText: campaign }).first()
  await expect(row.getByTestId('download-state')).toHaveText('Klar')
  const downloading = page.waitForEvent('download')
  await row.getByTestId('download-file').click()
  const file = await downloading
  const text = (await (await file.createReadStream()).toArray()).map(String).join('')
  expect(text.split('\r\n')[0]).toBe('Telefon1;Telefon2;Namn;Adress;Postnr;Ort;Personnummer;Befintlig kund;Kampanj')
  expect(text).toContain(`+46739182746;+46851829374;Åsa Öberg;Storgatan 1;111 22;Stockholm;19811218-9876;;${campaign}`)
})

test('a new output format is made in its dialog and chosen @phone', async ({ page }) => {
  const name = `Format ${Date.now().toString(36)}`
  await signInAs(page, 'backoffice@demo.test', '/tools/lead-pts-transform')
  await page.getByTestId('lead-file').setInputFiles({ name: 'lista.csv', mimeType: 'text/csv', buffer: Buffer.from('Namn;Telefon\nEva;040-28 47 19\n') })
  await page.getByTestId('lead-campaign').fill(`Vår ${Date.now().toString(36)}`)
  await page.getByTestId('lead-upload').click()
  await expect(page.getByTestId('lead-list-panel')).toContainText('1 rad')
  await page.getByTestId('lead-new-format').click()
  const dialog = page.getByTestId('lead-format-dialog')
  await expect(dialog.getByTestId('lead-format-column')).toHaveCount(9)
  await dialog.getByRole('button', { name: 'Spara' }).click()
  // A format needs a name: the dialog stays open and says so at the field.
  await expect(dialog.getByTestId('lead-format-name')).toHaveAttribute('aria-invalid', 'true')
  await dialog.getByTestId('lead-format-name').fill(name)
  await dialog.getByRole('button', { name: 'Ta bort kolumnen' }).first().click()
  await expect(dialog.getByTestId('lead-format-column')).toHaveCount(8)
  await screen(page, 'lead-format-dialog')
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('lead-format')).toHaveValue(/.+/)
  await expect(page.getByTestId('lead-format').locator('option:checked')).toHaveText(`${name} (CSV)`)
})

test('first and last name in two columns become one name, the ordinary headings mapped by themselves', async ({ page }) => {
  await signInAs(page, 'backoffice@demo.test', '/tools/lead-pts-transform')
  await page.getByTestId('lead-file').setInputFiles({
    name: 'forening.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Förnamn;Efternamn;Personnr;Mobilnummer;Hemtelefon;Gata;Postnummer;Postort\nAnna;Svensson;;070-281 93 17;;Storgatan 1;211 45;Malmö\n'),
  })
  await page.getByTestId('lead-campaign').fill(`Namn ${Date.now().toString(36)}`)
  await page.getByTestId('lead-upload').click()
  await expect(page.getByTestId('lead-list-panel')).toContainText('1 rad')
  await expect(page.getByTestId('lead-map-name')).toHaveValue('Förnamn')
  await expect(page.getByTestId('lead-map-surname')).toHaveValue('Efternamn')
  await expect(page.getByTestId('lead-map-phone2')).toHaveValue('Hemtelefon')
  await expect(page.getByTestId('lead-map-address')).toHaveValue('Gata')
  await page.getByTestId('lead-preview-button').click()
  await expect(page.getByTestId('lead-preview').getByRole('row').nth(1)).toContainText('Anna Svensson')
  await screen(page, 'lead-list-joined-name')
})
