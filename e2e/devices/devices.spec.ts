import { expect, test } from '@playwright/test'
import { apiAs, newTeamSeller } from '../api'
import { expectSnackbar, recordSnackbars, screen, signInAs } from '../fixtures'

/**
 * The devices end to end (issue 46, decision 072): the app registers itself when it syncs; back office imports the
 * MDM's list, opens a device and edits it; a device marked lost deletes what it keeps at its next contact.
 */

type Item = { id: string; userId: string | null; label: string }

async function deviceOf(userId: string): Promise<Item> {
  const office = await apiAs('backoffice@demo.test')
  let found: Item | undefined
  // The app reports after its first sync, in the background: asked again until it has.
  await expect
    .poll(async () => {
      found = ((await (await office.get(`/api/devices?userId=${userId}`)).json()) as { items: Item[] }).items[0]
      return !!found
    })
    .toBe(true)
  await office.dispose()
  return found!
}

test('a device marked lost deletes the data it keeps at its next contact @phone', async ({ page }, info) => {
  const seller = await newTeamSeller('Borta', info.project.name === 'desktop' ? 'Skrivbord' : 'Telefon', 'Norr')
  await signInAs(page, seller.email, '/sales/list')
  const device = await deviceOf(seller.id)
  const stores = () => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name).filter((n) => n?.startsWith('saljkraft')))
  expect(await stores()).toContain(`saljkraft-${seller.id}`)

  const office = await apiAs('backoffice@demo.test')
  const marked = await office.put(`/api/devices/${device.id}/lost`, { data: { version: 1, lost: true } })
  expect(marked.status(), await marked.text()).toBe(200)
  await office.dispose()

  // Its next contact: the session has ended, the app asks whether it was lost, and wipes.
  await page.reload()
  await expect(page).toHaveURL(/\/login\?wiped=1/)
  await expect(page.getByRole('alert')).toContainText('Enheten har markerats som borttappad')
  expect(await stores()).toEqual([])
  expect(await page.evaluate(() => localStorage.getItem('saljkraft-installation'))).toBeNull()
})

test('back office imports the MDM list, finds the device and edits it @phone', async ({ page }, info) => {
  const seller = await newTeamSeller('Mdm', info.project.name === 'desktop' ? 'Skrivbord' : 'Telefon', 'Norr')
  const serial = `E2E${Date.now().toString(36).toUpperCase()}${info.project.name === 'desktop' ? 'D' : 'P'}`
  await signInAs(page, 'backoffice@demo.test', '/backoffice/devices')
  await recordSnackbars(page)
  await page.getByTestId('devices-import').click()
  const dialog = page.getByTestId('device-import-dialog')
  const csv = [
    'Device name;Serial number;Manufacturer;Model;Free storage (MB);Enrollment date;Primary user email address',
    `MDM-${serial};${serial};Samsung;SM-A556B;300;2026-02-03;${seller.email}`,
    `TRASIG-${serial};;Samsung;SM-A556B;lots;2026-02-03;`,
  ].join('\r\n')
  await dialog.getByTestId('device-import-file').setInputFiles({ name: 'intune.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await expect(dialog.getByTestId('device-import-counts')).toHaveText(/Nya: 1 .* Med fel \(hoppas över\): 1/)
  await expect(dialog.getByTestId('device-import-rows')).toContainText('Serienummer saknas')
  await expect(dialog.getByTestId('device-map-serialNumber')).toHaveValue('Serial number')
  await screen(page, 'devices-import')
  await dialog.getByRole('button', { name: 'Importera' }).click()
  await expectSnackbar(page, 'Importerat: 1 nya')

  // Found as back office looks when a seller has lost their phone: by the owner's name, typed as it comes.
  await page.getByRole('searchbox').fill(`mdm ${info.project.name === 'desktop' ? 'skrivbord' : 'telefon'}`)
  const row = page.getByRole('row').filter({ hasText: `MDM-${serial}` })
  await expect(row).toBeVisible()
  await expect(row.getByTestId('device-kind')).toHaveText('Telefon')
  await expect(row.getByTestId('device-alerts')).toContainText('Lite utrymme')
  await screen(page, 'devices')
  await row.click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`MDM-${serial}`)
  await expect(page.getByTestId('device-facts')).toContainText(serial)
  await expect(page.getByTestId('device-alert-help')).toContainText('Mindre än 500 MB ledigt')
  await page.getByTestId('device-edit').click()
  const edit = page.getByTestId('device-edit-dialog')
  await edit.getByLabel('Ledigt utrymme (MB)').fill('4000')
  await edit.getByRole('button', { name: 'Spara' }).click()
  await expectSnackbar(page, 'Enheten sparades')
  await expect(page.getByTestId('device-alert-help')).toHaveCount(0)
  await expect(page.getByTestId('device-log')).toContainText('Redigerad')
  await screen(page, 'device')
})
