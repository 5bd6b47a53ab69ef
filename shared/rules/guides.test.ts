import { describe, expect, it } from 'vitest'
import { EVERYONE, type Audience } from '../schemas/guides'
import { acknowledgement, audienceAdmits, localized, mayReadGuide, missingLanguages, textLanguage, type Reader } from './guides'

const seller: Reader = { roleId: 'r-seller', officeId: 'o-sthlm', teamIds: ['t-a'], providerIds: ['p-tele'] }
const coach: Reader = { roleId: 'r-coach', officeId: 'o-sthlm', teamIds: ['t-a', 't-b'], providerIds: ['p-tele', 'p-el'] }
const homeless: Reader = { roleId: 'r-seller', officeId: null, teamIds: [], providerIds: [] }
const aud = (a: Partial<Audience>): Audience => ({ ...EVERYONE, ...a })

describe('who reads a guide', () => {
  it.each([
    ['everyone', EVERYONE, seller, true],
    ['everyone, even without an office', EVERYONE, homeless, true],
    ['the role', aud({ roles: ['r-seller'] }), seller, true],
    ['another role', aud({ roles: ['r-coach'] }), seller, false],
    ['one of the roles', aud({ roles: ['r-coach', 'r-seller'] }), seller, true],
    ['the office', aud({ offices: ['o-sthlm'] }), seller, true],
    ['another office', aud({ offices: ['o-gbg'] }), seller, false],
    ['an office, for a reader without one', aud({ offices: ['o-sthlm'] }), homeless, false],
    ['one of the teams', aud({ teams: ['t-b'] }), coach, true],
    ['a team the reader is not in', aud({ teams: ['t-b'] }), seller, false],
    ['the provider of a team', aud({ providers: ['p-el'] }), coach, true],
    ['a provider no team sells for', aud({ providers: ['p-el'] }), seller, false],
    ['role and office together', aud({ roles: ['r-seller'], offices: ['o-sthlm'] }), seller, true],
    ['role right, office wrong', aud({ roles: ['r-seller'], offices: ['o-gbg'] }), seller, false],
    ['office right, provider wrong', aud({ offices: ['o-sthlm'], providers: ['p-el'] }), seller, false],
  ])('%s', (_name, audience, reader, admitted) => {
    expect(audienceAdmits(audience, reader)).toBe(admitted)
  })

  it('needs both the category and the guide to admit the reader', () => {
    expect(mayReadGuide(EVERYONE, aud({ teams: ['t-a'] }), seller)).toBe(true)
    expect(mayReadGuide(aud({ roles: ['r-coach'] }), EVERYONE, seller)).toBe(false)
    expect(mayReadGuide(EVERYONE, aud({ roles: ['r-coach'] }), seller)).toBe(false)
  })
})

describe('languages', () => {
  const texts = { sv: 'Hej', en: 'Hello', fi: null }
  it.each([
    ['sv', 'sv'],
    ['en', 'en'],
    ['fi', 'sv'],
  ] as const)('a %s reader reads %s', (wanted, got) => {
    expect(textLanguage(texts, wanted)).toBe(got)
    expect(localized(texts, wanted)).toBe(texts[got])
  })
  it('an empty translation falls back to Swedish', () => {
    expect(localized({ sv: 'Säljare', en: '  ', fi: null }, 'en')).toBe('Säljare')
  })
  it('lists the languages that are missing', () => {
    expect(missingLanguages(['sv'])).toEqual(['en', 'fi'])
    expect(missingLanguages(['sv', 'en'])).toEqual(['fi'])
    expect(missingLanguages(['sv', 'fi', 'en'])).toEqual([])
  })
})

describe('acknowledgement', () => {
  it.each([
    ['not must-read, never read', false, 3, null, { acknowledged: null, newVersion: false }],
    ['not must-read, older version read', false, 3, 2, { acknowledged: null, newVersion: true }],
    ['must-read, never acknowledged', true, 1, null, { acknowledged: false, newVersion: false }],
    ['must-read, current acknowledged', true, 2, 2, { acknowledged: true, newVersion: false }],
    ['must-read, a new version since', true, 3, 2, { acknowledged: false, newVersion: true }],
  ] as const)('%s', (_n, mustRead, current, acked, expected) => {
    expect(acknowledgement(mustRead, current, acked)).toEqual(expected)
  })
})
