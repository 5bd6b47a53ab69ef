import { describe, expect, it } from 'vitest'
import { matchScore, rankByMatch } from './search'

describe('the global search’s order', () => {
  it.each([
    ['Sven Säljare', 'sven', 2],
    ['Karin Svensson', 'sven', 1],
    ['Sven', 'SVEN', 3],
    ['Åsa Öberg', 'asa oberg', 3],
    ['Åsa Öberg', 'öb', 1],
    ['Anna-Karin Lund', 'karin', 2],
    ['Storgatan 1', 'gatan', 0],
    ['Bo Ek', 'ek bo', 1],
  ] as const)('%s for "%s" scores %i', (title, typed, score) => expect(matchScore(title, typed)).toBe(score))

  it('puts the kind with the exact person first, and its best hit first within it', () => {
    const hits = [
      { kind: 'customer', title: 'Karin Svensson' },
      { kind: 'customer', title: 'Sven Svensson' },
      { kind: 'saleReport', title: 'Olle Svenning' },
      { kind: 'person', title: 'Svenja Berg' },
      { kind: 'person', title: 'Sven' },
    ] as const
    const ranked = rankByMatch(['customer', 'saleReport', 'order', 'person'], hits, 'sven')
    expect(ranked.kinds).toEqual(['person', 'customer', 'saleReport', 'order'])
    expect(ranked.hits.map((h) => h.title)).toEqual(['Sven', 'Svenja Berg', 'Sven Svensson', 'Karin Svensson', 'Olle Svenning'])
  })
})
