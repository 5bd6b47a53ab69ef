import { expect, test } from '@playwright/test'
import { expectSnackbar, newSeller, recordSnackbars, screen, setTick, signInAs } from '../fixtures'

/**
 * User administration (issue 17, decision 033): the user page with its tabs, the edit dialog, the sensitive fields
 * read on request (and logged), deactivation and reactivation, the management lists, and the list's filters and
 * bulk actions. Each project makes its own users at example.se, so the two runs never meet and the demo accounts
 * other specs count stay as they are.
 */

test('an admin edits a user, reads their bank details (logged), deactivates and reactivates them', async ({ page }, info) => {
  test.setTimeout(120_000)
  const project = info.project.name
  const shot = (name: string) => screen(page, `${project}-${name}`, { fullPage: true })
  await signInAs(page, 'admin@demo.test')
  const last = project === 'phone' ? 'Mobilsson' : 'Datorsson'
  const id = await newSeller(page, 'Elin', last)

  // A new user is on the onboarding list, not yet signed in.
  await page.goto('/user-admin/management/new')
  const newList = page.getByRole('table', { name: 'Nyanställda' })
  await expect(newList.getByRole('row').filter({ hasText: `Elin ${last}` })).toContainText('Aldrig')
  await shot('management-new')

  await page.goto(`/user-admin/users/${id}`)
  await expect(page.getByRole('heading', { name: `Elin ${last}`, level: 1 })).toBeVisible()
  await recordSnackbars(page)

  // Edit: a wrong personal number is refused on its field; then everything is saved.
  await page.getByRole('button', { name: 'Redigera' }).click()
  const dialog = page.getByTestId('edit-user-dialog')
  await dialog.getByLabel('Titel').fill('Junior säljare')
  await dialog.getByLabel('Anställningsdatum').fill('2026-09-01')
  await dialog.getByText('Körkort').click()
  await dialog.getByTestId('user-providers-choice').getByText('Fiberlinjen').click()
  await dialog.getByLabel('Personnummer').fill('19811218-9875')
  await dialog.getByLabel('Clearingnummer').fill('8327-9')
  await dialog.getByLabel('Kontonummer').fill('123 456 789 0')
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expect(dialog.getByText(/Ogiltigt personnummer/)).toBeVisible()
  await dialog.getByLabel('Personnummer').fill('19811218-9876')
  await shot('edit-user')
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expect(dialog).toBeHidden()
  await expectSnackbar(page, 'Ändringarna sparades')

  // Employment: the sensitive fields masked until asked for.
  await page.getByRole('tab', { name: 'Anställning' }).click()
  await expect(page.getByText('Junior säljare')).toBeVisible()
  await expect(page.getByTestId('user-providers')).toHaveText('Fiberlinjen')
  const sensitive = page.getByTestId('user-sensitive')
  await expect(sensitive).toContainText('19811218-****')
  await expect(sensitive).toContainText('••••7890')
  await expect(sensitive).not.toContainText('1234567890')
  await sensitive.getByRole('button', { name: 'Visa' }).click()
  await expect(sensitive).toContainText('19811218-9876')
  await expect(sensitive).toContainText('1234567890')
  await expect(sensitive.getByText('Visas – loggat')).toBeVisible()
  await shot('user-employment')

  // The log says who changed what, and who read the numbers; never the numbers themselves.
  await page.getByRole('tab', { name: 'Logg' }).click()
  const log = page.getByTestId('user-log')
  await expect(log).toContainText('Känsliga uppgifter visade')
  await expect(log).toContainText('Titel: – → Junior säljare')
  await expect(log).toContainText('Leverantörer: – → Fiberlinjen')
  await expect(log).not.toContainText('1234567890')

  // Deactivate: a reason is required; the user becomes a former user, then is let in again.
  await page.getByRole('button', { name: 'Avaktivera' }).click()
  const deactivate = page.getByTestId('deactivate-dialog')
  await deactivate.getByRole('button', { name: 'Avaktivera' }).click()
  await expect(deactivate.getByText('Fältet är obligatoriskt')).toBeVisible()
  await deactivate.getByLabel(/^Orsak/).fill('Slutade efter provanställningen')
  await deactivate.getByRole('button', { name: 'Avaktivera' }).click()
  await expectSnackbar(page, `Elin ${last} är avaktiverad`)
  await expect(page.getByText(/^Avaktiverad .+: Slutade efter provanställningen$/)).toBeVisible()
  await expect(log).toContainText('Avaktiverad')
  await shot('user-former')

  await page.goto('/user-admin/management/former')
  const former = page
    .getByRole('table', { name: 'Tidigare anställda' })
    .getByRole('row')
    .filter({ hasText: `Elin ${last}` })
  await expect(former).toContainText('Slutade efter provanställningen')
  await shot('management-former')
  await former.click()
  await expect(page).toHaveURL(new RegExp(`/user-admin/users/${id}`))
  await recordSnackbars(page)
  await page.getByRole('button', { name: 'Återaktivera' }).click()
  await expectSnackbar(page, `Elin ${last} är aktiv igen`)
  await expect(page.getByRole('button', { name: 'Avaktivera' })).toBeVisible()
})

test('back office filters the users list, moves users to a team in bulk and sees why an admin was skipped', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const admin = await browser.newPage()
  await signInAs(admin, 'admin@demo.test')
  const a = await newSeller(admin, 'Bulk', 'Ettan')
  const b = await newSeller(admin, 'Bulk', 'Trean')
  expect(a).not.toBe(b)
  await admin.close()
  await signInAs(page, 'backoffice@demo.test')

  await page.goto('/user-admin/users?q=bulk')
  await recordSnackbars(page)
  const table = page.getByRole('table', { name: 'Användare' })
  await expect(table.getByRole('row')).toHaveCount(3)
  await setTick(page.getByRole('checkbox', { name: 'Markera alla på sidan' }), true)
  await page.getByRole('button', { name: 'Byt team' }).click()
  const teamDialog = page.getByTestId('change-team-dialog')
  await teamDialog.getByLabel('Nytt team').selectOption({ label: 'Team Norr' })
  await teamDialog.getByRole('button', { name: 'Byt team' }).click()
  await expect(teamDialog).toBeHidden()
  await expectSnackbar(page, '2 ändrade')
  await expect(table.getByRole('row').filter({ hasText: 'Team Norr' })).toHaveCount(2)

  // The team filter finds them; an admin in a selection is skipped, and named.
  await page.goto('/user-admin/users?q=bulk')
  await recordSnackbars(page)
  await page.getByLabel('Team', { exact: true }).selectOption({ label: 'Team Norr' })
  await expect(page).toHaveURL(/teamId=/)
  await expect(table.getByRole('row')).toHaveCount(3)
  await page.getByRole('searchbox', { name: 'Sök i Användare' }).fill('astrid')
  await page.getByLabel('Team', { exact: true }).selectOption({ index: 0 })
  await expect(table.getByRole('row')).toHaveCount(2)
  await setTick(page.getByRole('checkbox', { name: 'Markera raden' }).first(), true)
  await page.getByRole('button', { name: 'Byt team' }).click()
  await teamDialog.getByLabel('Nytt team').selectOption({ label: 'Team Norr' })
  await teamDialog.getByRole('button', { name: 'Byt team' }).click()
  await expectSnackbar(page, '0 ändrade, 1 hoppades över')
  const skipped = page.getByTestId('skipped-dialog')
  await expect(skipped).toContainText('Astrid Admin: Du får inte ändra användaren')
  await screen(page, 'desktop-users-bulk-skipped')
  await skipped.getByRole('button', { name: 'Stäng' }).last().click()

  // The status filter shows former users too.
  await page.goto('/user-admin/users')
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Alla' })
  await expect(page).toHaveURL(/status=all/)
  await screen(page, 'desktop-users-filters', { fullPage: true })
})

test('an admin imports new users from a CSV file: the check shows each bad row, the import creates the rest @phone', async ({ page }, info) => {
  const project = info.project.name
  const shot = (name: string) => screen(page, `${project}-${name}`, { fullPage: true })
  await signInAs(page, 'admin@demo.test', '/user-admin/users')
  await recordSnackbars(page)
  await page.getByRole('button', { name: 'Importera CSV' }).click()
  const dialog = page.getByTestId('import-users-dialog')
  // Semicolons and Windows-1252, as Excel saves a Swedish sheet.
  const csv = [
    'E-post;Förnamn;Efternamn;Roll;Team',
    `import.ett.${project}@example.se;Åsa;Import;Säljare;Team Öresund`,
    `import.tva.${project}@example.se;Örjan;Import;Coach;Team Lund`,
    `import.tre.${project}@example.se;Fel;Roll;Direktör;Team Lund`,
    'admin@demo.test;Redan;Finns;Säljare;',
  ].join('\r\n')
  await dialog.getByTestId('import-file').setInputFiles({ name: 'nya.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'latin1') })
  await dialog.getByRole('button', { name: 'Granska filen' }).click()
  await expect(dialog.getByTestId('import-summary')).toHaveText('4 rader: 2 kan importeras, 2 har fel.')
  // A table on a desktop, a block per row on a phone.
  const row = (line: number) => dialog.locator(`[data-line="${line}"]`).filter({ visible: true })
  await expect(row(4)).toContainText('Rollen "Direktör" finns inte')
  await expect(row(5)).toContainText('admin@demo.test har redan ett konto')
  await expect(row(2)).toContainText('Åsa Import')
  await shot('users-import-check')
  // Nothing is written by the check.
  expect(await page.evaluate(async (q) => ((await (await fetch(`/api/users?q=${q}`)).json()) as { total: number }).total, `import.ett.${project}`)).toBe(0)

  await dialog.getByRole('button', { name: 'Importera 2 användare' }).click()
  await expect(dialog.getByText('Minst 10 tecken')).toBeVisible()
  await dialog.getByLabel(/^Första lösenord/).fill('ett-forsta-losenord')
  await dialog.getByRole('button', { name: 'Importera 2 användare' }).click()
  await expectSnackbar(page, '2 användare importerades.')
  await expect(dialog).toHaveCount(0)
  await page.goto(`/user-admin/users?q=${project}@example.se`)
  await expect(page.getByText(`import.ett.${project}@example.se`).filter({ visible: true })).toBeVisible()
  await expect(page.getByText(`import.tva.${project}@example.se`).filter({ visible: true })).toBeVisible()
  await expect(page.getByText(`import.tre.${project}@example.se`)).toHaveCount(0)
})

test('an admin gives a seller a direct permission and sees which screens it opens', async ({ page }) => {
  await signInAs(page, 'admin@demo.test')
  const id = await newSeller(page, 'Direkt', 'Behorigsson')
  await page.goto(`/user-admin/users/${id}?tab=permissions`)
  await recordSnackbars(page)
  await expect(page.getByTestId('user-screens')).not.toContainText('Användare')
  await page.getByRole('button', { name: 'Ändra direkta behörigheter' }).click()
  const dialog = page.getByTestId('direct-permissions-dialog')
  const box = dialog.getByRole('checkbox', { name: 'Visa: Användare', exact: true })
  await dialog.getByRole('group', { name: 'Användare', exact: true }).getByText('Visa', { exact: true }).click()
  await expect(box).toBeChecked()
  await dialog.getByRole('combobox', { name: 'Omfattning för Visa: Användare' }).selectOption({ label: 'Egna team' })
  await expect(dialog.getByTestId('direct-permissions-screens')).toContainText('Användare')
  await screen(page, 'desktop-direct-permissions', { fullPage: true })
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expectSnackbar(page, 'De direkta behörigheterna sparades.')
  await expect(page.getByTestId('user-direct-rules')).toContainText('Visa: Användare (Egna team)')
  await expect(page.getByTestId('user-screens')).toContainText('Användare')
})
