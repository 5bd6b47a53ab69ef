import { describe, expect, it } from 'vitest'
import { readPhone } from './phone-numbers'

/** Swedish and Finnish numbers as lead lists write them: normalised to E.164 and classified by the numbering plan. */
describe('readPhone', () => {
  it.each([
    // Sweden: mobile (07x), fixed (area codes), other (toll-free, premium, shared cost, 010/077 non-geographic)
    ['070-123 45 67', 'SE', '+46701234567', 'mobile'],
    ['0739182746', 'SE', '+46739182746', 'mobile'],
    ['+46 (0)70 123 45 67', 'SE', '+46701234567', 'mobile'],
    ['0046701234567', 'SE', '+46701234567', 'mobile'],
    ['701234567', 'SE', '+46701234567', 'mobile'], // Excel dropped the leading zero
    ['08-518 293 74', 'SE', '+46851829374', 'fixed'],
    ['031-123 45 67', 'SE', '+46311234567', 'fixed'],
    ['040-28 47 19', 'SE', '+4640284719', 'fixed'],
    ['0980-123 45', 'SE', '+4698012345', 'fixed'],
    ['020-123456', 'SE', '+4620123456', 'other'],
    ['0900-123 45 67', 'SE', '+469001234567', 'other'],
    ['0771-123456', 'SE', '+46771123456', 'other'],
    ['010-123 45 67', 'SE', '+46101234567', 'other'],
    // Finland: mobile (04x, 050), fixed (area codes), other
    ['040 1234567', 'FI', '+358401234567', 'mobile'],
    ['050 123 4567', 'FI', '+358501234567', 'mobile'],
    ['+358 45 1234567', 'FI', '+358451234567', 'mobile'],
    ['09 1234 5678', 'FI', '+358912345678', 'fixed'],
    ['(03) 123 4567', 'FI', '+35831234567', 'fixed'],
    ['0800 123 456', 'FI', '+358800123456', 'other'],
    // A number with its country code is read in its own country, whatever the list's
    ['+358 40 1234567', 'SE', '+358401234567', 'mobile'],
    ['+46 70 123 45 67', 'FI', '+46701234567', 'mobile'],
  ] as const)('%s (%s) is %s, %s', (text, country, e164, kind) => {
    expect(readPhone(text, country)).toMatchObject({ ok: true, e164, kind })
  })

  it.each([
    ['0701234', 'SE'], // too short for a mobile
    ['070-123 45 678 9', 'SE'], // too long
    ['060', 'SE'],
    ['', 'SE'],
    ['saknas', 'SE'],
    ['anna@example.se', 'SE'],
    ['+46 0000000', 'SE'],
    ['040 12', 'FI'],
    ['12345', 'FI'],
  ] as const)('%s (%s) cannot be a valid number', (text, country) => {
    expect(readPhone(text, country)).toEqual({ ok: false })
  })
})
