import { describe, expect, it } from 'vitest'
import {
  maskBankAccount,
  normalizeBankAccount,
  normalizeClearingNumber,
  formatPersonalNumber,
  maskPersonalNumber,
  personalNumberOf,
  isPhoneNumber,
  luhnValid,
  normalizeOrganisationNumber,
  normalizePersonalNumber,
  normalizePostalCode,
} from './identity'

const TODAY = new Date('2026-11-21T12:00:00Z')

describe('personal identity number (personnummer)', () => {
  it.each([
    ['811218-9876', '198112189876'],
    ['8112189876', '198112189876'],
    ['198112189876', '198112189876'],
    ['19811218-9876', '198112189876'],
    ['121212-1212', '201212121212'],
    ['121212+1212', '191212121212'],
    ['701063-2391', '197010632391'], // co-ordination number: day 03 + 60
    [' 811218 9876 ', '198112189876'],
  ])('accepts %s as %s', (input, normalized) => {
    expect(normalizePersonalNumber(input, TODAY)).toBe(normalized)
  })

  it.each([
    ['811218-9875', 'wrong check digit'],
    ['811318-9876', 'month 13'],
    ['810230-1234', '30 February'],
    ['81121-89876', 'misplaced dash'],
    ['abcdefghij', 'letters'],
    ['', 'empty'],
    ['20301218-9876', 'in the future'],
  ])('refuses %s (%s)', (input) => {
    expect(normalizePersonalNumber(input, TODAY)).toBeNull()
  })
})

describe('organisation number', () => {
  it.each([
    ['556036-0793', '556036-0793'],
    ['5560360793', '556036-0793'],
    ['16556036-0793', '556036-0793'],
    ['802002-4280', '802002-4280'],
    ['811218-9876', '811218-9876'], // a sole trader's personal number
  ])('accepts %s', (input, normalized) => {
    expect(normalizeOrganisationNumber(input)).toBe(normalized)
  })

  it.each(['556036-0794', '55603-60793', '123', 'org-number'])('refuses %s', (input) => {
    expect(normalizeOrganisationNumber(input)).toBeNull()
  })
})

describe('Luhn', () => {
  it('checks the mod-10 sum', () => {
    expect(luhnValid('8112189876')).toBe(true)
    expect(luhnValid('8112189877')).toBe(false)
    expect(luhnValid('12a')).toBe(false)
  })
})

describe('postal code and phone', () => {
  it.each([
    ['11122', '111 22'],
    ['111 22', '111 22'],
    ['011 22', null],
    ['1112', null],
    ['111223', null],
  ])('postal code %s → %s', (input, out) => {
    expect(normalizePostalCode(input)).toBe(out)
  })

  it.each([
    ['070-123 45 67', true],
    ['+46 70 123 45 67', true],
    ['08-123 456', true],
    ['123', false],
    ['070-abc', false],
  ])('phone %s → %s', (input, ok) => {
    expect(isPhoneNumber(input)).toBe(ok)
  })
})

describe('demo numbers and masking', () => {
  it('makes a valid personal number from a birth date and serial', () => {
    const n = personalNumberOf('19811218', '987')
    expect(n).toBe('198112189876')
    expect(normalizePersonalNumber(n)).toBe(n)
    for (const serial of ['001', '123', '550', '999']) expect(normalizePersonalNumber(personalNumberOf('19700101', serial))).not.toBeNull()
  })

  it('masks all but the birth date, and formats the full number with a hyphen', () => {
    expect(maskPersonalNumber('198112189876')).toBe('19811218-****')
    expect(maskPersonalNumber(null)).toBe('')
    expect(formatPersonalNumber('198112189876')).toBe('19811218-9876')
  })
})

describe('bank details', () => {
  it.each([
    ['8327', '8327'],
    ['8327-9', '83279'],
    ['6000', '6000'],
    ['60001', null],
    ['832', null],
    ['83a7', null],
    ['', null],
  ])('clearing %j is %j', (input, expected) => {
    expect(normalizeClearingNumber(input)).toBe(expected)
  })

  it.each([
    ['123 456 789', '123456789'],
    ['12-345.678 90', '1234567890'],
    ['12345', null],
    ['1234567890123456', null],
    ['12345x789', null],
  ])('account %j is %j', (input, expected) => {
    expect(normalizeBankAccount(input)).toBe(expected)
  })

  it('masks an account to its last four digits', () => {
    expect(maskBankAccount('1234567890')).toBe('••••7890')
    expect(maskBankAccount(null)).toBe('')
  })
})
