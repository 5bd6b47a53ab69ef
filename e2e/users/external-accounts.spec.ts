import { expect, test } from '@playwright/test'
import { expectSnackbar, newSeller, recordSnackbars, screen, signInAs } from '../fixtures'

/**
 * External accounts (issue 17, decision 043): an admin sets up a system, gives a new seller an account there, and
 * reads its password back only with the last four digits of the seller's personal number. Each project has its
 * own system and seller.
 */
test('an admin sets up an external system, gives a seller an account, and shows its password against four digits', async ({ page }, info) => {
  test.setTimeout(120_000)
  const project = info.project.name
  const system = `Portal ${project === 'phone' ? 'Mobil' : 'Dator'}`
  const last = project === 'phone' ? 'Kontosson' : 'Kontodotter'
  await signInAs(page, 'admin@demo.test', '/user-admin/external-accounts')
  await recordSnackbars(page)
  await expect(page.getByRole('heading', { name: 'Externa konton', level: 1 })).toBeVisible()

  await page.getByRole('button', { name: 'Ny mall' }).click()
  const dialog = page.getByTestId('external-template-dialog')
  await dialog.getByLabel(/^System/).fill(system)
  await dialog.getByLabel('Inloggningsadress').fill('http://osäker.example')
  await dialog.getByLabel(/^Mönster för användarnamn/).fill('{firstName}.{lastName}.{password}')
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expect(dialog.getByText('Ange en adress som börjar med https://')).toBeVisible()
  await expect(dialog.getByText(/Mönstret får bara innehålla/)).toBeVisible()
  await dialog.getByLabel('Inloggningsadress').fill('https://portal.example/login')
  await dialog.getByLabel(/^Mönster för användarnamn/).fill('{firstName}.{lastName}')
  await dialog.getByLabel('Instruktioner').fill('Byt lösenord vid första inloggningen.')
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expectSnackbar(page, `Mallen ${system} skapades`)
  await expect(page.getByTestId('external-template-row').filter({ hasText: system })).toContainText('0')
  await screen(page, `${project}-external-accounts`, { fullPage: true })

  // A new seller with a personal number.
  const id = await newSeller(page, 'Ebba', last)
  await page.goto(`/user-admin/users/${id}`)
  await recordSnackbars(page)
  await page.getByRole('button', { name: 'Redigera' }).click()
  const edit = page.getByTestId('edit-user-dialog')
  await edit.getByLabel('Personnummer').fill('19811218-9876')
  await edit.getByRole('button', { name: 'Spara' }).click()
  await expectSnackbar(page, 'Ändringarna sparades')

  // Their account: the user name from the pattern, a password set.
  await page.getByRole('tab', { name: 'Anställning' }).click()
  const account = page.getByTestId('external-account').filter({ hasText: system })
  await expect(account).toContainText(`ebba.${last.toLowerCase()}`)
  await expect(account).toContainText('Inget konto')
  await account.getByRole('button', { name: `Ange konto: ${system}` }).click()
  const set = page.getByTestId('set-external-account')
  await set.getByLabel(/^Lösenord/).fill('Sommar2026!')
  await set.getByRole('button', { name: 'Spara' }).click()
  await expectSnackbar(page, `Kontot i ${system} sparades`)
  await expect(account).toContainText('Lösenord sparat')

  // The password: the wrong digits are refused, the right ones show it.
  await account.getByRole('button', { name: `Visa lösenord: ${system}` }).click()
  const reveal = page.getByTestId('reveal-external-password')
  await expect(reveal).toContainText(`Ebba ${last}s personnummer`)
  await reveal.getByLabel(/^Fyra sista siffrorna/).fill('1234')
  await reveal.getByRole('button', { name: 'Visa' }).click()
  await expect(reveal.getByText('Siffrorna stämmer inte med personnumret')).toBeVisible()
  await reveal.getByLabel(/^Fyra sista siffrorna/).fill('9876')
  await reveal.getByRole('button', { name: 'Visa' }).click()
  await expect(reveal.getByTestId('external-password')).toHaveText('Sommar2026!')
  await screen(page, `${project}-external-password`, { fullPage: true })
  await reveal.getByRole('button', { name: 'Stäng' }).first().click()
  await expect(reveal).toBeHidden()

  // Both readings are in the user's log.
  await page.getByRole('tab', { name: 'Logg' }).click()
  await expect(page.getByText('Externt lösenord visat')).toBeVisible()
})
