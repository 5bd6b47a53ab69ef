// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { snackbar } from '../../../lib/snackbar-store'
import { renderWithApp } from '../../../test/render'
import { asSellerOffline, SELLER, sellerDb } from '../../../test/seller'
import SalesCreatePage from './sales-create-page'

/**
 * The seller's new sale on the phone (spec section 3): the catalog the phone keeps, the customer, an estimate of
 * the order value and commission, the rules checked on the phone, and the sale written to the device and queued.
 */
const db = sellerDb
const TODAY = '2026-11-24'

asSellerOffline(`${TODAY}T13:15:00+01:00`)

beforeEach(async () => {
  await db().providers.bulkPut([
    { id: 'p-el', name: 'Elbolaget', type: 'electricity', requireExternalOrderNumber: false, active: true },
    { id: 'p-bb', name: 'Bredbandsbolaget', type: 'broadband', requireExternalOrderNumber: true, active: true },
  ])
  await db().products.bulkPut([
    { id: 'el-fast', providerId: 'p-el', name: 'Elavtal Fast', active: true, priceOre: 49_900, sellerCommissionOre: 10_000 },
    { id: 'el-rorligt', providerId: 'p-el', name: 'Elavtal Rörligt', active: true, priceOre: 29_900, sellerCommissionOre: 6_000 },
    { id: 'bb-100', providerId: 'p-bb', name: 'Bredband 100', active: true, priceOre: 39_900, sellerCommissionOre: 8_000 },
  ])
})
afterEach(() => vi.restoreAllMocks())

const render = (at = '/sales/create') => renderWithApp(<SalesCreatePage />, { namespaces: ['sales'], at })
const byLabel = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`)) as HTMLInputElement & HTMLSelectElement
type User = Awaited<ReturnType<typeof render>>['user']

async function fillCustomer(user: User, ssn = '19811218-9876') {
  await user.type(byLabel('Personnummer'), ssn)
  await user.type(byLabel('Kundens namn'), 'Anna Andersson')
  await user.type(byLabel('Telefon'), '070-123 45 67')
  await user.type(byLabel('Adress'), 'Storgatan 1')
  await user.type(byLabel('Postnummer'), '211 22')
  await user.type(byLabel('Ort'), 'Malmö')
}

describe('a new sale on the phone', () => {
  it('offers the catalog the phone keeps and estimates the order as it is built', async () => {
    const { user } = await render()
    await waitFor(() => expect(screen.getByRole('option', { name: 'Elbolaget' })).toBeTruthy())
    await user.selectOptions(byLabel('Leverantör'), 'p-el')
    expect(screen.queryByRole('option', { name: 'Bredband 100' })).toBeNull()
    await user.selectOptions(byLabel('Produkt 1'), 'el-fast')
    await user.clear(byLabel('Antal \\(st\\)'))
    await user.type(byLabel('Antal \\(st\\)'), '2')
    await waitFor(() => expect(document.body.textContent?.replace(/\s/g, ' ')).toContain('998 kr'))
    expect(document.body.textContent?.replace(/\s/g, ' ')).toContain('200 kr')
  })

  it('is saved on the phone with its customer, queued for the server, and said to wait for the network', async () => {
    const saved = vi.spyOn(snackbar, 'success')
    const { user } = await render()
    await waitFor(() => expect(screen.getByRole('option', { name: 'Elbolaget' })).toBeTruthy())
    await user.selectOptions(byLabel('Leverantör'), 'p-el')
    await user.selectOptions(byLabel('Produkt 1'), 'el-fast')
    await fillCustomer(user)
    await user.click(screen.getByRole('button', { name: 'Spara försäljningen' }))

    await waitFor(async () => expect(await db().sales.count()).toBe(1))
    const [sale] = await db().sales.toArray()
    expect(sale).toMatchObject({
      providerId: 'p-el',
      customerName: 'Anna Andersson',
      postalCode: '211 22',
      city: 'Malmö',
      sellDate: TODAY,
      sellerId: SELLER,
      orderValueOre: 49_900,
      sellerCommissionOre: 10_000,
      sync: 'pending',
    })
    expect((await db().outbox.toArray()).map((m) => m.name)).toEqual(['createSale'])
    expect(saved).toHaveBeenCalledWith(navigator.onLine ? 'Försäljningen är sparad och skickas nu' : 'Sparad på telefonen – skickas när nätet är tillbaka')
  })

  it('an identity number whose check digit is wrong is refused at its field, and nothing is saved', async () => {
    const { user } = await render()
    await waitFor(() => expect(screen.getByRole('option', { name: 'Elbolaget' })).toBeTruthy())
    await user.selectOptions(byLabel('Leverantör'), 'p-el')
    await user.selectOptions(byLabel('Produkt 1'), 'el-fast')
    await fillCustomer(user, '19811218-9875')
    await user.click(screen.getByRole('button', { name: 'Spara försäljningen' }))
    expect(await screen.findByText('Ogiltigt personnummer (ÅÅMMDD-NNNN, kontrollsiffran stämmer inte)')).toBeTruthy()
    expect(await db().sales.count()).toBe(0)
    expect(await db().outbox.count()).toBe(0)
  })

  it('a provider that needs its own order number asks for it', async () => {
    const { user } = await render()
    await waitFor(() => expect(screen.getByRole('option', { name: 'Bredbandsbolaget' })).toBeTruthy())
    await user.selectOptions(byLabel('Leverantör'), 'p-bb')
    await user.selectOptions(byLabel('Produkt 1'), 'bb-100')
    await fillCustomer(user)
    await user.click(screen.getByRole('button', { name: 'Spara försäljningen' }))
    await waitFor(() => expect(screen.getAllByRole('textbox').some((box) => box.getAttribute('aria-invalid') === 'true')).toBe(true))
    expect(await db().sales.count()).toBe(0)
  })

  it('a door that became a sale fills in its address', async () => {
    await render('/sales/create?address=Lilla%20torg%203&postalCode=21134&city=Malm%C3%B6')
    await screen.findByRole('button', { name: 'Spara försäljningen' })
    expect([byLabel('Adress').value, byLabel('Postnummer').value, byLabel('Ort').value]).toEqual(['Lilla torg 3', '21134', 'Malmö'])
  })

  it('after the daily checkout no sale can be made that day', async () => {
    await db().checkouts.put({
      id: crypto.randomUUID(),
      date: TODAY,
      checkedOutAt: Date.now(),
      comment: null,
      userId: SELLER,
      salesCount: 0,
      orderValueOre: 0,
      workHours: 8,
      createdAt: Date.now(),
      sync: 'pending',
    })
    await render()
    expect((await screen.findByTestId('checked-out')).textContent).toContain('Nya försäljningar kan registreras i morgon.')
    expect(screen.queryByRole('button', { name: 'Spara försäljningen' })).toBeNull()
  })
})
