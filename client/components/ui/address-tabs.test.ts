import { describe, expect, it } from 'vitest'
import { addressOfTab, tabOf } from './address-tabs'

const TABS = ['reports', 'attestation'] as const
const q = (s: string) => new URLSearchParams(s)

describe('a screen’s tab in its address', () => {
  it.each([
    ['', 'reports'],
    ['tab=attestation', 'attestation'],
    ['tab=nonsense', 'reports'],
    ['tab=', 'reports'],
    ['month=2026-10&tab=attestation', 'attestation'],
  ])('?%s opens %s', (search, tab) => {
    expect(tabOf(TABS, q(search))).toBe(tab)
  })

  it.each([
    // The first tab is the address without `tab`.
    ['tab=attestation', 'reports', [], ''],
    ['', 'attestation', [], 'tab=attestation'],
    // What the tabs share stays; the left tab's filters, page and sort go with it.
    ['month=2026-10&officeId=o1&userId=u1&page=3&sortBy=date', 'attestation', ['month', 'officeId', 'teamId'], 'tab=attestation&month=2026-10&officeId=o1'],
    ['tab=attestation&month=2026-10&teamId=t1', 'reports', ['month', 'officeId', 'teamId'], 'month=2026-10&teamId=t1'],
    ['month=2026-10&status=open', 'attestation', [], 'tab=attestation'],
  ])('from ?%s to %s, sharing %j: ?%s', (from, next, shared, to) => {
    expect(addressOfTab(TABS, shared, q(from), next).toString()).toBe(to)
  })
})
