import { describe, expect, it } from 'vitest'
import { csvCell, toCsv } from './csv'

describe('a CSV cell a spreadsheet program opens', () => {
  it.each<[string, Parameters<typeof csvCell>[0], string]>([
    ['a formula', '=1+2', "'=1+2"],
    ['a sum with a plus', '+SUM(1;2)', "'+SUM(1;2)"],
    ['a sum with a minus', '-1+1', "'-1+1"],
    ['an at-function', '@SUM(1;2)', "'@SUM(1;2)"],
    ['a leading tab', '\t=1+2', "'\t=1+2"],
    ['a leading carriage return', '\r=1+2', "'\r=1+2"],
    ['a hyperlink formula', '=HYPERLINK("https://example.com","klicka")', '\'=HYPERLINK("https://example.com","klicka")'],
    ['a negative amount as text', '-12,50', '-12,50'],
    ['a phone number with +', '+46701234567', '+46701234567'],
    ['a negative number', -1.5, '-1.5'],
    ['a name', 'Åsa Öberg', 'Åsa Öberg'],
    ['a formula sign inside', 'Anna=Berg', 'Anna=Berg'],
    ['nothing', null, ''],
    ['a boolean', true, 'true'],
  ])('%s', (_name, value, expected) => {
    expect(csvCell(value)).toBe(expected)
  })

  it('a whole file: quotes what needs quoting, keeps å ä ö, and defuses formulas', () => {
    const csv = toCsv(
      ['Namn', 'Anteckning', 'Timmar'],
      [
        ['Åsa Öberg', 'säger "hej"; igen', 8],
        ['=HYPERLINK("x")', null, -2],
      ],
    )
    expect(csv.startsWith('\uFEFF')).toBe(true)
    expect(csv.slice(1).split('\r\n')).toEqual(['Namn;Anteckning;Timmar', 'Åsa Öberg;"säger ""hej""; igen";8', `"'=HYPERLINK(""x"")";;-2`])
  })
})
