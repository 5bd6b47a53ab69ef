import { describe, expect, it } from 'vitest'
import type { SaleStatus } from './sale'
import {
  DEFAULT_QUALITY_STEPS,
  difference,
  earned,
  levelOf,
  levelsCrossed,
  neighbourhood,
  rankOf,
  periodKey,
  periodRange,
  qualityWeightPercent,
  salePoints,
  type Level,
} from './game'

describe('what a sale earns (decision 052)', () => {
  const points: Record<string, number> = { alarm: 30, smoke: 5, lock: 0 }
  const pointsOf = (id: string) => points[id] ?? 0

  it.each([
    ['one line', [{ productId: 'alarm', quantity: 1 }], 30],
    ['quantities multiply', [{ productId: 'smoke', quantity: 3 }], 15],
    [
      'lines add up',
      [
        { productId: 'alarm', quantity: 2 },
        { productId: 'smoke', quantity: 1 },
      ],
      65,
    ],
    ['a product without points', [{ productId: 'lock', quantity: 4 }], 0],
    ['a product the catalog does not know', [{ productId: 'gone', quantity: 1 }], 0],
    ['no lines', [], 0],
  ])('points: %s', (_name, lines, expected) => {
    expect(salePoints(lines, pointsOf)).toBe(expected)
  })

  it.each([
    [null, 100],
    [1000, 150],
    [850, 150],
    [849, 125],
    [700, 125],
    [699, 100],
    [500, 100],
    [499, 50],
    [0, 50],
  ])('the quality weight of a score of %s tenths is %s %%', (score, weight) => {
    expect(qualityWeightPercent(score, DEFAULT_QUALITY_STEPS)).toBe(weight)
  })

  it.each<[string, SaleStatus, number, number | null, { xp: number; coins: number }]>([
    ['approved, not surveyed', 'approved', 30, null, { xp: 30, coins: 30 }],
    ['approved, excellent (×1.5)', 'approved', 30, 900, { xp: 45, coins: 30 }],
    ['approved, good (×1.25): 11 × 1.25 = 13.75 → 14', 'approved', 11, 750, { xp: 14, coins: 11 }],
    ['approved, good: 10 × 1.25 = 12.5 rounds half up → 13', 'approved', 10, 700, { xp: 13, coins: 10 }],
    ['approved, poor (×0.5): 5 × 0.5 = 2.5 → 3', 'approved', 5, 200, { xp: 3, coins: 5 }],
    ['approved, no points', 'approved', 0, 900, { xp: 0, coins: 0 }],
    ['waiting for approval', 'finalized', 30, null, { xp: 0, coins: 0 }],
    ['flagged', 'flagged', 30, null, { xp: 0, coins: 0 }],
    ['unanswered', 'unanswered', 30, null, { xp: 0, coins: 0 }],
    ['regret', 'regret', 30, 900, { xp: 0, coins: 0 }],
    ['deviation', 'deviation', 30, null, { xp: 0, coins: 0 }],
    ['absence', 'absence', 30, null, { xp: 0, coins: 0 }],
  ])('%s', (_name, status, salePoints, score, expected) => {
    expect(earned({ status, points: salePoints, scoreTenths: score })).toEqual(expected)
  })

  it('the ledger writes the difference from what is booked, and nothing when they agree', () => {
    // Approved: +30 XP, +30 coins.
    expect(difference({ xp: 30, coins: 30 }, { xp: 0, coins: 0 })).toEqual({ xp: 30, coins: 30 })
    // Graded excellent afterwards: 15 more XP, no coins.
    expect(difference({ xp: 45, coins: 30 }, { xp: 30, coins: 30 })).toEqual({ xp: 15, coins: 0 })
    // Regretted: everything back.
    expect(difference({ xp: 0, coins: 0 }, { xp: 45, coins: 30 })).toEqual({ xp: -45, coins: -30 })
    // The same event again: no row.
    expect(difference({ xp: 45, coins: 30 }, { xp: 45, coins: 30 })).toBeNull()
  })

  it('replaying a sale’s events in any order with repeats books what its last state earns', () => {
    type Step = { status: SaleStatus; scoreTenths: number | null }
    const history: Step[] = [
      { status: 'finalized', scoreTenths: null },
      { status: 'approved', scoreTenths: null },
      { status: 'approved', scoreTenths: 900 },
      { status: 'regret', scoreTenths: 900 },
      { status: 'approved', scoreTenths: 900 },
    ]
    const replay = (steps: Step[]) => {
      const booked = { xp: 0, coins: 0 }
      let rows = 0
      for (const step of steps) {
        const row = difference(earned({ ...step, points: 20 }), booked)
        if (!row) continue
        rows++
        booked.xp += row.xp
        booked.coins += row.coins
      }
      return { booked, rows }
    }
    const once = replay(history)
    expect(once.booked).toEqual({ xp: 30, coins: 20 })
    // The whole history replayed after itself ends where it ended.
    expect(replay([...history, ...history]).booked).toEqual(once.booked)
    // Every event delivered twice in a row: the second of each pair writes nothing.
    const doubled = replay(history.flatMap((s) => [s, s]))
    expect(doubled).toEqual(once)
  })
})

describe('levels', () => {
  const levels: Level[] = [
    { number: 1, name: 'Rookie', requiredXp: 0 },
    { number: 2, name: 'Closer', requiredXp: 100 },
    { number: 3, name: 'Pro', requiredXp: 300 },
  ]

  it.each([
    [0, 1, 2, 100, 0],
    [50, 1, 2, 50, 50],
    [99, 1, 2, 1, 99],
    [100, 2, 3, 200, 0],
    [250, 2, 3, 50, 75],
    [300, 3, null, null, 100],
    [5000, 3, null, null, 100],
  ])('%s XP: level %s, next %s in %s XP, %s %% of the way', (xp, current, next, toNext, progress) => {
    const r = levelOf(xp, levels)
    expect(r.current?.number ?? null).toBe(current)
    expect(r.next?.number ?? null).toBe(next)
    expect(r.xpToNext).toBe(toNext)
    expect(r.progressPercent).toBe(progress)
  })

  it('below the first level: none yet, the first next', () => {
    const r = levelOf(5, [{ number: 1, name: 'Start', requiredXp: 10 }])
    expect(r).toMatchObject({ current: null, next: { number: 1 }, xpToNext: 5, progressPercent: 50 })
  })

  it('names the levels crossed on the way up, none on the way down', () => {
    expect(levelsCrossed(90, 320, levels).map((l) => l.number)).toEqual([2, 3])
    expect(levelsCrossed(100, 120, levels)).toEqual([])
    expect(levelsCrossed(99, 100, levels).map((l) => l.number)).toEqual([2])
    expect(levelsCrossed(320, 90, levels)).toEqual([])
  })
})

describe('periods', () => {
  it.each([
    ['2026-11-25', '2026-W48'],
    ['2026-11-23', '2026-W48'],
    ['2026-11-29', '2026-W48'],
    ['2025-12-29', '2026-W01'],
    ['2027-01-01', '2026-W53'],
    ['2021-01-03', '2020-W53'],
    ['2024-12-30', '2025-W01'],
  ])('%s is in ISO week %s', (day, key) => {
    expect(periodKey('week', day)).toBe(key)
  })

  it('keys and ranges of a day, a month and all time', () => {
    expect(periodKey('day', '2026-11-25')).toBe('2026-11-25')
    expect(periodKey('month', '2026-11-25')).toBe('2026-11')
    expect(periodKey('all', '2026-11-25')).toBe('all')
    expect(periodRange('week', '2026-11-25')).toEqual({ from: '2026-11-23', to: '2026-11-29' })
    expect(periodRange('week', '2027-01-01')).toEqual({ from: '2026-12-28', to: '2027-01-03' })
    expect(periodRange('month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' })
    expect(periodRange('day', '2026-11-25')).toEqual({ from: '2026-11-25', to: '2026-11-25' })
    expect(periodRange('all', '2026-11-25')).toBeNull()
  })
})

describe('the ranks around one’s own', () => {
  it.each([
    [null, 100, null],
    [3, 100, null],
    [10, 100, null],
    [11, 100, { from: 11, to: 16 }],
    [14, 100, { from: 11, to: 19 }],
    [40, 100, { from: 35, to: 45 }],
    [99, 100, { from: 94, to: 100 }],
    [101, 100, null],
  ])('rank %s of %s: %j', (rank, total, expected) => {
    expect(neighbourhood(rank, total)).toEqual(expected)
  })
})

describe('ranks by XP', () => {
  it.each([
    [[], []],
    [[100], [1]],
    [
      [100, 80, 60],
      [1, 2, 3],
    ],
    [
      [100, 80, 80, 60],
      [1, 2, 2, 4],
    ],
    [
      [50, 50, 50],
      [1, 1, 1],
    ],
    [
      [90, 90, 70, 70, 10],
      [1, 1, 3, 3, 5],
    ],
  ])('%j → %j', (xps, expected) => {
    expect(rankOf(xps.map((xp) => ({ xp })))).toEqual(expected)
  })
})
