import { describe, expect, it } from 'vitest'
import { CATALOGS, pickLanguage, translator } from '.'

function keys(node: unknown, prefix = ''): string[] {
  if (typeof node === 'string') return [prefix]
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort()
}

describe('the three catalogs', () => {
  const sv = keys(CATALOGS.sv).sort()

  it.each(['en', 'fi'] as const)('%s has exactly the Swedish keys', (lang) => {
    expect(keys(CATALOGS[lang]).sort()).toEqual(sv)
  })

  it.each(['en', 'fi'] as const)('%s uses the same {{placeholders}} as Swedish', (lang) => {
    const tSv = translator('sv')
    const tx = translator(lang)
    for (const key of sv) expect(placeholders(tx(key)), `${lang}: ${key}`).toEqual(placeholders(tSv(key)))
  })

  it('has no empty strings', () => {
    for (const lang of ['sv', 'en', 'fi'] as const) {
      const t = translator(lang)
      for (const key of sv) expect(t(key).trim(), `${lang}: ${key}`).not.toBe('')
    }
  })
})

describe('language choice', () => {
  it.each([
    [undefined, 'sv'],
    ['', 'sv'],
    ['en-GB,en;q=0.9', 'en'],
    ['de-DE,fi;q=0.8,en;q=0.5', 'fi'],
    ['de', 'sv'],
    ['en;q=0.2,sv;q=0.9', 'sv'],
  ])('Accept-Language %s → %s', (header, expected) => {
    expect(pickLanguage(header)).toBe(expected)
  })

  it('fills placeholders and falls back to the key', () => {
    expect(translator('en')('errors.too_many_requests', { seconds: 30 })).toBe('Too many attempts. Wait 30 seconds and try again.')
    expect(translator('sv')('no.such.key')).toBe('no.such.key')
  })
})
