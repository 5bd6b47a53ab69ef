import { expect, test } from '@playwright/test'
import { DEMO_PASSWORD, signInFresh } from '../fixtures'
import { apiAs, sellerPhone } from './api'

/**
 * Order statistics (issue 19, decision 048): a coach opens the figures of one of their sellers and follows them to
 * the sale reports behind them. The seller is the test's own (a new one in Team Öresund), so no other test's sales
 * change the figures while it reads them.
 */
test('a coach follows an order figure to exactly the sale reports behind it @phone', async ({ page }, info) => {
  const last = info.project.name === 'phone' ? 'Telefonstat' : 'Datorstat'
  const email = `ordra.${last}.${Date.now()}@example.se`.toLowerCase()
  const admin = await apiAs('admin@demo.test')
  const roles = (await (await admin.get('/api/users/role-options')).json()) as { items: Array<{ id: string; key: string }> }
  const teams = (await (await admin.get('/api/lookups/teams?q=Öresund')).json()) as { items: Array<{ id: string; label: string }> }
  const created = await admin.post('/api/users', {
    data: {
      email,
      firstName: 'Ordra',
      lastName: last,
      password: DEMO_PASSWORD,
      roleId: roles.items.find((r) => r.key === 'seller')!.id,
      teamId: teams.items[0]!.id,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const sellerId = ((await created.json()) as { id: string }).id
  await admin.dispose()
  // Three sales from the seller's phone (Hemlarm Standard, one each).
  const phone = await sellerPhone(email)
  await phone.createSales(`Orderkund ${last}`, 3)
  await phone.dispose()

  await signInFresh(page, 'coach@demo.test')
  await page.goto(`/dashboards/sales/orders?seller=${sellerId}`)
  await expect(page.getByRole('heading', { name: 'Orderstatistik', level: 1 })).toBeVisible()
  await expect(page.getByTestId('order-total-0')).toHaveText('3')
  await expect(page.getByTestId('order-total-2')).toHaveText('3')
  const product = page.getByTestId('chart-order-products').getByTestId('chart-row').filter({ hasText: 'Hemlarm Standard' })
  await expect(product).toBeVisible()
  await page.screenshot({ path: `test-results/screens/${info.project.name}-order-statistics.png`, fullPage: true })

  // The product's figure opens its sale reports: the same seller and period, the statuses that stand.
  await product.getByRole('link').first().click()
  await expect(page).toHaveURL(/\/backoffice\/salereports\?.*sellerId=.*productId=/)
  await expect(page.getByTestId('table-range')).toHaveText(/av 3$/)
  await expect(page.getByText(`Orderkund ${last} 1`).first()).toBeVisible()
})
