import { describe, expect, it } from 'vitest'
import { searchTextOf } from './deviations'

describe('a deviation’s search text', () => {
  it.each([
    [{ customerName: 'Åsa Öberg', companyName: null, externalOrderNumber: null }, 'åsa öberg  '],
    [{ customerName: 'Lars Ek', companyName: 'Ek Bygg AB', externalOrderNumber: 'FL-1002' }, 'lars ek ek bygg ab fl-1002'],
    [{ customerName: 'ÄNGEL', companyName: null, externalOrderNumber: 'ext-9' }, 'ängel  ext-9'],
  ])('%o → "%s"', (sale, text) => {
    expect(searchTextOf(sale)).toBe(text)
  })
})
