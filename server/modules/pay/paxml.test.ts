import { describe, expect, it } from 'vitest'
import { paxmlProblems, paxmlWriter, type PaxmlPay, type PaxmlTime } from './paxml'

type Line = ({ kind: 'time' } & PaxmlTime) | ({ kind: 'pay' } & PaxmlPay)

/** The document the writer makes for some lines, with small blocks forced by a long run of lines. */
async function write(lines: Line[], ownCodes: Array<{ code: string; name: string }> = []) {
  const blocks: string[] = []
  const paxml = paxmlWriter(async (block) => void blocks.push(block), { month: '2031-05', exportedAt: '2031-06-01T08:00:00+02:00', ownCodes })
  for (const line of lines) await (line.kind === 'time' ? paxml.time(line) : paxml.pay(line))
  await paxml.end()
  return { document: blocks.join(''), blocks: blocks.length }
}

const HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><paxml xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.paxml.se/2.0/paxml.xsd">' +
  '<header><format>LÖNIN</format><version>2.0</version><datum>2031-06-01T08:00:00+02:00</datum><programnamn>Säljkraft</programnamn><info>Lön 2031-05</info></header>'

const time = (employeeId: string, code: string, date: string, hours: number): Line => ({ kind: 'time', employeeId, code, date, hours })
const pay = (employeeId: string, code: string, text: string, quantity: number | null, amountOre: number | null): Line => ({
  kind: 'pay',
  employeeId,
  code,
  text,
  date: '2031-05-31',
  quantity,
  amountOre,
})

describe('the PAXml 2.0 writer', () => {
  it.each<[string, Line[], Array<{ code: string; name: string }>, string]>([
    ['no lines: the header only', [], [], `${HEAD}</paxml>`],
    [
      'a day worked, then commission: each section opened once, posts numbered through the file',
      [time('E1', 'ARB', '2031-05-02', 7.5), time('E1', 'SJK', '2031-05-03', 8), pay('E1', 'PROV', 'Provision', null, 123456)],
      [],
      `${HEAD}<tidtransaktioner><tidtrans anstid="E1" postid="1"><tidkod>ARB</tidkod><datum>2031-05-02</datum><timmar>7.5</timmar></tidtrans>` +
        `<tidtrans anstid="E1" postid="2"><tidkod>SJK</tidkod><datum>2031-05-03</datum><timmar>8</timmar></tidtrans></tidtransaktioner>` +
        `<lonetransaktioner><lonetrans anstid="E1" postid="3"><lonkod>PROV</lonkod><benamning>Provision</benamning><datum>2031-05-31</datum><belopp>1234.56</belopp></lonetrans></lonetransaktioner></paxml>`,
    ],
    [
      'per diem: a quantity and no amount; a negative amount in kronor; a long text cut at 60',
      [pay('E2', 'TRAKT', 'Traktamente', 3, null), pay('E2', 'PROV', `Provision, ånger ${'x'.repeat(80)}`, null, -5000)],
      [],
      `${HEAD}<lonetransaktioner><lonetrans anstid="E2" postid="1"><lonkod>TRAKT</lonkod><benamning>Traktamente</benamning><datum>2031-05-31</datum><antal>3</antal></lonetrans>` +
        `<lonetrans anstid="E2" postid="2"><lonkod>PROV</lonkod><benamning>Provision, ånger ${'x'.repeat(43)}</benamning><datum>2031-05-31</datum><belopp>-50.00</belopp></lonetrans></lonetransaktioner></paxml>`,
    ],
    [
      'the organisation’s own codes: FR1–9 only, each once with its first name, escaped',
      [],
      [
        { code: 'FR1', name: 'Bonus & extra' },
        { code: 'PROV', name: 'Provision' },
        { code: 'FR1', name: 'Another name' },
        { code: 'FR2', name: 'Tävling' },
      ],
      `${HEAD}<koder><kod id="FR1" namn="Bonus &amp; extra"/><kod id="FR2" namn="Tävling"/></koder></paxml>`,
    ],
  ])('%s', async (_, lines, codes, expected) => {
    const { document } = await write(lines, codes)
    expect(document).toBe(expected)
  })

  it('writes a month of a large office in blocks, and the file is valid against the official schema', async () => {
    const lines: Line[] = []
    for (let person = 1; person <= 400; person++)
      for (let day = 1; day <= 20; day++) lines.push(time(`E${person}`, 'ARB', `2031-05-${String(day).padStart(2, '0')}`, 8))
    for (let person = 1; person <= 400; person++) lines.push(pay(`E${person}`, 'PROVISION', 'Provision', null, 100 * person))
    const { document, blocks } = await write(lines, [{ code: 'FR1', name: 'Provision' }])
    expect(blocks).toBeGreaterThan(1)
    expect(document.match(/<tidtrans /g)).toHaveLength(8000)
    expect(document.match(/<lonetrans /g)).toHaveLength(400)
    expect(document).toContain('<lonetrans anstid="E400" postid="8400">')
    expect(await paxmlProblems(document)).toEqual([])
  })
})
