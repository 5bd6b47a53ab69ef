import { describe, expect, it } from 'vitest'
import { customerKeyOf, daysApart, isPossibleDouble, shiftDay, type DoubleCandidate } from './double-sales'

const base: DoubleCandidate = { id: 'a', customerKey: 'p198112189876', providerId: 'tele', sellDate: '2026-11-02', productIds: ['fiber', 'router'] }

describe('possible double sales', () => {
  it.each<[string, Partial<DoubleCandidate>, number, boolean]>([
    ['the same customer, provider and product the same day', {}, 30, true],
    ['one shared product of several', { productIds: ['router', 'tv'] }, 30, true],
    ['exactly the window apart', { sellDate: '2026-12-02' }, 30, true],
    ['a day past the window', { sellDate: '2026-12-03' }, 30, false],
    ['before, within the window', { sellDate: '2026-10-10' }, 30, true],
    ['a one-day window, the next day', { sellDate: '2026-11-03' }, 1, true],
    ['a one-day window, two days later', { sellDate: '2026-11-04' }, 1, false],
    ['another customer', { customerKey: 'p195603142422' }, 30, false],
    ['a company with the same digits is another customer', { customerKey: 'o811218-9876' }, 30, false],
    ['another provider', { providerId: 'power' }, 30, false],
    ['no product in common', { productIds: ['tv'] }, 30, false],
    ['a sale without a customer key', { customerKey: null }, 30, false],
  ])('%s → %s', (_, change, window, expected) => {
    const other = { ...base, id: 'b', ...change }
    expect(isPossibleDouble(base, other, window)).toBe(expected)
    expect(isPossibleDouble(other, base, window)).toBe(expected)
  })

  it('a sale is never its own double', () => {
    expect(isPossibleDouble(base, base, 30)).toBe(false)
  })

  it.each([
    [{ customerType: 'private' as const, customerSsn: '198112189876', orgNumber: null }, 'p198112189876'],
    [{ customerType: 'company' as const, customerSsn: null, orgNumber: '556677-8899' }, 'o556677-8899'],
    [{ customerType: 'company' as const, customerSsn: '198112189876', orgNumber: null }, null],
    [{ customerType: 'private' as const, customerSsn: null, orgNumber: '556677-8899' }, null],
  ])('the customer key of %o is %s', (sale, key) => {
    expect(customerKeyOf(sale)).toBe(key)
  })

  it('counts days across months and years, in either order', () => {
    expect(daysApart('2026-12-30', '2027-01-02')).toBe(3)
    expect(daysApart('2027-01-02', '2026-12-30')).toBe(3)
    expect(daysApart('2026-03-28', '2026-03-30')).toBe(2)
    expect(shiftDay('2026-12-30', 3)).toBe('2027-01-02')
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28')
  })
})
