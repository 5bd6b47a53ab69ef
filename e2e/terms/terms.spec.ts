import { expect, test, type BrowserContextOptions, type Page } from '@playwright/test'
import { PORT } from '../../playwright.config'
import { expectSnackbar, recordSnackbars, screen, seriousFindings, signIn } from '../fixtures'
import { OwnServer } from '../own-server'

/**
 * Terms of use (issue 17, decision 039), end to end: the demo's version 1 is in force and accepted by everyone (issue
 * 70); an admin writes and publishes version 2, and is asked to accept it like everyone; a seller declines (signed
 * out, with why), signs in again and accepts; the admin sees who answered how. A published version asks every user,
 * so this runs on a server of its own.
 */
async function gate(page: Page) {
  const g = page.getByTestId('terms-gate')
  await expect(g).toBeVisible()
  await expect(g.getByTestId('terms-text')).toContainText('Kunden ska alltid få ett ärligt erbjudande.')
  return g
}

test('an admin publishes terms of use; a seller declines, then accepts; the admin sees who answered @phone', async ({ browser }, info) => {
  test.setTimeout(200_000)
  const project = info.project.name
  const server = new OwnServer(PORT + (project === 'phone' ? 20 : 21))
  await server.start()
  const device = () => browser.newContext({ ...(info.project.use as BrowserContextOptions), baseURL: server.url })
  try {
    const admin = await (await device()).newPage()
    await admin.goto('/login')
    await signIn(admin, 'admin@demo.test')
    await expect(admin).not.toHaveURL(/\/login/)
    await admin.goto('/user-admin/terms-of-use')
    await recordSnackbars(admin)
    const inForce = admin.getByTestId('terms-version').filter({ hasText: 'Version 1' })
    await expect(inForce).toContainText('Gäller')
    await expect(inForce.getByTestId('terms-counts')).toContainText(/(\d+) av \1 har godkänt · 0 har avböjt/)

    await admin.getByRole('button', { name: 'Ny version' }).click()
    const dialog = admin.getByTestId('terms-dialog')
    await dialog.getByRole('button', { name: 'Spara' }).click()
    await expect(dialog.getByText('Fältet är obligatoriskt')).toBeVisible()
    await dialog.getByLabel(/^Text på svenska/).fill('1. Kunden ska alltid få ett ärligt erbjudande.\n2. Personuppgifter stannar i appen.')
    await dialog.getByLabel(/^Text på engelska/).fill('1. The customer always gets an honest offer.')
    await dialog.getByRole('button', { name: 'Spara' }).click()
    await expectSnackbar(admin, 'Version 2 sparades som utkast')
    const card = admin.getByTestId('terms-version').filter({ hasText: 'Version 2' })
    await expect(card).toContainText('Utkast')
    await expect(admin.getByRole('button', { name: 'Ny version' })).toHaveCount(0)

    await card.getByRole('button', { name: 'Publicera' }).click()
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Publicera' }).click()
    await expectSnackbar(admin, 'Version 2 är publicerad och gäller nu')
    // The one who published answers too, before anything else.
    const adminGate = await gate(admin)
    await screen(admin, `${project}-terms-gate`, { fullPage: true })
    expect(await seriousFindings(admin)).toEqual([])
    await adminGate.getByRole('button', { name: 'Jag godkänner' }).click()
    await expect(adminGate).toHaveCount(0)
    await expect(card).toContainText('Gäller')
    await expect(card.getByTestId('terms-counts')).toContainText(/1 av \d+ har godkänt · 0 har avböjt/)
    await screen(admin, `${project}-terms-list`, { fullPage: true })

    // The seller declines: signed out, told why; at the next sign-in asked again, and accepts.
    const seller = await (await device()).newPage()
    await seller.goto('/login')
    await recordSnackbars(seller)
    await signIn(seller, 'seller@demo.test')
    const sellerGate = await gate(seller)
    await sellerGate.getByRole('button', { name: 'Avböj' }).click()
    await seller.getByRole('alertdialog').getByRole('button', { name: 'Avböj' }).click()
    await expect(seller).toHaveURL(/\/login/)
    await expectSnackbar(seller, 'Du avböjde användarvillkoren och har loggats ut. Logga in igen när du vill godkänna dem.')
    await signIn(seller, 'seller@demo.test')
    await (await gate(seller)).getByRole('button', { name: 'Jag godkänner' }).click()
    await expect(seller.getByTestId('terms-gate')).toHaveCount(0)
    await expect(seller).not.toHaveURL(/\/login/)
    await expect(seller.getByRole('heading', { level: 1 })).toBeVisible()

    // Who answered how, by name.
    await admin.reload()
    await card.getByRole('button', { name: 'Vem har svarat' }).click()
    const status = admin.getByTestId('terms-status')
    await expect(status.getByRole('tab', { name: /Har inte svarat/ })).toBeVisible()
    await expect(status.getByTestId('terms-person').filter({ hasText: 'Bertil Backoffice' })).toBeVisible()
    await status.getByRole('tab', { name: 'Godkänt (2)' }).click()
    await expect(status.getByTestId('terms-person')).toHaveCount(2)
    await expect(status.getByTestId('terms-person').filter({ hasText: 'Sven Säljare' })).toBeVisible()
    await screen(admin, `${project}-terms-status`, { fullPage: true })
    await status.getByRole('tab', { name: 'Avböjt (0)' }).click()
    await expect(status.getByText('Ingen här.')).toBeVisible()
  } finally {
    await server.stop()
  }
})
