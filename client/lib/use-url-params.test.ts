import { describe, expect, it } from 'vitest'
import { withParams } from './use-url-params'

describe('an address with changes made', () => {
  it.each([
    ['', { team: 't1' }, 'team=t1'],
    ['team=t1&month=2026-10', { team: 't2' }, 'team=t2&month=2026-10'],
    ['team=t1&month=2026-10', { team: undefined }, 'month=2026-10'],
    ['team=t1&month=2026-10', { team: '' }, 'month=2026-10'],
    ['month=2026-10', { team: 't1', office: 'o1', month: undefined }, 'team=t1&office=o1'],
    ['month=2026-10', {}, 'month=2026-10'],
  ])('?%s with %j is ?%s', (from, changes, to) => {
    const current = new URLSearchParams(from)
    expect(withParams(current, changes).toString()).toBe(to)
    // The address it started from is left as it was.
    expect(current.toString()).toBe(from)
  })
})
