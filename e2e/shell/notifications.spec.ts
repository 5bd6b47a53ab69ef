import { expect, test } from '@playwright/test'
import { atRest, signInAs } from '../fixtures'

test('the bell shows the unread count, and opening a notification follows its link and reads it @phone', async ({ page }, info) => {
  // Mailboxes nothing else in the suite writes to or reads: the coach's gets live deviation alerts from the
  // back-office tests (live-alerts.spec.ts covers the deviation bell).
  await signInAs(page, info.project.name === 'desktop' ? 'backoffice@demo.test' : 'manager@demo.test')
  const kind = 'general'
  const bell = page.getByTestId(`bell-${kind}`)
  await expect(bell).toHaveAccessibleName(/1 olästa/)
  await expect(page.getByTestId(`bell-count-${kind}`)).toHaveText('1')
  await bell.click()
  const menu = page.getByTestId(`bell-menu-${kind}`)
  const item = menu.getByRole('menuitem').first()
  await expect(item).toBeVisible()
  // The menu scales in: a click on an item still moving can miss it (see atRest).
  await atRest(menu)
  await item.click()
  // Back office's bell opens the reports that wait (the list filtered to them).
  await expect(page).toHaveURL(info.project.name === 'desktop' ? '/backoffice/salereports?status=finalized' : '/dashboards/sales/manager')
  await expect(page.getByTestId(`bell-${kind}`)).toHaveAccessibleName('Aviseringar')
  await expect(page.getByTestId(`bell-count-${kind}`)).toHaveCount(0)
})
