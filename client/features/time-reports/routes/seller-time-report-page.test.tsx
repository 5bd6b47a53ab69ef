// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '../../../test/render'
import { asSellerOffline, SELLER, sellerDb } from '../../../test/seller'
import TimeReportPage from './seller-time-report-page'

/**
 * The seller's time report on the phone: a day's hours, absence and allowance, checked by the rules of spec section 5
 * on the phone (the same messages the server gives), written to the device store and queued, offline too.
 */
const db = sellerDb
const TUESDAY = '2026-11-24'

asSellerOffline(`${TUESDAY}T17:30:00+01:00`)

const render = (at = '/sales/time-report') => renderWithApp(<TimeReportPage />, { namespaces: ['sales'], at })
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`)) as HTMLSelectElement

describe("the seller's time report", () => {
  it('a full working day is saved on the phone, queued, and listed in the month as waiting', async () => {
    const { user } = await render()
    await screen.findByRole('button', { name: 'Spara tidrapporten' })
    expect((screen.getByLabelText(/^Datum/) as HTMLInputElement).value).toBe(TUESDAY)
    await user.selectOptions(field('I tjänst eller frånvarande'), 'yes')
    await user.selectOptions(field('Arbetstid'), '8')
    await user.selectOptions(field('Typ \\(traktamente\\)'), '0')
    await user.click(screen.getByRole('button', { name: 'Spara tidrapporten' }))

    await waitFor(async () => expect(await db().timeReports.count()).toBe(1))
    const [report] = await db().timeReports.toArray()
    expect(report).toMatchObject({ date: TUESDAY, present: true, workHours: 8, absenceHours: 0, allowanceType: 0, userId: SELLER, sync: 'pending' })
    expect((await db().outbox.toArray()).map((m) => m.name)).toEqual(['saveTimeReport'])
    const month = screen.getByText('Månadens rapporter').closest('div')!.parentElement!
    await waitFor(() => expect(within(month).getByText('8 h')).toBeTruthy())
    expect(await screen.findByText(/Du ändrar rapporten för/)).toBeTruthy()
  })

  it('a day that breaks the rules says why at each field, and nothing is saved', async () => {
    const { user } = await render()
    await screen.findByRole('button', { name: 'Spara tidrapporten' })
    // In service for 6 hours, without saying what the other 2 were, with an allowance but no place.
    await user.selectOptions(field('I tjänst eller frånvarande'), 'yes')
    await user.selectOptions(field('Arbetstid'), '6')
    await user.selectOptions(field('Typ \\(traktamente\\)'), '2')
    await user.click(screen.getByRole('button', { name: 'Spara tidrapporten' }))

    expect(await screen.findByText('Välj en frånvarotyp när arbetstiden är under 8 timmar')).toBeTruthy()
    expect(screen.getByText('Typen måste vara 0 om ingen ort för roadtrip eller resdag är vald')).toBeTruthy()
    expect(screen.getByText('Totalen måste bli 8 timmar')).toBeTruthy()
    expect(await db().timeReports.count()).toBe(0)
    expect(await db().outbox.count()).toBe(0)

    // Put right, the same form saves.
    await user.selectOptions(field('Frånvaro'), '2')
    await user.selectOptions(field('Frånvarotyp'), 'child_care')
    await user.type(screen.getByLabelText(/^Ort för roadtrip/), 'Luleå')
    await user.click(screen.getByRole('button', { name: 'Spara tidrapporten' }))
    await waitFor(async () => expect(await db().timeReports.count()).toBe(1))
    expect(await db().timeReports.toArray()).toMatchObject([
      { workHours: 6, absenceHours: 2, absenceType: 'child_care', allowanceType: 2, travelLocation: 'Luleå' },
    ])
  })

  it('saving a day again changes that day’s report instead of adding one', async () => {
    const { user } = await render()
    await screen.findByRole('button', { name: 'Spara tidrapporten' })
    await user.selectOptions(field('I tjänst eller frånvarande'), 'yes')
    await user.selectOptions(field('Arbetstid'), '8')
    await user.selectOptions(field('Typ \\(traktamente\\)'), '0')
    await user.click(screen.getByRole('button', { name: 'Spara tidrapporten' }))
    await screen.findByText(/Du ändrar rapporten för/)
    const [first] = await db().timeReports.toArray()

    await user.type(screen.getByLabelText(/^Kommentar/), 'Dörrknackning i Gamlestaden')
    await user.click(screen.getByRole('button', { name: 'Spara tidrapporten' }))
    await waitFor(async () => expect((await db().timeReports.toArray())[0]?.comment).toBe('Dörrknackning i Gamlestaden'))
    const reports = await db().timeReports.toArray()
    expect(reports.map((r) => r.id)).toEqual([first!.id])
    expect(await db().outbox.count()).toBe(2)
  })

  it('an attested month is locked on the phone: the form says so and cannot save', async () => {
    await db().attestations.put({ id: 'a1', userId: SELLER, month: '2026-11', attestedAt: Date.parse('2026-11-20T10:00:00Z') })
    await render()
    expect((await screen.findByTestId('month-locked')).textContent).toContain('Månaden 2026-11 är attesterad och låst')
    expect((screen.getByRole('button', { name: 'Spara tidrapporten' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('a day named in the address opens on that day', async () => {
    await render('/sales/time-report?date=2026-11-02')
    await screen.findByRole('button', { name: 'Spara tidrapporten' })
    expect((screen.getByLabelText(/^Datum/) as HTMLInputElement).value).toBe('2026-11-02')
  })
})
