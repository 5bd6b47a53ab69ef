import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { businessDay } from '../../../shared/rules/work'
import { activityOf } from '../../platform/activity-log'
import { recordEvents } from '../../test/fixtures'
import { createTestApp } from '../../test/harness'

/** The time-reports area's one write path, seen from outside: each change with its activity-log line and its event. */
const app = await createTestApp()
const received = recordEvents(app.events)

// A seller whose days start from nothing (the demo's sellers have theirs reported).
const seller = await app.newSeller({ firstName: 'Tea', lastName: 'Tidsson' })
const sellerId = seller.answer.userData.id
const push = app.device(seller.cookie).push
describe('a device’s time report, checkout and sick notice through the time-reports service', () => {
  it('a saved report, then its replacement, are two log lines (the second with the fields before) and two events', async () => {
    const date = '2026-11-02'
    const base = { date, present: true, workHours: 8, absenceHours: 0, absenceType: null, allowanceType: 0, travelLocation: null, comment: null }
    const id = randomUUID()
    await push('saveTimeReport', { id, ...base })
    await push('saveTimeReport', { id, ...base, workHours: 6, absenceHours: 2, absenceType: 'other', comment: 'Tandläkare' })
    await app.events.settled()
    const events = received.filter((e) => e.name === 'timeReport.saved' && e.payload.date === date)
    expect(events.map((e) => e.name === 'timeReport.saved' && e.payload.workHours)).toEqual([8, 6])
    const log = await activityOf(app.database, 'time_report', id)
    expect(log.map((l) => l.action)).toEqual(['updated', 'created'])
    expect(log[0]).toMatchObject({ before: { workHours: 8, absenceHours: 0, comment: null }, after: { workHours: 6, absenceHours: 2, comment: 'Tandläkare' } })
  })

  it('a checkout and a sick notice each raise their event once', async () => {
    const checkoutId = randomUUID()
    await push('checkout', { id: checkoutId, date: '2026-11-03', checkedOutAt: Date.parse('2026-11-03T17:00:00Z'), comment: null })
    await push('checkout', { id: checkoutId, date: '2026-11-03', checkedOutAt: Date.parse('2026-11-03T17:00:00Z'), comment: null })
    const noticeId = randomUUID()
    await push('createSickNotice', { id: noticeId, date: businessDay(Date.now()), message: null, sentAt: Date.now() })
    await app.events.settled()
    expect(received.filter((e) => e.name === 'checkout.done' && e.payload.checkoutId === checkoutId)).toHaveLength(1)
    expect(received.filter((e) => e.name === 'sickNotice.created' && e.payload.noticeId === noticeId)).toMatchObject([{ payload: { userId: sellerId } }])
  })
})
