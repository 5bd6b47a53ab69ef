import { expect, test } from '@playwright/test'
import { signInFresh } from '../fixtures'

test('the deviation bell shows the unread count, and opening a notification follows its link and reads it @phone', async ({ page }, info) => {
  // The seller's notifications are read by this test only; one project changes them.
  test.skip(info.project.name !== 'desktop' && info.project.name !== 'phone')
  await signInFresh(page, info.project.name === 'desktop' ? 'coach@demo.test' : 'manager@demo.test')
  const kind = info.project.name === 'desktop' ? 'deviation' : 'general'
  const bell = page.getByTestId(`bell-${kind}`)
  await expect(bell).toHaveAccessibleName(/1 olästa/)
  await expect(page.getByTestId(`bell-count-${kind}`)).toHaveText('1')
  await bell.click()
  const menu = page.getByTestId(`bell-menu-${kind}`)
  const item = menu.getByRole('menuitem').first()
  await expect(item).toBeVisible()
  await item.click()
  await expect(page).toHaveURL(info.project.name === 'desktop' ? '/backoffice/deviations' : '/dashboards/sales/manager')
  await expect(page.getByTestId(`bell-${kind}`)).toHaveAccessibleName(kind === 'deviation' ? 'Avvikelser' : 'Aviseringar')
  await expect(page.getByTestId(`bell-count-${kind}`)).toHaveCount(0)
})
