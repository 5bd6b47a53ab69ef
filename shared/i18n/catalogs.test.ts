import { describe, expect, it } from 'vitest'
import { CATALOGS, pickLanguage, translator } from '.'
import { LANGUAGES } from './languages'
import { NAMESPACES } from './namespaces'

const LANGUAGE_CODES = LANGUAGES.map((l) => l.code)

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

/**
 * Counting texts (issue 41: "1 dagar", "1 days", "1 päivää"): a text with {{count}} has its singular and plural forms
 * (`_one`, `_other`, chosen by the count as i18next does), unless the count stands where no word agrees with it.
 */
describe('plurals', () => {
  const NO_AGREEMENT = new Set([
    'table.filtersActive', // "Filter (3)"
    'table.selected', // "3 markerade": the participle agrees with no noun
    'notifications.unreadLabel',
    'errors.too_many_devices', // at least the limit
    'errors.too_many_downloads', // the limit (two)
    'userAdmin.import.errorsShown',
    'userAdmin.import.errors.tooManyRows', // more than the limit
    'termsAdmin.answers.pending',
    'termsAdmin.answers.accepted',
    'termsAdmin.answers.declined',
    'profile.signOutOthersConfirm', // "Andra enheter (3)"
    'pay.attestation.attestSelected',
    'pay.attestation.done',
    'pay.payroll.moreProblems',
    'game.shop.left',
    'assistant.period.ago', // the unit is its own word, already in the count's form
    'assistant.top',
    'assistant.bottom',
  ])
  it('every text that counts something has a singular and a plural, in every language', () => {
    for (const lang of ['sv', 'en', 'fi'] as const) {
      const all = keys(CATALOGS[lang])
      const t = translator(lang)
      for (const key of all) {
        if (/_(one|other)$/.test(key) || !t(key).includes('{{count}}')) continue
        expect(NO_AGREEMENT.has(key), `${lang}: ${key} counts without a singular form`).toBe(true)
      }
    }
  })
  it.each([
    ['sv', '1 dag', '3 dagar'],
    ['en', '1 day', '3 days'],
    ['fi', '1 päivä', '3 päivää'],
  ] as const)('%s: a sick period of one day and of three', (lang, one, three) => {
    const t = translator(lang)
    expect(t('pay.sick.dayCount', { count: 1 })).toBe(one)
    expect(t('pay.sick.dayCount', { count: 3 })).toBe(three)
  })
})

describe('the namespaces', () => {
  // Every catalog file, as the client loads them (client/lib/i18n.ts globs the same files).
  const files = import.meta.glob<Record<string, object>>('./*/*.ts', { eager: true })

  it.each(LANGUAGE_CODES)('%s has one file per namespace, each exporting its catalog alone', (lang) => {
    for (const ns of NAMESPACES) {
      const module = files[`./${lang}/${ns}.ts`]
      expect(module, `${lang}/${ns}.ts`).toBeDefined()
      expect(Object.keys(module!), `${lang}/${ns}.ts`).toHaveLength(1)
    }
    expect(Object.keys(files).filter((f) => f.startsWith(`./${lang}/`))).toHaveLength(NAMESPACES.length)
  })

  it('never define the same key twice (a key is found in whichever namespace is loaded, unprefixed)', () => {
    const owner = new Map<string, string>()
    for (const ns of NAMESPACES) {
      for (const key of keys(Object.values(files[`./sv/${ns}.ts`]!)[0])) {
        expect(owner.get(key), `${key} is in ${owner.get(key)} and ${ns}`).toBeUndefined()
        owner.set(key, ns)
      }
    }
  })
})
