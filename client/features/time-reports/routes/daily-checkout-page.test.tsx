// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { formatTime } from '../../../../shared/format'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { i18n } from '../../../lib/i18n'
import { type LocalSale } from '../../../lib/offline-db'
import { renderWithApp } from '../../../test/render'
import { asSellerOffline, SELLER, sellerDb, workedDay } from '../../../test/seller'
import { saveTimeReportLocally } from '../api/local-actions'
import DailyCheckoutPage from './daily-checkout-page'

/**
 * The seller's daily checkout on the phone (spec section 4): the day's sales, order value and hours as the phone
 * has them, a confirmation, then the checkout written to the device and queued — offline too.
 */
const db = sellerDb
const TODAY = '2026-11-24'
const at = (time: string) => Date.parse(`${TODAY}T${time}:00+01:00`)

/** A sale on the phone, as far as the checkout reads it. */
const sale = (id: string, orderValueOre: number, sync: LocalSale['sync'], sellDate = TODAY): LocalSale => {
  const read: Partial<LocalSale> = {
    id,
    sellDate,
    soldAt: at('11:00'),
    status: 'unanswered',
    sync,
    orderValueOre,
    sellerCommissionOre: orderValueOre / 10,
    sellerId: SELLER,
  }
  return read as LocalSale
}

asSellerOffline(at('17:45'))

const render = () =>
  renderWithApp(
    <>
      <DailyCheckoutPage />
      <ConfirmDialog />
    </>,
    { namespaces: ['sales'], at: '/sales/daily-checkout' },
  )

describe('the daily checkout', () => {
  it("sums the day's sales on the phone, leaving out a rejected one and other days", async () => {
    await db().sales.bulkPut([
      sale('a', 120_000, 'pending'),
      sale('b', 80_000, 'synced'),
      sale('c', 50_000, 'rejected'),
      sale('d', 99_000, 'synced', '2026-11-23'),
    ])
    await render()
    await waitFor(() => expect(screen.getByTestId('checkout-sales').textContent).toContain('2'))
    expect(screen.getByTestId('checkout-value').textContent?.replace(/\s/g, ' ')).toContain('2 000 kr')
    expect(screen.getByText('Du har inte rapporterat tid för i dag.')).toBeTruthy()
  })

  it('shows the hours the day was reported with', async () => {
    await saveTimeReportLocally(db(), SELLER, workedDay(TODAY), i18n.t)
    await render()
    expect(await screen.findByText('8 h')).toBeTruthy()
    expect(screen.queryByText('Du har inte rapporterat tid för i dag.')).toBeNull()
  })

  it('asks first, then checks out with the comment, queued for the server, and says when it was done', async () => {
    await db().sales.put(sale('a', 120_000, 'pending'))
    const { user } = await render()
    await user.type(await screen.findByLabelText('Kommentar till dagen (valfri)'), 'Regn hela eftermiddagen')
    await user.click(screen.getByRole('button', { name: 'Gör dagsavslut' }))
    const question = await screen.findByRole('alertdialog', { name: 'Gör dagsavslut?' })
    expect(question.textContent).toContain('Du avslutar dagen med 1 försäljning.')
    await user.click(screen.getAllByRole('button', { name: 'Gör dagsavslut' }).at(-1)!)

    // The time as the phone's own clock shows it.
    expect((await screen.findByTestId('checkout-done')).textContent).toContain(`Avslutad kl. ${formatTime(at('17:45'), 'sv')}.`)
    const [checkout] = await db().checkouts.toArray()
    expect(checkout).toMatchObject({ date: TODAY, comment: 'Regn hela eftermiddagen', salesCount: 1, orderValueOre: 120_000, sync: 'pending' })
    expect((await db().outbox.toArray()).map((m) => m.name)).toEqual(['checkout'])
  })

  it('cancelling the question changes nothing', async () => {
    const { user } = await render()
    await user.click(await screen.findByRole('button', { name: 'Gör dagsavslut' }))
    await screen.findByRole('alertdialog', { name: 'Gör dagsavslut?' })
    await user.click(screen.getByRole('button', { name: 'Avbryt' }))
    await waitFor(() => expect(screen.getByRole('alertdialog', { hidden: true }).getAttribute('data-state')).toBe('closed'))
    expect(await db().checkouts.count()).toBe(0)
    expect(screen.queryByTestId('checkout-done')).toBeNull()
  })
})
