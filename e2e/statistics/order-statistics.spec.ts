import { expect, test } from '@playwright/test'
import { screen, signInAs } from '../fixtures'
import { newTeamSeller, ownCustomers, sellerPhone } from '../api'

/**
 * Order statistics (issue 19, decision 048): a coach opens the figures of one of their sellers and follows them to
 * the sale reports behind them. The seller is the test's own (a new one in Team Öresund), so no other test's sales
 * change the figures while it reads them.
 */
test('a coach follows an order figure to exactly the sale reports behind it', async ({ page }, info) => {
  const last = info.project.name === 'phone' ? 'Telefonstat' : 'Datorstat'
  const { id: sellerId, email } = await newTeamSeller('Ordra', last, 'Öresund')
  // Three sales from the seller's phone (Hemlarm Standard, one each).
  const phone = await sellerPhone(email)
  await phone.createSales(`Orderkund ${last}`, 3, undefined, { ssns: ownCustomers(info.project.name === 'phone' ? '19470304' : '19470305', 3) })
  await phone.dispose()

  await signInAs(page, 'coach@demo.test', `/dashboards/sales/orders?seller=${sellerId}`)
  await expect(page.getByRole('heading', { name: 'Orderstatistik', level: 1 })).toBeVisible()
  await expect(page.getByTestId('order-total-0')).toHaveText('3')
  await expect(page.getByTestId('order-total-2')).toHaveText('3')
  const product = page.getByTestId('chart-order-products').getByTestId('chart-row').filter({ hasText: 'Hemlarm Standard' })
  await expect(product).toBeVisible()
  // The sales distribution: all three wait for approval (finalized), the whole of the period's reports.
  const finalized = page.getByTestId('chart-order-statuses').getByTestId('chart-row')
  await expect(finalized).toHaveCount(1)
  await expect(finalized).toContainText('3')
  // Compared with the 30 days before: none then.
  await page.getByTestId('compare-periods').getByRole('combobox').selectOption('previous')
  await expect(page.getByTestId('compare-sales')).toContainText('+3 (Ny)')
  await expect(page).toHaveURL(/cmp=previous/)
  await screen(page, `${info.project.name}-order-statistics`, { fullPage: true })

  // The product's figure opens its sale reports: the same seller and period, the statuses that stand.
  await product.getByRole('link').first().click()
  await expect(page).toHaveURL(/\/backoffice\/salereports\?.*sellerId=.*productId=/)
  await expect(page.getByTestId('table-range')).toHaveText(/av 3$/)
  await expect(page.getByText(`Orderkund ${last} 1`).first()).toBeVisible()
})
