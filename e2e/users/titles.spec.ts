import { expect, test } from '@playwright/test'
import { expectSnackbar, recordSnackbars, screen, signInAs } from '../fixtures'

/**
 * User titles (issue 17, decision 040): an admin adds a title, renames it and deletes it; back office reads the list
 * without the actions. Each project names its own title.
 */
test('an admin adds, renames and deletes a user title', async ({ page }, info) => {
  const project = info.project.name
  const name = `Fältsäljare ${project === 'phone' ? 'mobil' : 'dator'}`
  await signInAs(page, 'admin@demo.test', '/user-admin/user-titles')
  await recordSnackbars(page)
  await expect(page.getByRole('heading', { name: 'Titlar' })).toBeVisible()

  await page.getByRole('button', { name: 'Ny titel' }).click()
  const dialog = page.getByTestId('title-dialog')
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expect(dialog.getByText('Fältet är obligatoriskt')).toBeVisible()
  await dialog.getByLabel(/^Titel/).fill(name)
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expectSnackbar(page, `Titeln ${name} lades till`)
  const rows = page.getByTestId('title-row')
  await expect(rows.filter({ hasText: name })).toContainText('0')

  await rows
    .filter({ hasText: name })
    .getByRole('button', { name: `Byt namn: ${name}` })
    .click()
  await dialog.getByLabel(/^Titel/).fill(`${name} 2`)
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expectSnackbar(page, `Titeln heter nu ${name} 2`)
  await screen(page, `${project}-user-titles`, { fullPage: true })

  await rows
    .filter({ hasText: `${name} 2` })
    .getByRole('button', { name: `Ta bort: ${name} 2` })
    .click()
  await page.getByTestId('delete-title').getByRole('button', { name: 'Ta bort' }).click()
  await expectSnackbar(page, `Titeln ${name} 2 togs bort`)
  await expect(rows.filter({ hasText: name })).toHaveCount(0)
})

test('back office reads the titles without changing them', async ({ page }) => {
  await signInAs(page, 'backoffice@demo.test', '/user-admin/user-titles')
  await expect(page.getByRole('heading', { name: 'Titlar' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Ny titel' })).toHaveCount(0)
})
