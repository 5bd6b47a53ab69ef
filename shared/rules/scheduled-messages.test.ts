import { describe, expect, it } from 'vitest'
import { fillFields, templateFor, unknownFields, usedFields } from './scheduled-messages'

describe('a message text and its fields', () => {
  it.each([
    ['Hej {{firstName}}!', [], ['firstName']],
    ['{{ firstName }} i {{team}}: {{weekOrderValue}}', [], ['firstName', 'team', 'weekOrderValue']],
    ['Hej {{frstName}} {{firstName}}', ['frstName'], ['firstName']],
    ['{{constructor}} {{__proto__}}', ['constructor'], []],
    ['Inga fält', [], []],
  ])('%s', (text, unknown, used) => {
    expect(unknownFields(text)).toEqual(unknown)
    expect(usedFields(text)).toEqual(used)
  })

  it('fills each field with the recipient’s value, a missing value with nothing, and leaves text as written', () => {
    expect(fillFields('Hej {{firstName}}, {{team}}: {{weekSales}} st. {{x}}', { firstName: 'Anna', weekSales: '3' })).toBe('Hej Anna, : 3 st. {{x}}')
    // A value that looks like a field is not filled again.
    expect(fillFields('{{firstName}} {{lastName}}', { firstName: '{{lastName}}', lastName: 'B' })).toBe('{{lastName}} B')
  })

  it('a recipient gets their own language, else English, else Swedish, else what there is', () => {
    const t = (s: string) => ({ subject: s, body: s })
    expect(templateFor({ sv: t('sv'), en: t('en'), fi: t('fi') }, 'fi')?.language).toBe('fi')
    expect(templateFor({ sv: t('sv'), en: t('en') }, 'fi')?.language).toBe('en')
    expect(templateFor({ sv: t('sv') }, 'en')?.language).toBe('sv')
    expect(templateFor({ fi: t('fi') }, 'sv')?.language).toBe('fi')
    expect(templateFor({ sv: null }, 'sv')).toBeNull()
  })
})
