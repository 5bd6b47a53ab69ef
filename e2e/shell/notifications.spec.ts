import { expect, test } from '@playwright/test'
import { apiAs, newTeamSeller } from '../api'
import { atRest, signInAs } from '../fixtures'

test('the bell shows the unread count, and opening a notification follows its link and reads it @phone', async ({ page }, info) => {
  // A mailbox of the test's own: the demo's back office and manager get alerts from other specs (exports ready,
  // deviations), so the count is only the test's to decide with a person nothing else writes to.
  const reader = await newTeamSeller('Klocka', info.project.name === 'desktop' ? 'Skrivbord' : 'Telefon', 'Norr')
  const admin = await apiAs('admin@demo.test')
  const sent = await admin.post('/api/notification-messages', {
    data: {
      audience: { everyone: false, userIds: [reader.id], teamIds: [], officeIds: [], roleIds: [] },
      title: 'Nya priser från måndag',
      message: 'Se prislistan innan du går ut.',
      link: '/sales/list',
    },
  })
  expect(sent.status(), await sent.text()).toBe(201)
  await admin.dispose()
  await signInAs(page, reader.email)
  const kind = 'general'
  const bell = page.getByTestId(`bell-${kind}`)
  await expect(bell).toHaveAccessibleName(/1 olästa/)
  await expect(page.getByTestId(`bell-count-${kind}`)).toHaveText('1')
  await bell.click()
  const menu = page.getByTestId(`bell-menu-${kind}`)
  const item = menu.getByRole('menuitem').first()
  await expect(item).toContainText('Nya priser från måndag')
  // The menu scales in: a click on an item still moving can miss it (see atRest).
  await atRest(menu)
  await item.click()
  await expect(page).toHaveURL('/sales/list')
  await expect(page.getByTestId(`bell-${kind}`)).toHaveAccessibleName('Aviseringar')
  await expect(page.getByTestId(`bell-count-${kind}`)).toHaveCount(0)
})
