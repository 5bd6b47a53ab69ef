import { expect, test } from '@playwright/test'
import { expectSnackbar, recordSnackbars, screen, signInAs } from '../fixtures'

/**
 * Regions (issue 17, decision 036): an admin creates a region, renames it and deletes it; a region with offices
 * says why it cannot be deleted; back office reads the list without the actions. Each project names its own region.
 */
test('an admin creates, renames and deletes a region; one with offices stays @phone', async ({ page }, info) => {
  const project = info.project.name
  const name = `Region ${project === 'phone' ? 'Mobil' : 'Dator'}`
  await signInAs(page, 'admin@demo.test', '/user-admin/regions')
  await recordSnackbars(page)
  const rows = page.getByTestId('region-row')
  await expect(rows.first()).toBeVisible()

  await page.getByRole('button', { name: 'Ny region' }).click()
  const dialog = page.getByTestId('region-dialog')
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expect(dialog.getByText('Fältet är obligatoriskt')).toBeVisible()
  await dialog.getByLabel(/^Namn/).fill(name)
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expectSnackbar(page, `Regionen ${name} skapades`)
  const row = rows.filter({ hasText: name })
  await expect(row).toContainText('0')

  await row.getByRole('button', { name: `Byt namn: ${name}` }).click()
  await dialog.getByLabel(/^Namn/).fill(`${name} Norr`)
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expectSnackbar(page, `Regionen heter nu ${name} Norr`)
  await screen(page, `${project}-regions`, { fullPage: true })

  await rows
    .filter({ hasText: `${name} Norr` })
    .getByRole('button', { name: `Ta bort: ${name} Norr` })
    .click()
  await page.getByTestId('delete-region').getByRole('button', { name: 'Ta bort' }).click()
  await expectSnackbar(page, `Regionen ${name} Norr togs bort`)
  await expect(rows.filter({ hasText: name })).toHaveCount(0)

  // A region with offices explains and offers no delete.
  const busy = rows.filter({ hasText: 'Region Syd' })
  await busy.getByRole('button', { name: 'Ta bort: Region Syd' }).click()
  const refusal = page.getByTestId('delete-region')
  await expect(refusal).toContainText(/Regionen har \d+ kontor och kan inte tas bort/)
  await expect(refusal.getByRole('button', { name: 'Ta bort' })).toHaveCount(0)
})

test('back office reads the regions without changing them', async ({ page }) => {
  await signInAs(page, 'backoffice@demo.test', '/user-admin/regions')
  await expect(page.getByTestId('region-row').first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Ny region' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Ta bort/ })).toHaveCount(0)
  await page.getByRole('link', { name: 'Region Syd' }).click()
  await expect(page.getByRole('heading', { name: 'Region Syd', level: 1 })).toBeVisible()
  await expect(page.getByTestId('region-offices')).toContainText('Malmö')
  await expect(page.getByRole('button', { name: 'Byt namn' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Ta bort' })).toHaveCount(0)
})

test('an admin creates an office in a region, moves it and deletes it; one with teams stays', async ({ page }, info) => {
  const project = info.project.name
  const name = `Kontor ${project === 'phone' ? 'Mobil' : 'Dator'}`
  await signInAs(page, 'admin@demo.test', '/user-admin/offices')
  await recordSnackbars(page)
  const rows = page.getByTestId('office-row')
  await expect(rows.filter({ hasText: 'Malmö' })).toBeVisible()

  await page.getByRole('button', { name: 'Nytt kontor' }).click()
  const dialog = page.getByTestId('office-dialog')
  await dialog.getByLabel(/^Namn/).fill(name)
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expect(dialog.getByText('Fältet är obligatoriskt')).toBeVisible()
  await dialog.getByLabel(/^Region/).selectOption({ label: 'Region Syd' })
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expectSnackbar(page, `Kontoret ${name} skapades`)

  await rows
    .filter({ hasText: name })
    .getByRole('button', { name: `Ändra: ${name}` })
    .click()
  await dialog.getByLabel(/^Region/).selectOption({ label: 'Region Mitt' })
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expectSnackbar(page, `Kontoret ${name} sparades`)
  if (project === 'desktop') await expect(rows.filter({ hasText: name })).toContainText('Region Mitt')
  await screen(page, `${project}-offices`, { fullPage: true })

  await rows
    .filter({ hasText: name })
    .getByRole('button', { name: `Ta bort: ${name}` })
    .click()
  await page.getByTestId('delete-office').getByRole('button', { name: 'Ta bort' }).click()
  await expectSnackbar(page, `Kontoret ${name} togs bort`)
  await expect(rows.filter({ hasText: name })).toHaveCount(0)

  await rows.filter({ hasText: 'Malmö' }).getByRole('button', { name: 'Ta bort: Malmö' }).click()
  await expect(page.getByTestId('delete-office')).toContainText(/Kontoret har \d+ team och kan inte tas bort/)
})

test('an admin creates a team with a coach, renames it on its page, reads its log and deletes it', async ({ page }, info) => {
  const project = info.project.name
  const name = `Team ${project === 'phone' ? 'Mobil' : 'Dator'}`
  await signInAs(page, 'admin@demo.test', '/user-admin/teams')
  await recordSnackbars(page)
  await page.getByRole('button', { name: 'Nytt team' }).click()
  const dialog = page.getByTestId('team-dialog')
  await dialog.getByLabel(/^Namn/).fill(name)
  await dialog.getByRole('combobox', { name: 'Kontor' }).selectOption({ label: 'Göteborg' })
  await dialog.getByRole('combobox', { name: 'Lägg till coach' }).fill('Cecilia')
  await page.getByRole('option', { name: /Cecilia Coach/ }).click()
  await dialog.getByRole('button', { name: 'Lägg till', exact: true }).click()
  await expect(dialog.getByTestId('team-coaches-chosen')).toContainText('Cecilia Coach')
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expectSnackbar(page, `Teamet ${name} skapades`)
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  await expect(page.getByTestId('team-coaches')).toContainText('Cecilia Coach')
  await expect(page.getByTestId('team-provider')).toHaveText('Leverantör: Ingen leverantör')

  await page.getByRole('button', { name: 'Ändra' }).click()
  await dialog.getByLabel(/^Namn/).fill(`${name} Väst`)
  await dialog.getByRole('combobox', { name: 'Leverantör' }).selectOption({ label: 'Fiberlinjen' })
  await dialog.getByRole('button', { name: 'Ta bort Cecilia Coach som coach' }).click()
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expectSnackbar(page, `Teamet ${name} Väst sparades`)
  await expect(page.getByRole('heading', { name: `${name} Väst`, level: 1 })).toBeVisible()
  await expect(page.getByText('Inga coacher.')).toBeVisible()
  await expect(page.getByTestId('team-provider')).toHaveText('Leverantör: Fiberlinjen')
  const log = page.getByTestId('team-log')
  await expect(log).toContainText('Skapad')
  await expect(log).toContainText(`Namn: ${name} → ${name} Väst`)
  await expect(log).toContainText('Coacher: Cecilia Coach → –')
  await expect(log).toContainText('Leverantör: – → Fiberlinjen')
  await screen(page, `${project}-team`, { fullPage: true })

  await page.getByRole('button', { name: 'Ta bort' }).click()
  await page.getByTestId('delete-team').getByRole('button', { name: 'Ta bort' }).click()
  await expectSnackbar(page, `Teamet ${name} Väst togs bort`)
  await expect(page).toHaveURL('/user-admin/teams')
})

test('an office’s page: renamed and deleted there, its teams lead on, and its region’s page lists its offices', async ({ page }, info) => {
  const project = info.project.name
  const name = `Kontorssida ${project === 'phone' ? 'Mobil' : 'Dator'}`
  await signInAs(page, 'admin@demo.test', '/user-admin/offices')
  await recordSnackbars(page)
  await page.getByRole('button', { name: 'Nytt kontor' }).click()
  const dialog = page.getByTestId('office-dialog')
  await dialog.getByLabel(/^Namn/).fill(name)
  await dialog.getByLabel(/^Region/).selectOption({ label: 'Region Mitt' })
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expectSnackbar(page, `Kontoret ${name} skapades`)

  await page.getByRole('link', { name, exact: true }).click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  await expect(page.getByText('Inga team.')).toBeVisible()
  await page.getByRole('button', { name: 'Ändra' }).click()
  await dialog.getByLabel(/^Namn/).fill(`${name} C`)
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expectSnackbar(page, `Kontoret ${name} C sparades`)
  await expect(page.getByRole('heading', { name: `${name} C`, level: 1 })).toBeVisible()
  const log = page.getByTestId('office-log')
  await expect(log).toContainText(`Namn: ${name} → ${name} C`)
  await expect(log).toContainText('Region: Region Mitt')
  await page.getByRole('button', { name: 'Ta bort' }).click()
  await page.getByTestId('delete-office').getByRole('button', { name: 'Ta bort' }).click()
  await expectSnackbar(page, `Kontoret ${name} C togs bort`)
  await expect(page).toHaveURL('/user-admin/offices')
  await expect(page.getByTestId('office-row').filter({ hasText: name })).toHaveCount(0)

  // Malmö's teams, with the provider each sells for, lead to their pages; its region's page lists its offices.
  await page.getByRole('link', { name: 'Malmö', exact: true }).click()
  const teams = page.getByTestId('office-teams')
  await expect(teams).toContainText('Team Öresund')
  if (project === 'desktop') await expect(teams.getByRole('row').filter({ hasText: 'Team Öresund' })).toContainText('Nordel Energi')
  await screen(page, `${project}-office`, { fullPage: true })
  await page.getByRole('link', { name: 'Region Syd' }).click()
  await expect(page.getByRole('heading', { name: 'Region Syd', level: 1 })).toBeVisible()
  await expect(page.getByTestId('region-offices').getByRole('link', { name: 'Malmö' })).toBeVisible()
  await screen(page, `${project}-region`, { fullPage: true })
  await page.getByTestId('region-offices').getByRole('link', { name: 'Malmö' }).click()
  await teams.getByRole('link', { name: 'Team Öresund' }).click()
  await expect(page.getByRole('heading', { name: 'Team Öresund', level: 1 })).toBeVisible()
  await expect(page.getByTestId('team-provider')).toHaveText('Leverantör: Nordel Energi')
})
