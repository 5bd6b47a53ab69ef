import { expect, test, type BrowserContextOptions, type Page } from '@playwright/test'
import * as OTPAuth from 'otpauth'
import { chooseFromUserMenu, expectSnackbar, newSeller, recordSnackbars, screen, seriousFindings, signInAs } from '../fixtures'

/**
 * Two-step sign-in (issue 17, decision 038): a seller turns it on in the profile with a code computed here from the
 * key the screen shows, signs in again with the password and a code, and an admin resets it from the user's page.
 * Each project makes its own seller, so no other spec's demo account ever asks for a code.
 */
const PASSWORD = 'ett-langt-losenord'
const codeAt = (secret: string, offsetS: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offsetS * 1000 })

async function passwordStep(page: Page, email: string) {
  await page.goto('/login')
  await page.getByLabel(/^E-post/).fill(email)
  await page.getByLabel(/^Lösenord/).fill(PASSWORD)
  await page.getByRole('button', { name: 'Logga in', exact: true }).click()
}

async function signOut(page: Page) {
  await chooseFromUserMenu(page, 'Logga ut')
  await expect(page).toHaveURL(/\/login/)
}

test('a seller turns on two-step sign-in, signs in with a code, and an admin resets it', async ({ page, browser }, info) => {
  test.setTimeout(200_000)
  const project = info.project.name
  // One seller per project and run (a repeated run makes its own).
  const last = `${project === 'phone' ? 'Tvastegmobil' : 'Tvastegdator'}${'abcdefghij'[info.repeatEachIndex % 10]}`
  const email = `stina.${last}@example.se`.toLowerCase()
  await signInAs(page, 'admin@demo.test')
  const id = await newSeller(page, 'Stina', last)

  // The seller on their own device, of the same kind as the project's.
  const seller = await (await browser.newContext(info.project.use as BrowserContextOptions)).newPage()
  await passwordStep(seller, email)
  // New, so first asked to accept the terms of use in force (the demo's).
  await seller.getByTestId('terms-gate').getByRole('button', { name: 'Jag godkänner' }).click()
  await expect(seller.getByTestId('terms-gate')).toBeHidden()
  await expect(seller).not.toHaveURL(/\/login/)
  await seller.goto('/users/profile?tab=security')
  const card = seller.getByTestId('mfa-card')
  await expect(card.getByTestId('mfa-status')).toContainText('Av.')
  await card.getByRole('button', { name: 'Slå på tvåstegsinloggning' }).click()
  await card.getByLabel(/^Ditt lösenord/).fill('fel-losenord')
  await card.getByRole('button', { name: 'Fortsätt' }).click()
  await expect(card.getByText('Lösenordet stämmer inte')).toBeVisible()
  await card.getByLabel(/^Ditt lösenord/).fill(PASSWORD)
  await card.getByRole('button', { name: 'Fortsätt' }).click()
  const secret = ((await card.getByTestId('mfa-secret').textContent()) ?? '').replace(/\s/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  await expect(card.getByRole('img', { name: 'QR-kod för autentiseringsappen' })).toBeVisible()
  await card.getByLabel(/^Koden som appen visar/).fill(codeAt(secret, 0) === '000000' ? '111111' : '000000')
  await card.getByRole('button', { name: 'Slå på', exact: true }).click()
  await expect(card.getByText('Koden stämmer inte')).toBeVisible()
  await card.getByLabel(/^Koden som appen visar/).fill(codeAt(secret, 0))
  await card.getByRole('button', { name: 'Slå på', exact: true }).click()
  const codes = card.getByTestId('recovery-codes').getByRole('listitem')
  await expect(codes).toHaveCount(10)
  await screen(seller, `${project}-two-step-codes`, { fullPage: true })
  expect(await seriousFindings(seller)).toEqual([])
  await card.getByRole('button', { name: 'Jag har sparat koderna' }).click()
  await expect(card.getByTestId('mfa-status')).toContainText('10 reservkoder kvar')

  // Signing in now takes a code: a wrong one says so, the app's next one lets them in.
  await signOut(seller)
  await passwordStep(seller, email)
  const step = seller.getByTestId('code-step')
  await expect(step.getByRole('heading', { name: 'Tvåstegsverifiering' })).toBeVisible()
  await screen(seller, `${project}-two-step-login`, { fullPage: true })
  expect(await seriousFindings(seller)).toEqual([])
  await step.getByLabel('Kod', { exact: true }).fill('12345')
  await step.getByRole('button', { name: 'Verifiera' }).click()
  await expect(step.getByRole('alert')).toHaveText('Koden stämmer inte. Försök igen med en ny kod.')
  await step.getByLabel('Kod', { exact: true }).fill(codeAt(secret, 30))
  await step.getByRole('button', { name: 'Verifiera' }).click()
  await expect(seller).not.toHaveURL(/\/login/)
  await expect(seller.getByTestId('realtime-state')).toHaveAttribute('data-state', 'connected')

  // The admin resets it; the seller signs in with the password alone again.
  await page.goto(`/user-admin/users/${id}`)
  await recordSnackbars(page)
  const mfa = page.getByTestId('user-mfa')
  await expect(mfa).toContainText('På')
  await mfa.getByRole('button', { name: 'Återställ' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Återställ' }).click()
  await expectSnackbar(page, `Tvåstegsinloggningen för Stina ${last} är återställd`)
  await expect(mfa).toContainText('Av')

  // The seller is told at once, on the screen they have open.
  const told = seller.getByTestId('notification-popup').filter({ hasText: 'Din tvåstegsinloggning har återställts' })
  await expect(told).toBeVisible()
  await told.getByRole('button', { name: 'Stäng' }).click()
  await expect(told).toHaveCount(0)
  await signOut(seller)
  await passwordStep(seller, email)
  await expect(seller).not.toHaveURL(/\/login/)
  await seller.context().close()
})
