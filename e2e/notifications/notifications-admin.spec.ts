import { expect, test } from '@playwright/test'
import { expectSnackbar, recordSnackbars, screen, signInAs } from '../fixtures'
import { apiAs } from '../api'

/**
 * Messages from administrators and extra receivers of deviation alerts (issue 16, decision 031): the admin writes
 * to a team and its people get it in their bells; back office names who else hears of a team's deviations.
 * Each project uses its own team and people, so the two runs never meet.
 */
test('an admin sends a message to a team; its people find it in their bell', async ({ page }, info) => {
  const phone = info.project.name === 'phone'
  // Teams no other test writes messages to; the reader is one of the team's sellers.
  const team = phone ? 'Norr' : 'Väst'
  const reader = phone ? 'johanna.ek@demo.test' : 'sara.nystrom@demo.test'
  const title = `Säljmöte ${info.project.name} ${Date.now() % 100000}`

  await signInAs(page, 'admin@demo.test', '/user-admin/users')
  await page.getByTestId('data-table').getByRole('link', { name: 'Skicka aviseringar' }).click()
  await expect(page).toHaveURL('/user-admin/users/notifications')
  await expect(page.getByRole('heading', { name: 'Skicka aviseringar', level: 1 })).toBeVisible()

  // Sending with nobody chosen is refused on the spot.
  await page.getByLabel(/^Rubrik/).fill(title)
  await page.getByLabel(/^Meddelande/).fill('Vi ses kl. 8 på kontoret.')
  await page.getByRole('button', { name: 'Skicka', exact: true }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Välj minst en mottagare' })).toBeVisible()

  // A link to another site is refused by the form.
  await page.getByLabel(/^Länk i appen/).fill('https://evil.example')
  await page.getByRole('combobox', { name: 'Team' }).fill(team)
  // The list first shows every team, then (300 ms after typing) the search's: a tap on the first list's option can
  // land as it is replaced, and choose nothing. Wait for the searched list, then choose.
  const options = page.getByRole('listbox').getByRole('option')
  await expect(options.filter({ hasNotText: team })).toHaveCount(0)
  await options
    .filter({ hasText: new RegExp(team) })
    .first()
    .click()
  await expect(page.getByTestId('audience-chosen')).toContainText(team)
  await expect(page.getByTestId('audience-size')).toHaveText(/^Når \d+ person/)
  await page.getByRole('button', { name: 'Skicka', exact: true }).click()
  await expect(page.getByText('En länk i appen börjar med /')).toBeVisible()
  await page.getByLabel(/^Länk i appen/).fill('/sales/list')
  await screen(page, `${info.project.name}-send-notification`, { fullPage: true })

  await recordSnackbars(page)
  await page.getByRole('button', { name: 'Skicka', exact: true }).click()
  const dialog = page.getByTestId('confirm-dialog')
  await expect(dialog).toContainText(title)
  await dialog.getByRole('button', { name: 'Skicka' }).click()
  await expectSnackbar(page, 'Meddelandet skickades till')
  const sent = page.getByTestId('sent-message').filter({ hasText: title })
  await expect(sent).toContainText(`Till: Team ${team}`)
  await expect(sent).toContainText('Astrid Admin')
  await expect(page.getByTestId('audience-chosen')).toHaveCount(0)

  // The team's seller finds it in the bell.
  const theirs = await apiAs(reader)
  const bell = (await (await theirs.get('/api/notifications?kind=general')).json()) as { items: Array<{ title: string; link: string; fromName: string }> }
  expect(bell.items.find((n) => n.title === title)).toMatchObject({ link: '/sales/list', fromName: 'Astrid Admin' })
  await theirs.dispose()
})

test('back office adds an extra receiver of an office’s deviation alerts and removes them again', async ({ page }, info) => {
  const phone = info.project.name === 'phone'
  const person = phone ? 'Ahmed Karimi' : 'Mikael Virtanen'
  const office = phone ? 'Göteborg' : 'Stockholm'

  await signInAs(page, 'backoffice@demo.test', '/user-admin/users/deviations')
  await expect(page.getByRole('heading', { name: 'Avvikelsemottagare', level: 1 })).toBeVisible()
  const rows = page.getByTestId('alert-recipient-row').filter({ hasText: person })
  await expect(rows).toHaveCount(0)

  await page.getByRole('button', { name: 'Lägg till mottagare' }).click()
  const dialog = page.getByTestId('add-alert-recipient')
  // Both choices are needed.
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expect(dialog.getByText('Fältet är obligatoriskt')).toHaveCount(2)
  await dialog.getByRole('combobox', { name: 'Person' }).fill(person.split(' ')[0]!)
  await page.getByRole('option', { name: new RegExp(person) }).click()
  await dialog.getByRole('combobox', { name: 'Gäller' }).selectOption('office')
  await dialog.getByRole('combobox', { name: 'Kontor' }).selectOption({ label: office })
  await screen(page, `${info.project.name}-add-alert-recipient`)
  await recordSnackbars(page)
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expect(dialog).toBeHidden()
  await expectSnackbar(page, `${person} får nu avvikelser för Kontor ${office}`)
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText(`Kontor${office}`)
  await screen(page, `${info.project.name}-alert-recipients`, { fullPage: true })

  // The same again is refused, by name.
  await page.getByRole('button', { name: 'Lägg till mottagare' }).click()
  await dialog.getByRole('combobox', { name: 'Person' }).fill(person.split(' ')[0]!)
  await page.getByRole('option', { name: new RegExp(person) }).click()
  await dialog.getByRole('combobox', { name: 'Gäller' }).selectOption('office')
  await dialog.getByRole('combobox', { name: 'Kontor' }).selectOption({ label: office })
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(`${person} får redan avvikelser för det här.`)
  await dialog.getByRole('button', { name: 'Avbryt' }).click()

  await rows.getByRole('button', { name: `Ta bort ${person} för Kontor ${office}` }).click()
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Ta bort' }).click()
  await expect(rows).toHaveCount(0)
})
