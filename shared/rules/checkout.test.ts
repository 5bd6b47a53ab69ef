import { describe, expect, it } from 'vitest'
import { checkoutBlocking, openSickOccasion } from './checkout'

// 2026-11-20 in Stockholm (UTC+1): 09:00 and 17:00 local
const morning = Date.parse('2026-11-20T08:00:00Z')
const evening = Date.parse('2026-11-20T16:00:00Z')
const nextMorning = Date.parse('2026-11-21T08:00:00Z')

describe('daily checkout rule', () => {
  const checkout = { date: '2026-11-20', checkedOutAt: evening }

  it('blocks a sale made after the checkout the same day', () => {
    expect(checkoutBlocking(evening + 60_000, [checkout])).toEqual(checkout)
  })
  it('accepts a sale made before the checkout, whenever it arrives', () => {
    expect(checkoutBlocking(morning, [checkout])).toBeNull()
  })
  it('accepts sales on another day', () => {
    expect(checkoutBlocking(nextMorning, [checkout])).toBeNull()
  })
  it('counts days in Stockholm time, not UTC', () => {
    // 23:30 UTC on the 20th is 00:30 on the 21st in Stockholm: a new day
    expect(checkoutBlocking(Date.parse('2026-11-20T23:30:00Z'), [checkout])).toBeNull()
  })
})

describe('sick notice once per occasion', () => {
  const notice = { date: '2026-11-18', sentAt: Date.parse('2026-11-18T06:00:00Z') }
  it('no notice: no open occasion', () => {
    expect(openSickOccasion([], [])).toBeNull()
  })
  it('a notice opens an occasion that stays open while the seller is away', () => {
    expect(openSickOccasion([notice], [{ date: '2026-11-19', present: false }])).toEqual(notice)
  })
  it('a day at work after the notice closes it', () => {
    expect(openSickOccasion([notice], [{ date: '2026-11-20', present: true }])).toBeNull()
  })
  it('a day at work before the notice does not', () => {
    expect(openSickOccasion([notice], [{ date: '2026-11-17', present: true }])).toEqual(notice)
  })
})
