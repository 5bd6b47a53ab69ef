import { expect, test } from '@playwright/test'
import { expectSnackbar, recordSnackbars, signInFresh, signInAs } from '../fixtures'

test.describe('the profile @phone', () => {
  // Demo colleagues whose sessions no other flow touches (the second of each is counted here; the first also sells
  // in the deviation spec), one per project.
  const accounts = { desktop: ['sara.nystrom', 'oskar.berg'], phone: ['mikael.virtanen', 'leila.haddad'] } as const
  const account = (project: string, i: 0 | 1) => `${accounts[project as keyof typeof accounts][i]}@demo.test`

  test('account details are validated, saved, and the stored user data follows', async ({ page }, info) => {
    await signInAs(page, account(info.project.name, 0), '/users/profile')
    await page.getByLabel(/^Förnamn/).fill('')
    await page.getByLabel('Skostorlek').fill('stor')
    await page.getByRole('button', { name: 'Spara' }).click()
    await expect(page.getByText('Fältet är obligatoriskt')).toBeVisible()
    await expect(page.getByText('Ange skostorlek, t.ex. 42')).toBeVisible()
    await page.getByLabel(/^Förnamn/).fill('Mia')
    await page.getByLabel('Skostorlek').fill('39')
    await page.getByLabel('Favorittårta').fill('Kladdkaka')
    await recordSnackbars(page)
    await page.getByRole('button', { name: 'Spara' }).click()
    await expectSnackbar(page, 'Profilen sparades')
    await page.reload()
    await expect(page.getByLabel('Favorittårta')).toHaveValue('Kladdkaka')
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('userData')))!).fullName).toMatch(/^Mia /)
  })

  test('security: the wrong password is refused; sessions are listed and others can be signed out', async ({ page, browser }, info) => {
    const other = await browser.newContext()
    await signInFresh(await other.newPage(), account(info.project.name, 1))
    await signInAs(page, account(info.project.name, 1), '/users/profile?tab=security')
    await expect(page.getByTestId('session')).toHaveCount(2)
    await expect(page.getByText('Den här enheten')).toBeVisible()
    await page.getByLabel(/^Nuvarande lösenord/).fill('fel-losenord')
    await page.getByLabel(/^Nytt lösenord/).fill('ett-nytt-losenord')
    await page.getByRole('button', { name: 'Byt lösenord' }).click()
    await expect(page.getByText('Lösenordet stämmer inte')).toBeVisible()
    await page.getByRole('button', { name: 'Logga ut andra enheter' }).click()
    const confirmDialog = page.getByTestId('confirm-dialog')
    await expect(confirmDialog).toContainText('Andra enheter (1) loggas ut')
    await confirmDialog.getByRole('button', { name: 'Avbryt' }).click()
    await expect(page.getByTestId('session')).toHaveCount(2)
    await page.getByRole('button', { name: 'Logga ut andra enheter' }).click()
    await confirmDialog.getByRole('button', { name: 'Logga ut andra enheter' }).click()
    await expect(page.getByTestId('session')).toHaveCount(1)
    await other.close()
  })
})
