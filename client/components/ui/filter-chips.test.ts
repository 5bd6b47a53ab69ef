import { describe, expect, it } from 'vitest'
import { chipsOf, toggleChip } from './filter-chips'

const ORDER = ['open', 'corrected', 'resolved'] as const
const WAITING = ['open', 'corrected'] as const

describe('a list’s chip filter in the address', () => {
  it.each([
    [undefined, [], []],
    ['', [], []],
    ['resolved', [], ['resolved']],
    ['resolved,open', [], ['resolved', 'open']],
    ['nonsense', [], []],
    ['nonsense,open', [], ['open']],
    [undefined, WAITING, ['open', 'corrected']],
    ['resolved', WAITING, ['resolved']],
  ] as const)('%j with default %j is %j', (value, defaults, expected) => {
    expect([...chipsOf(value, ORDER, defaults)]).toEqual(expected)
  })

  it.each([
    // No default: the chosen chips, in the list's order; none chosen is nothing in the address.
    [[], 'resolved', [], 'resolved'],
    [['resolved'], 'open', [], 'open,resolved'],
    [['open', 'resolved'], 'open', [], 'resolved'],
    [['open'], 'open', [], undefined],
    // A work list's default (the waiting states) is left out of the address, however it was reached.
    [['open', 'corrected'], 'resolved', WAITING, 'open,corrected,resolved'],
    [['open', 'corrected', 'resolved'], 'resolved', WAITING, undefined],
    [['open'], 'corrected', WAITING, undefined],
    [['open', 'corrected'], 'open', WAITING, 'corrected'],
    [['corrected'], 'corrected', WAITING, undefined],
  ] as const)('%j toggling %s (default %j) gives %j', (chosen, value, defaults, expected) => {
    expect(toggleChip(new Set<(typeof ORDER)[number]>(chosen), value, ORDER, defaults)).toBe(expected)
  })
})
