import { describe, expect, it } from 'vitest'
import {
  DEFAULT_LEAD_CHOICES,
  campaignKey,
  guessLeadMapping,
  leadIdentityKey,
  leadMappingProblems,
  nixLastDay,
  nixRegistered,
  nixStatusColumn,
  nixUsable,
  normalizeBusinessId,
  verdictOf,
  type LeadReason,
} from './leads'

describe('lead lists: the rules without a library', () => {
  it('guesses a mapping from Swedish, Finnish and English headers, each column once', () => {
    expect(guessLeadMapping(['Namn', 'Personnummer', 'Telefon', 'Mobil', 'Gatuadress', 'Postnr', 'Postort', 'Kampanj'])).toEqual({
      name: 'Namn',
      identityNumber: 'Personnummer',
      phone1: 'Telefon',
      phone2: 'Mobil',
      address: 'Gatuadress',
      postalCode: 'Postnr',
      city: 'Postort',
      campaign: 'Kampanj',
    })
    // The headings an ordinary Swedish and Finnish list has, first and last name in two columns.
    expect(guessLeadMapping(['Förnamn', 'Efternamn', 'Personnr', 'Mobilnummer', 'Hemtelefon', 'Gata', 'Postnummer', 'Postort'])).toEqual({
      name: 'Förnamn',
      surname: 'Efternamn',
      identityNumber: 'Personnr',
      phone1: 'Mobilnummer',
      phone2: 'Hemtelefon',
      address: 'Gata',
      postalCode: 'Postnummer',
      city: 'Postort',
    })
    expect(guessLeadMapping(['Etunimi', 'Sukunimi', 'Henkilötunnus', 'Matkapuhelin', 'Kotipuhelin', 'Lähiosoite', 'Postinumero', 'Postitoimipaikka'])).toEqual({
      name: 'Etunimi',
      surname: 'Sukunimi',
      identityNumber: 'Henkilötunnus',
      phone1: 'Matkapuhelin',
      phone2: 'Kotipuhelin',
      address: 'Lähiosoite',
      postalCode: 'Postinumero',
      city: 'Postitoimipaikka',
    })
    expect(guessLeadMapping(['Nimi', 'Henkilötunnus', 'Puhelin', 'Osoite', 'Postinumero', 'Postitoimipaikka'])).toEqual({
      name: 'Nimi',
      identityNumber: 'Henkilötunnus',
      phone1: 'Puhelin',
      address: 'Osoite',
      postalCode: 'Postinumero',
      city: 'Postitoimipaikka',
    })
    expect(guessLeadMapping(['Full name', 'Phone', 'Home', 'Work', 'ZIP'])).toEqual({
      name: 'Full name',
      phone1: 'Phone',
      phone2: 'Home',
      phone3: 'Work',
      postalCode: 'ZIP',
    })
    expect(guessLeadMapping(['x', 'y'])).toEqual({})
  })

  it('finds a mapping’s problems against the file', () => {
    expect(leadMappingProblems({ phone1: 'Tel' }, ['Tel'])).toEqual({})
    expect(leadMappingProblems({ phone1: 'Tel', phone2: 'Tel' }, ['Tel'])).toEqual({ phone2: 'usedTwice' })
    expect(leadMappingProblems({ phone1: 'Telefon' }, ['Tel'])).toEqual({ phone1: 'missingColumn' })
    expect(leadMappingProblems({ name: 'Tel' }, ['Tel'])).toEqual({ mapping: 'noPhone' })
  })

  it.each<[LeadReason[], Partial<typeof DEFAULT_LEAD_CHOICES>, { keep: boolean; droppedFor: LeadReason | null; marks: LeadReason[] }]>([
    [[], {}, { keep: true, droppedFor: null, marks: [] }],
    [['customer'], {}, { keep: true, droppedFor: null, marks: ['customer'] }],
    [['customer'], { customer: 'drop' }, { keep: false, droppedFor: 'customer', marks: [] }],
    // counted once, by the first reason in order
    [['customer', 'duplicate', 'invalid'], {}, { keep: false, droppedFor: 'invalid', marks: [] }],
    [['earlier', 'duplicate'], { duplicate: 'mark' }, { keep: false, droppedFor: 'earlier', marks: [] }],
    [
      ['earlier', 'duplicate', 'customer'],
      { duplicate: 'mark', earlier: 'mark' },
      { keep: true, droppedFor: null, marks: ['duplicate', 'earlier', 'customer'] },
    ],
    [['nix'], { nix: 'mark' }, { keep: true, droppedFor: null, marks: ['nix'] }],
  ])('reasons %j with %j: %j', (applies, choices, verdict) => {
    expect(verdictOf(new Set(applies), { ...DEFAULT_LEAD_CHOICES, ...choices })).toEqual(verdict)
  })

  it('keys identity numbers of both countries as the customer register does', () => {
    const today = new Date('2026-11-28')
    expect(leadIdentityKey('811218-9876', today)).toBe('p198112189876')
    expect(leadIdentityKey('19811218-9876', today)).toBe('p198112189876')
    expect(leadIdentityKey('556036-0793', today)).toBe('o556036-0793')
    expect(leadIdentityKey('131052-308T', today)).toBe('f131052-308T')
    expect(leadIdentityKey('0737546-2', today)).toBe('y0737546-2')
    expect(leadIdentityKey('121212-1213', today)).toBeNull()
    expect(leadIdentityKey('', today)).toBeNull()
    expect(normalizeBusinessId('1572860-0')).toBe('1572860-0')
    expect(normalizeBusinessId('1572860-1')).toBeNull()
  })

  it('reads a NIX answer’s status column and its values', () => {
    expect(nixStatusColumn(['Telefonnummer', 'Spärrad'])).toBe(1)
    expect(nixStatusColumn(['Nummer', 'NIX'])).toBe(1)
    expect(nixStatusColumn(['Nummer'])).toBeNull()
    expect(['Ja', 'J', 'x', '1', 'Spärrad', 'yes', 'Kyllä'].map(nixRegistered)).toEqual([true, true, true, true, true, true, true])
    expect(['Nej', 'N', '0', '', 'no', 'Ei'].map(nixRegistered)).toEqual([false, false, false, false, false, false])
  })

  it('compares campaigns by name whatever the case and spacing', () => {
    expect(campaignKey('  Höst  2026 ')).toBe(campaignKey('höst 2026'))
  })
})

describe('the NIX check’s two months (NIX-Telefon’s terms)', () => {
  it.each([
    ['2026-10-01', '2026-11-30'],
    ['2026-10-15', '2026-12-14'],
    ['2026-11-30', '2027-01-29'],
    ['2026-12-31', '2027-02-27'],
    ['2027-12-30', '2028-02-28'],
    ['2026-01-01', '2026-02-28'],
  ])('checked on %s: usable through %s', (checkedOn, last) => {
    expect(nixLastDay(checkedOn)).toBe(last)
    expect(nixUsable(checkedOn, last)).toBe(true)
    expect(nixUsable(checkedOn, checkedOn)).toBe(true)
  })
  it('the day after the last is too late', () => {
    expect(nixUsable('2026-10-01', '2026-12-01')).toBe(false)
  })
})
