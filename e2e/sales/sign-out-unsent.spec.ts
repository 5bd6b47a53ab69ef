import { expect, test } from '@playwright/test'
import { apiAs, newTeamSeller } from '../api'
import { atRest, chooseFromUserMenu, expectSnackbar, fillSale, recordSnackbars, screen, signInAs } from '../fixtures'

/**
 * Signing out never loses work silently (issue 78): a change still on the phone is sent first when it can be; when
 * it cannot, the person is told how many changes are left and chooses, and staying keeps them signed in.
 */

test('signing out with a sale not yet sent says so, and sends it first once it can @phone', async ({ page }, info) => {
  // A seller of the test's own: no other test counts their sessions or sales.
  const seller = await newTeamSeller('Utloggning', info.project.name, 'Team Öresund')
  const customer = `E2E Utloggning ${info.project.name} ${Date.now().toString(36)}`
  await signInAs(page, seller.email, '/sales/create')
  // The server cannot be reached for the sync: the sale stays on the phone.
  await page.route('**/api/sync/push', (route) => route.abort('internetdisconnected'))
  await fillSale(page, { customer })
  await page.getByRole('button', { name: 'Spara försäljningen' }).click()
  await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/)
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '1')

  await chooseFromUserMenu(page, 'Logga ut')
  const dialog = page.getByRole('alertdialog')
  await atRest(dialog)
  await expect(dialog).toContainText('Ändringar som inte har skickats')
  await expect(dialog).toContainText('1 ändring på den här enheten har inte skickats till servern.')
  await expect(dialog).toContainText('skickas nästa gång du loggar in här')
  await screen(page, `${info.project.name}-sign-out-unsent`)
  await dialog.getByRole('button', { name: 'Stanna inloggad' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/sales\/[0-9a-f-]{36}$/)
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-pending', '1')

  // The network is back: signing out sends the sale first, then signs out without asking.
  await page.unroute('**/api/sync/push')
  await recordSnackbars(page)
  await chooseFromUserMenu(page, 'Logga ut')
  await expect(page).toHaveURL(/\/login/)
  await expectSnackbar(page, 'Du är utloggad.')
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  const office = await apiAs('backoffice@demo.test')
  const list = (await (await office.get('/api/sale-reports', { params: { q: customer } })).json()) as { items: Array<{ customerName: string }> }
  expect(list.items.map((s) => s.customerName)).toEqual([customer])
})
