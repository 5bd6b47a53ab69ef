import { expect, test } from '@playwright/test'
import { expectSnackbar, recordSnackbars, screen, signInAs } from '../fixtures'

/**
 * Coach groups (decision 041) and OPH targets (decision 042), as an admin runs them: a group with a coach working
 * for a provider, and a team's own targets beside its office's. Each project has its own group, provider and
 * team, so the two run side by side.
 */
test('an admin makes a coach group, has it work for a provider, and deletes it', async ({ page }, info) => {
  const project = info.project.name
  const name = `Coachgrupp ${project === 'phone' ? 'Mobil' : 'Dator'}`
  const provider = project === 'phone' ? 'Fiberlinjen' : 'Tryggt Hem Larm'
  await signInAs(page, 'admin@demo.test', '/user-admin/coach-groups')
  await recordSnackbars(page)
  await expect(page.getByRole('heading', { name: 'Coachgrupper', level: 1 })).toBeVisible()
  // The demo's group.
  await expect(page.getByTestId('coach-group-row').filter({ hasText: 'Coachgrupp Syd' })).toContainText('Cecilia Coach')

  await page.getByRole('button', { name: 'Ny coachgrupp' }).click()
  const dialog = page.getByTestId('coach-group-dialog')
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expect(dialog.getByText('Fältet är obligatoriskt')).toBeVisible()
  await dialog.getByLabel(/^Namn/).fill(name)
  await dialog.getByRole('combobox', { name: 'Lägg till coach' }).fill('Cecilia')
  await page.getByRole('option', { name: /Cecilia Coach/ }).click()
  await dialog.getByRole('button', { name: 'Lägg till', exact: true }).click()
  await expect(dialog.getByTestId('coach-group-coaches-chosen')).toContainText('Cecilia Coach')
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expectSnackbar(page, `Coachgruppen ${name} skapades`)
  const row = page.getByTestId('coach-group-row').filter({ hasText: name })
  await expect(row).toContainText('Cecilia Coach')

  // The provider screen: choose the group for this project's provider.
  await page.getByRole('main').getByRole('link', { name: 'Coachgrupper per leverantör' }).click()
  await expect(page.getByRole('heading', { name: 'Coachgrupper per leverantör', level: 1 })).toBeVisible()
  const providerRow = page.getByTestId('provider-groups-row').filter({ hasText: provider })
  await providerRow.getByRole('button', { name: `Välj grupper: ${provider}` }).click()
  const choose = page.getByTestId('provider-groups-dialog')
  await choose.getByText(name, { exact: true }).click()
  await expect(choose.getByRole('checkbox', { name: new RegExp(name) })).toBeChecked()
  await choose.getByRole('button', { name: 'Spara' }).click()
  await expectSnackbar(page, `Coachgrupperna för ${provider} sparades`)
  await expect(providerRow).toContainText(name)
  await screen(page, `${project}-coach-groups-provider`, { fullPage: true })

  await page.getByRole('link', { name: 'Hantera coachgrupperna' }).click()
  await expect(row).toContainText(provider)
  await screen(page, `${project}-coach-groups`, { fullPage: true })
  await row.getByRole('button', { name: `Ta bort: ${name}` }).click()
  const confirm = page.getByTestId('delete-coach-group')
  await expect(confirm).toContainText('1 coacher och 1 leverantörskopplingar')
  await confirm.getByRole('button', { name: 'Ta bort' }).click()
  await expectSnackbar(page, `Coachgruppen ${name} togs bort`)
  await expect(row).toHaveCount(0)
})

test('an admin gives a team OPH targets of its own, is stopped by platinum below gold, and returns it to its office’s', async ({ page }, info) => {
  const project = info.project.name
  const team = project === 'phone' ? 'Team Väst' : 'Team Norr'
  await signInAs(page, 'admin@demo.test', '/user-admin/oph')
  await recordSnackbars(page)
  await expect(page.getByRole('heading', { name: 'OPH-mål', level: 1 })).toBeVisible()
  // The demo: Team Öresund follows Malmö's targets; Team Lund has its own.
  const oresund = page.getByTestId('oph-team-row').filter({ hasText: 'Team Öresund' })
  await expect(oresund).toContainText('Kontorets mål')
  await expect(oresund).toContainText('1,20')
  await expect(page.getByTestId('oph-team-row').filter({ hasText: 'Team Lund' })).not.toContainText('Kontorets mål')

  const row = page.getByTestId('oph-team-row').filter({ hasText: team })
  await row.getByRole('button', { name: `Ändra mål: ${team}` }).click()
  const dialog = page.getByTestId('oph-dialog')
  await expect(dialog).toContainText('Varken teamet eller kontoret har mål än.')
  await dialog.getByLabel('Nivå 1, Guld').fill('1,5')
  await dialog.getByLabel('Nivå 1, Platina').fill('1,2')
  await dialog.getByLabel('Nivå 2, Guld').fill('2')
  await dialog.getByLabel('Nivå 2, Platina').fill('25')
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expect(dialog.getByText('Platina måste vara högre än guld')).toBeVisible()
  await expect(dialog.getByText('Ange order per timme, mellan 0,01 och 20')).toBeVisible()
  await dialog.getByLabel('Nivå 1, Platina').fill('1,75')
  await dialog.getByLabel('Nivå 2, Platina').fill('2.5')
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expectSnackbar(page, `Målen för ${team} sparades`)
  await expect(row).toContainText('1,50')
  await expect(row).toContainText('2,50')
  await screen(page, `${project}-oph`, { fullPage: true })

  await row.getByRole('button', { name: `Ändra mål: ${team}` }).click()
  await dialog.getByRole('button', { name: 'Ta bort teamets egna mål' }).click()
  await expectSnackbar(page, `Målen för ${team} togs bort`)
  await expect(row).not.toContainText('1,50')
})

test('a manager reads the coach groups and the OPH targets of their office without changing them', async ({ page }) => {
  await signInAs(page, 'manager@demo.test', '/user-admin/coach-groups')
  await expect(page.getByTestId('coach-group-row').filter({ hasText: 'Coachgrupp Syd' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Ny coachgrupp' })).toHaveCount(0)
  await page.goto('/user-admin/oph')
  await expect(page.getByTestId('oph-office-row')).toHaveCount(1)
  await expect(page.getByTestId('oph-office-row')).toContainText('Malmö')
  await expect(page.getByRole('button', { name: /Ändra mål/ })).toHaveCount(0)
})
