import { describe, expect, it } from 'vitest'
import type { RouteName } from '../../shared/routes'
import { MAX_SHORTCUTS, defaultShortcuts, loadShortcuts, saveShortcuts } from './shortcuts'

function memory() {
  const data = new Map<string, string>()
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) }
}
const seller: RouteName[] = ['sales-create', 'sales-list', 'sales-daily-checkout', 'sales-time-report', 'sales-salary-calculator', 'users-profile']

describe('navbar shortcuts', () => {
  it('start from suggestions the user may open', () => {
    expect(defaultShortcuts(seller)).toEqual(['sales-create', 'sales-daily-checkout', 'sales-time-report', 'sales-list'])
    expect(defaultShortcuts(['users-profile', 'user-admin-users'])).toEqual(['user-admin-users', 'users-profile'])
  })

  it('keep the user’s choice per user, in order, without duplicates', () => {
    const s = memory()
    saveShortcuts(s, 'u1', ['sales-salary-calculator', 'sales-create', 'sales-create'])
    expect(loadShortcuts(s, 'u1', seller)).toEqual(['sales-salary-calculator', 'sales-create'])
    expect(loadShortcuts(s, 'u2', seller)).toEqual(defaultShortcuts(seller))
  })

  it('drop screens the user may no longer open, and unreadable data', () => {
    const s = memory()
    saveShortcuts(s, 'u1', ['user-admin-users', 'sales-create'])
    expect(loadShortcuts(s, 'u1', seller)).toEqual(['sales-create'])
    s.setItem('shortcuts:u1', '{not json')
    expect(loadShortcuts(s, 'u1', seller)).toEqual(defaultShortcuts(seller))
  })

  it('hold at most eight', () => {
    const s = memory()
    const many = Array.from({ length: 12 }, () => seller).flat()
    saveShortcuts(s, 'u1', many)
    expect(loadShortcuts(s, 'u1', seller).length).toBeLessThanOrEqual(MAX_SHORTCUTS)
  })
})
