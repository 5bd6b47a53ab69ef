// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { offlineDb } from '../../../lib/offline-db'
import { clearSession, setSession } from '../../../lib/session'
import { renderWithApp, serveApi } from '../../../test/render'
import { saveTimeReportLocally } from '../api/local-actions'
import SickNoticePage from './seller-sick-notice-page'

/** The seller's sick notice on the phone: written to the device store and queued for the server, offline too. */
const SELLER = 'seller-1'
const db = () => offlineDb(SELLER)
/** A Friday morning in Stockholm: the screen starts on that day, and the next workday is the Monday after. */
const FRIDAY = '2026-11-27'
const MONDAY = '2026-11-30'

beforeEach(() => {
  // The clock only (the device store's timers run as they do).
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${FRIDAY}T09:00:00+01:00`) })
  setSession({
    userData: {
      id: SELLER,
      email: 'sara@demo.test',
      fullName: 'Sara Säljare',
      shortName: 'SS',
      role: 'seller',
      roleName: 'Säljare',
      teamIds: [],
      officeId: null,
      regionId: null,
      language: 'sv',
    },
    userAbilityRules: [{ action: 'create', subject: 'sales' }],
  })
  // No network: the notice waits on the phone.
  serveApi(() => {
    throw new TypeError('offline')
  })
})
afterEach(async () => {
  vi.useRealTimers()
  clearSession()
  await db().delete()
})

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
    await saveTimeReportLocally(
      db(),
      SELLER,
      {
        id: crypto.randomUUID(),
        date: FRIDAY,
        present: true,
        workHours: 8,
        absenceHours: 0,
        absenceType: null,
        allowanceType: 0,
        travelLocation: null,
        comment: null,
      },
      i18n.t,
    )
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
