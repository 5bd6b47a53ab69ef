import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import { expectSnackbar, recordSnackbars, setTick, signInAs } from '../fixtures'

test.describe('the shared table view, on the users list', () => {
  // In order, in one worker: the last test adds a user, which the counts of the others must not see (the suite is
  // otherwise fully parallel, and these tests once ran beside it). The counts are of the demo accounts
  // (q=demo.test): the user-admin specs make their own users, at example.se, beside these.
  test.describe.configure({ mode: 'default' })
  test('search, sort, page size and page live in the URL and survive a reload', async ({ page }) => {
    await signInAs(page, 'admin@demo.test', '/user-admin/users?q=demo.test')
    const table = page.getByRole('table', { name: 'Användare' })
    await expect(table.getByRole('row')).toHaveCount(11)
    await expect(page.getByTestId('table-range')).toHaveText('1–10 av 19')

    await page.getByLabel('Rader per sida').selectOption('5')
    await expect(page).toHaveURL(/itemsPerPage=5/)
    await page.getByRole('button', { name: 'E-post' }).click()
    await expect(page).toHaveURL(/sortBy=email/)
    await expect(table.getByRole('row').nth(1)).toContainText('admin@demo.test')
    await page.getByRole('button', { name: 'E-post' }).click()
    await expect(page).toHaveURL(/orderBy=desc/)
    await expect(table.getByRole('columnheader', { name: 'E-post' })).toHaveAttribute('aria-sort', 'descending')
    await page.getByRole('button', { name: 'Nästa sida' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(page.getByTestId('table-range')).toHaveText('6–10 av 19')

    await page.reload()
    await expect(page.getByTestId('table-range')).toHaveText('6–10 av 19')
    await expect(page.getByLabel('Rader per sida')).toHaveValue('5')

    await page.getByRole('searchbox', { name: 'Sök i Användare' }).fill('coach')
    await expect(page).toHaveURL(/q=coach/)
    await expect(page).not.toHaveURL(/page=2/)
    await expect(table.getByRole('row')).toHaveCount(2)
    await page.getByRole('searchbox', { name: 'Sök i Användare' }).fill('finns-inte')
    await expect(page.getByTestId('table-empty')).toHaveText('Inget matchar ”finns-inte”.')
  })

  test('changes made faster than the screen redraws all land (a slow phone)', async ({ page }) => {
    await signInAs(page, 'admin@demo.test', '/user-admin/users?q=demo.test')
    await expect(page.getByTestId('table-range')).toHaveText('1–10 av 19')
    // The page size and then the sort, in one task: the second handler runs before the first change is drawn.
    await page.evaluate(() => {
      const size = document.querySelector<HTMLSelectElement>('select[aria-labelledby="page-size-label"]')!
      size.value = '5'
      size.dispatchEvent(new Event('change', { bubbles: true }))
      const sort = [...document.querySelectorAll('th button')].find((b) => b.textContent?.includes('E-post')) as HTMLButtonElement
      sort.click()
    })
    await expect(page).toHaveURL(/itemsPerPage=5/)
    await expect(page).toHaveURL(/sortBy=email/)
    await expect(page.getByTestId('table-range')).toHaveText('1–5 av 19')
  })

  test('select all selects the page; the CSV holds the current filter', async ({ page }) => {
    await signInAs(page, 'admin@demo.test', '/user-admin/users?q=demo.test&itemsPerPage=5')
    // Select all selects the rows shown: it waits for them (disabled until the page has rows).
    await expect(page.getByTestId('table-range')).toHaveText('1–5 av 19')
    await setTick(page.getByRole('checkbox', { name: 'Markera alla på sidan' }), true)
    await expect(page.getByText('5 markerade')).toBeVisible()
    await setTick(page.getByRole('checkbox', { name: 'Markera raden' }).first(), false)
    await expect(page.getByText('4 markerade')).toBeVisible()

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Ladda ner CSV' }).click()])
    expect(download.suggestedFilename()).toBe('anvandare.csv')
    const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '')
    const lines = csv.trim().split('\r\n')
    expect(lines[0]).toBe('Namn;E-post;Roll;Team;Kontor;Titel;Status')
    // Every user the filter matches (the 19 seeded demo users), not the page of 5.
    expect(lines).toHaveLength(20)
    // The demo gives everyone a title (every third seller by name a senior one).
    expect(csv).toContain('Anna Lindqvist;anna.lindqvist@demo.test;Säljare;Team Öresund;Malmö;Senior säljare;Aktiv')
  })

  test('the create dialog validates, shows the server’s errors and adds the user', async ({ page }) => {
    // Admins create accounts: back office holds none of the default roles whole (docs/decisions/016).
    await signInAs(page, 'admin@demo.test', '/user-admin/users')
    await page.getByRole('button', { name: 'Ny användare' }).click()
    const dialog = page.getByTestId('create-user-dialog')
    // On a desktop the dialog is as tall as its form and centred, over a page dimmed by about half.
    await expect(dialog).toBeVisible()
    const box = (await dialog.boundingBox())!
    expect(box.height).toBeLessThan(700)
    expect(Math.abs(box.x + box.width / 2 - 720)).toBeLessThan(2)
    const backdrop = page.locator('[data-scope="dialog"][data-part="backdrop"]')
    await expect(backdrop).toHaveCSS('background-color', 'rgba(0, 0, 0, 0.48)')
    await expect(backdrop).toHaveCSS('opacity', '1')
    await dialog.getByRole('button', { name: 'Spara' }).click()
    await expect(dialog.getByText('Fältet är obligatoriskt')).toHaveCount(4)
    await dialog.getByLabel(/^Förnamn/).fill('Nora')
    await dialog.getByLabel(/^Efternamn/).fill('Nyberg')
    await dialog.getByLabel(/^E-post/).fill('seller@demo.test')
    await dialog.getByLabel(/^Lösenord/).fill('ett-langt-losenord')
    await dialog.getByLabel(/^Roll/).selectOption({ label: 'Säljare' })
    await dialog.getByLabel(/^Team/).selectOption({ label: 'Team Lund (Malmö)' })
    await dialog.getByRole('button', { name: 'Spara' }).click()
    await expect(dialog.getByText('E-postadressen används redan')).toBeVisible()
    await dialog.getByLabel(/^E-post/).fill('nora.nyberg@demo.test')
    await recordSnackbars(page)
    await dialog.getByRole('button', { name: 'Spara' }).click()
    await expect(dialog).toBeHidden()
    await expectSnackbar(page, 'Användaren Nora Nyberg skapades')
    await page.getByRole('searchbox', { name: 'Sök i Användare' }).fill('nyberg')
    await expect(page.getByRole('table', { name: 'Användare' }).getByRole('row').nth(1)).toContainText('Team Lund')
  })
})
