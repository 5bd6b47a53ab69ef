import { expect, test } from '@playwright/test'
import { screen, signInAs } from '../fixtures'

/**
 * The activity-log search (issue 17, decision 035): an admin finds a change by its reason, narrows the list by
 * entity and event, and goes from the line to the user it changed. Each project deactivates its own new user.
 */
test('an admin finds a deactivation in the activity log and opens the user from it', async ({ page }, info) => {
  const project = info.project.name
  await signInAs(page, 'admin@demo.test')
  const reason = `Loggsök ${project} ${Date.now() % 100000}`
  const id = await page.evaluate(
    async ({ project, reason }) => {
      const roles = (await (await fetch('/api/users/role-options')).json()) as { items: Array<{ id: string; key: string }> }
      const made = await fetch('/api/users', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: `loggad.${project}.${Date.now()}@example.se`,
          firstName: 'Loggad',
          lastName: project === 'phone' ? 'Mobilsson' : 'Datorsson',
          password: 'ett-langt-losenord',
          roleId: roles.items.find((r) => r.key === 'seller')!.id,
        }),
      })
      const { id } = (await made.json()) as { id: string }
      const off = await fetch(`/api/users/${id}/deactivate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reason, version: 1 }),
      })
      if (off.status !== 200) throw new Error(`deactivate: ${off.status} ${await off.text()}`)
      return id
    },
    { project, reason },
  )

  await page.goto('/user-admin/activity-log')
  await expect(page.getByRole('heading', { name: 'Aktivitetslogg' })).toBeVisible()
  await page.getByRole('searchbox', { name: 'Sök i Aktivitetslogg' }).fill(reason)
  const rows = page.getByTestId('data-table').locator('tbody tr')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Avaktiverad')
  await expect(rows.first()).toContainText('Astrid Admin')
  // The line names the person it is about, and its change in words: "Aktiv: Ja → Nej", not "active: true → false".
  const person = `Loggad ${project === 'phone' ? 'Mobilsson' : 'Datorsson'}`
  await expect(rows.first()).toContainText(person)
  if (project === 'desktop') await expect(rows.first()).toContainText('Aktiv: Ja → Nej')
  await screen(page, `${project}-activity-log`, { fullPage: true })

  if (project === 'desktop') {
    // Narrowed by entity and event, the line stays; another event leaves nothing.
    await page.getByRole('combobox', { name: 'Vad' }).selectOption({ label: 'Användare' })
    await page.getByRole('combobox', { name: 'Händelse' }).selectOption({ label: 'Avaktiverad' })
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText(reason)
    await page.getByRole('combobox', { name: 'Händelse' }).selectOption({ label: 'Skapad' })
    await expect(page.getByTestId('table-empty')).toBeVisible()
    await page.getByRole('combobox', { name: 'Händelse' }).selectOption({ label: 'Avaktiverad' })
    // The entity's link leads to the user.
    await rows.first().getByRole('link', { name: person }).click()
    await expect(page).toHaveURL(`/user-admin/users/${id}`)
  }
})

test('the activity log is for admins only', async ({ page }) => {
  await signInAs(page, 'backoffice@demo.test', '/user-admin/activity-log')
  await expect(page).toHaveURL(/not-authorized/)
})
