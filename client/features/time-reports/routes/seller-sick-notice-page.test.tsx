// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { renderWithApp } from '../../../test/render'
import { asSellerOffline, SELLER, sellerDb, workedDay } from '../../../test/seller'
import { saveTimeReportLocally } from '../api/local-actions'
import SickNoticePage from './seller-sick-notice-page'

/** The seller's sick notice on the phone: written to the device store and queued for the server, offline too. */
const db = sellerDb
/** A Friday morning in Stockholm: the screen starts on that day, and the next workday is the Monday after. */
const FRIDAY = '2026-11-27'
const MONDAY = '2026-11-30'

asSellerOffline(`${FRIDAY}T09:00:00+01:00`)

const render = () => renderWithApp(<SickNoticePage />, { namespaces: ['sales'], at: '/sales/sick-notice' })

describe('the sick notice', () => {
  it('is written on the phone with its message, queued for the server, and then shown as sent', async () => {
    const { user } = await render()
    await user.type(await screen.findByLabelText('Meddelande till din coach (valfritt)'), 'Feber')
    await user.click(screen.getByRole('button', { name: 'Skicka sjukanmälan' }))
    expect(await screen.findByTestId('sick-notice-sent')).toBeTruthy()
    const [notice] = await db().sickNotices.toArray()
    expect(notice).toMatchObject({ date: FRIDAY, message: 'Feber', userId: SELLER, sync: 'pending' })
    expect((await db().outbox.toArray()).map((m) => m.name)).toEqual(['createSickNotice'])
  })

  it('on a day already reported as worked asks what holds, and from the next workday sends the notice for the Monday', async () => {
    await saveTimeReportLocally(db(), SELLER, workedDay(FRIDAY), i18n.t)
    const { user } = await render()
    expect((await screen.findByTestId('sick-same-day')).textContent).toContain('Du har redan rapporterat 8 timmars arbete den dagen')
    await user.click(screen.getByRole('button', { name: 'Skicka sjukanmälan' }))
    expect(screen.getByText('Välj vad som gäller för dagen')).toBeTruthy()
    expect(await db().sickNotices.count()).toBe(0)

    await user.click(screen.getByText(/Jag arbetade – jag är sjuk från nästa arbetsdag/))
    await user.click(screen.getByRole('button', { name: 'Skicka sjukanmälan' }))
    await screen.findByTestId('sick-notice-sent')
    await waitFor(async () => expect((await db().sickNotices.toArray()).map((n) => [n.date, n.sameDay ?? null])).toEqual([[MONDAY, null]]))
  })
})
