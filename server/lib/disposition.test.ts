import { parse } from 'content-disposition'
import { describe, expect, it } from 'vitest'
import { dispositionOf } from './disposition'

/**
 * Content-Disposition as RFC 6266 and RFC 8187 define it, read back by a reference parser (jshttp's
 * content-disposition `parse`, which implements RFC 6266's grammar) and checked against RFC 8187's `ext-value` ABNF.
 */
// RFC 8187 §3.2.1: ext-value = charset "'" [ language ] "'" value-chars; value-chars = *( pct-encoded / attr-char );
// attr-char = ALPHA / DIGIT / "!" / "#" / "$" / "&" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~"
const EXT_VALUE = /^UTF-8''(?:%[0-9A-F]{2}|[A-Za-z0-9!#$&+\-.^_`|~])*$/

describe('a download’s name in Content-Disposition', () => {
  it.each([
    'franvaro-2026-10-01-2026-10-31.xlsx',
    'lön (oktober) *slut*.csv',
    "O'Neil's avtal.pdf",
    'Åsa Öberg – anställningsavtal.pdf',
    'a"b\\c.csv',
    '100% klart.csv',
    'foo-%41.html',
    'Säljrapport 2026-11 (alla).xlsx',
    '日本語.pdf',
    'tab\there.csv',
  ])('%s', (name) => {
    const header = dispositionOf('attachment', name)
    const read = parse(header)
    expect(read.type).toBe('attachment')
    expect(read.parameters.filename).toBe(name)
    const ext = /filename\*=([^;]+)/.exec(header)?.[1]
    if (ext) expect(ext).toMatch(EXT_VALUE)
    // The plain `filename` a client without RFC 8187 reads is ASCII (ISO-8859-1's printable part) in a quoted-string.
    const plain = /filename="((?:[^"\\]|\\.)*)"|filename=([^;]+)/.exec(header)!
    expect(plain[0]).toMatch(/^[\x20-\x7e]*$/)
  })

  it('is inline for what is shown in place, with the same name', () => {
    const read = parse(dispositionOf('inline', 'Bild ö.png'))
    expect([read.type, read.parameters.filename]).toEqual(['inline', 'Bild ö.png'])
  })

  it('reads the RFC 6266 section 5 examples as that section says', () => {
    expect(parse('Attachment; filename=example.html')).toEqual({ type: 'attachment', parameters: { filename: 'example.html' } })
    expect(parse('INLINE; FILENAME= "an example.html"')).toEqual({ type: 'inline', parameters: { filename: 'an example.html' } })
    expect(parse("attachment; filename*= UTF-8''%e2%82%ac%20rates").parameters.filename).toBe('€ rates')
    expect(parse('attachment; filename="EURO rates"; filename*=utf-8\'\'%e2%82%ac%20rates').parameters.filename).toBe('€ rates')
  })
})
