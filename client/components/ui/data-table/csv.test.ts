import { describe, expect, it } from 'vitest'
import { toCsv } from './csv'

describe('toCsv', () => {
  it('quotes what needs quoting, keeps å ä ö, and defuses formulas', () => {
    const csv = toCsv(
      ['Namn', 'Anteckning'],
      [
        ['Åsa Öberg', 'säger "hej"; igen'],
        ['=HYPERLINK("x")', null],
      ],
    )
    expect(csv.startsWith('\uFEFF')).toBe(true)
    expect(csv.slice(1).split('\r\n')).toEqual(['Namn;Anteckning', 'Åsa Öberg;"säger ""hej""; igen"', `"'=HYPERLINK(""x"")";`])
  })
})
