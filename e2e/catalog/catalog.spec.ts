import { expect, test } from '@playwright/test'
import { personalNumberOf } from '../../shared/rules/identity'
import { signInAs } from '../fixtures'
import { apiAs, sellerPhone } from '../api'

/**
 * Keeping the catalog and the customer register (issue 14, decision 027). Each test works on rows of its own (a
 * provider, a category or a customer named for the run), so the demo's catalog that other specs sell from stays
 * as it is.
 */

const run = () => `${test.info().project.name} ${Date.now() % 1_000_000}`

/** The products the seller's phone receives at its next pull, by name. */
async function sellerCatalog() {
  const api = await apiAs('seller@demo.test')
  const pulled = (await (await api.post('/api/sync/pull', { data: { clientId: crypto.randomUUID(), cookie: null } })).json()) as {
    patch: Array<{ table: string; op: string; value?: { id: string; name: string; priceOre: number; providerId: string } }>
  }
  await api.dispose()
  return pulled.patch.filter((p) => p.table === 'products' && p.op === 'put').map((p) => p.value!)
}

test('back office creates a provider with copied products, reprices one in kronor, and archives it: the seller’s phone follows', async ({ page }) => {
  const name = `Larmbolaget ${run()}`
  await signInAs(page, 'backoffice@demo.test', '/backoffice/providers')
  await expect(page.getByRole('heading', { name: 'Leverantörer', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Ny leverantör' }).click()
  const dialog = page.getByTestId('provider-dialog')
  // A name already taken is refused on its field, in Swedish.
  await dialog.getByLabel(/^Namn/).fill('tryggt hem larm')
  await dialog.getByLabel(/^Typ/).selectOption({ label: 'Larm' })
  await dialog.getByLabel('Kopiera alla produkter från').selectOption({ label: 'Tryggt Hem Larm' })
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expect(dialog.getByText('Namnet används redan.')).toBeVisible()
  await dialog.getByLabel(/^Namn/).fill(name)
  await dialog.getByRole('button', { name: 'Spara' }).click()

  // Its page: the two copied products, and its log.
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  const products = page.getByTestId('provider-products')
  await expect(products.getByRole('row')).toHaveCount(3)
  await expect(page.getByText('Skapad genom kopiering av produkter')).toBeVisible()
  await expect(page.getByTestId('provider-log')).toContainText('Skapad')

  // A product repriced in kronor with öre; bad text is a translated field error first.
  await products.getByRole('row').filter({ hasText: 'Hemlarm Standard' }).click()
  await expect(page.getByRole('heading', { name: 'Hemlarm Standard', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Redigera' }).click()
  const edit = page.getByTestId('product-dialog')
  await edit.getByLabel(/^Pris/).fill('12,345')
  await edit.getByRole('button', { name: 'Spara' }).click()
  await expect(edit.getByText('Skriv ett belopp i kronor, t.ex. 349 eller 349,50.')).toBeVisible()
  await edit.getByLabel(/^Pris/).fill('399,50')
  await edit.getByRole('button', { name: 'Spara' }).click()
  await expect(edit).toBeHidden()
  await expect(page.getByTestId('product-figures')).toContainText('399,50 kr')
  await expect(page.getByTestId('product-log')).toContainText('Pris: 349 kr → 399,50 kr')
  const productId = page.url().split('/').at(-1)!
  expect((await sellerCatalog()).find((p) => p.id === productId)?.priceOre).toBe(39950)

  // Archived after a confirmation: gone from the seller's phone; restored, back again.
  await page.getByRole('button', { name: 'Arkivera' }).click()
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Arkivera' }).click()
  await expect(page.getByRole('button', { name: 'Återställ' })).toBeVisible()
  expect((await sellerCatalog()).map((p) => p.id)).not.toContain(productId)
  await page.getByRole('button', { name: 'Återställ' }).click()
  await expect(page.getByRole('button', { name: 'Arkivera' })).toBeVisible()
  expect((await sellerCatalog()).map((p) => p.id)).toContain(productId)
  await expect(page.getByTestId('product-log').getByRole('listitem')).toHaveCount(4)
})

test('a category’s commissions are applied to the products that differ, after a confirmation', async ({ page }) => {
  const tag = run()
  const category = `Kameror ${tag}`
  // A provider and a product of this run, through the API as another desk would.
  const desk = await apiAs('backoffice@demo.test')
  const provider = (await (
    await desk.post('/api/providers', { data: { name: `Kamerabolaget ${tag}`, type: 'alarm', requireExternalOrderNumber: false } })
  ).json()) as {
    id: string
  }
  await signInAs(page, 'backoffice@demo.test', '/backoffice/products?tab=categories')
  await page.getByRole('button', { name: 'Ny kategori' }).click()
  const dialog = page.getByTestId('category-dialog')
  await dialog.getByLabel(/^Namn/).fill(category)
  await dialog.getByLabel('Säljarprovision').fill('555')
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('categories-table')).toContainText(category)

  // A new product in the category: the category's commission fills in the empty field.
  await page.goto(`/backoffice/providers/${provider.id}`)
  await page.getByRole('button', { name: 'Ny produkt' }).click()
  const product = page.getByTestId('product-dialog')
  await product.getByLabel(/^Namn/).fill('Kamera Ute')
  await product.getByLabel('Kategori').selectOption({ label: category })
  await expect(product.getByLabel(/^Säljarprovision/)).toHaveValue('555')
  await product.getByLabel(/^Säljarprovision/).fill('500')
  await product.getByLabel(/^Pris/).fill('1 290')
  await product.getByLabel(/^Företagsprovision/).fill('900')
  await product.getByLabel(/^Företagskostnad/).fill('150')
  await product.getByRole('button', { name: 'Spara' }).click()
  await expect(product).toBeHidden()
  await expect(page.getByTestId('provider-products')).toContainText('1 290 kr')

  await page.goto('/backoffice/products?tab=commissions')
  const row = page.getByTestId(`commission-${category}`)
  await expect(row).toContainText('555 kr')
  await expect(row.getByText('1 produkt avviker').locator('visible=true')).toBeVisible()
  await row.getByRole('button', { name: 'Tillämpa på produkterna' }).click()
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Tillämpa på produkterna' }).click()
  await expect(row.getByText('Alla produkter stämmer').locator('visible=true')).toBeVisible()
  await expect(row.getByRole('button', { name: 'Tillämpa på produkterna' })).toBeDisabled()
  const list = (await (await desk.get(`/api/products?providerId=${provider.id}`)).json()) as { items: Array<{ sellerCommissionOre: number }> }
  expect(list.items.map((p) => p.sellerCommissionOre)).toEqual([55500])
  await desk.dispose()
})

test('a customer appears with their sale; back office reads the whole number (logged) and corrects the e-mail', async ({ page }) => {
  const project = test.info().project.name
  const ssn = personalNumberOf(project === 'phone' ? '19510304' : '19510305', String(100 + (Date.now() % 800)))
  const tag = `Kundregister ${run()}`
  const phone = await sellerPhone()
  await phone.createSales(tag, 1, ssn)
  await phone.dispose()

  // The register is built after the sale's commit, when its event is handled: wait for that before searching.
  const desk = await apiAs('backoffice@demo.test')
  await expect.poll(async () => ((await (await desk.get(`/api/customers?q=${encodeURIComponent(tag)}`)).json()) as { total: number }).total).toBe(1)
  await desk.dispose()

  await signInAs(page, 'backoffice@demo.test', '/backoffice/customers')
  await expect(page.getByRole('heading', { name: 'Kunder', level: 1 })).toBeVisible()
  await page.getByRole('searchbox', { name: 'Sök i Kunder' }).fill(tag)
  await expect(page).toHaveURL(/q=Kundregister/)
  const row = page.getByRole('row').filter({ hasText: tag })
  await expect(row).toHaveCount(1)
  await row.click()
  await expect(page.getByRole('heading', { name: `${tag} 1`, level: 1 })).toBeVisible()
  const number = page.getByTestId('customer-number')
  await expect(number).toHaveText(`${ssn.slice(0, 8)}-****`)
  await page.getByRole('button', { name: 'Visa hela numret' }).click()
  await expect(number).toHaveText(`${ssn.slice(0, 8)}-${ssn.slice(8)}`)
  await expect(page.getByTestId('customer-log')).toContainText('Hela numret visat')
  await expect(page.getByTestId('customer-sale')).toHaveCount(1)

  await page.getByRole('button', { name: 'Redigera' }).click()
  const dialog = page.getByTestId('customer-dialog')
  await dialog.getByLabel('E-post').fill('inte en adress')
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expect(dialog.getByText('Ange en giltig e-postadress')).toBeVisible()
  await dialog.getByLabel('E-post').fill('kund@example.se')
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('customer-details')).toContainText('kund@example.se')
  await expect(page.getByTestId('customer-log')).toContainText('E-post: – → kund@example.se')
})
