import { describe, expect, it } from 'vitest'
import {
  accountNameOf,
  directoryEmployeeId,
  fillTemplate,
  maskCandidateIdentity,
  normalizeCandidateIdentity,
  normalizeFinnishIdentity,
  normalizeSwedishBankAccount,
  stageOf,
  stepRefusal,
  unknownTemplateFields,
  type StepState,
} from './candidates'

const today = new Date('2026-11-27T12:00:00Z')

describe('identity numbers', () => {
  it.each([
    ['811218-9876', '198112189876'],
    ['19811218-9876', '198112189876'],
    ['131052-308T', '131052-308T'],
    ['131052-308t', '131052-308T'],
    ['010101A123M', null], // a wrong check character (N is right)
    ['010101A123N', '010101A123N'],
    ['131052-308U', null],
    ['811218-9875', null],
    ['not a number', null],
  ])('%j is %j', (input, expected) => {
    expect(normalizeCandidateIdentity(input, today)).toBe(expected)
  })
  it('a Finnish code of the 2000s uses the A sign', () => {
    expect(normalizeFinnishIdentity('010594Y9032')).toBe('010594Y9032')
    expect(normalizeFinnishIdentity('020502E902X')).toBe('020502E902X')
  })
  it('masks all but the birth date', () => {
    expect(maskCandidateIdentity('198112189876')).toBe('19811218-****')
    expect(maskCandidateIdentity('131052-308T')).toBe('131052-****')
    expect(maskCandidateIdentity(null)).toBeNull()
  })
})

describe('Swedish bank accounts', () => {
  it.each([
    ['6789', '123456789', 'Handelsbanken'],
    ['3300', '811218-9876', 'Nordea'],
    ['8327-9', '12345678', 'Swedbank'],
  ])('%s %s is an account at %s', (clearing, account, bank) => {
    expect(normalizeSwedishBankAccount(clearing, account)?.bank).toBe(bank)
  })
  it.each([
    ['5000', '1234567'], // SEB: the check digit is wrong
    ['1234', '1234567'], // Nordea: the check digit is wrong
    ['0999', '1234567'], // no bank has this clearing range
    ['abcd', '1234567'],
    ['6789', ''],
  ])('%s %s is refused', (clearing, account) => {
    expect(normalizeSwedishBankAccount(clearing, account)).toBeNull()
  })
})

describe('the stage and the steps', () => {
  const base: StepState = { status: 'active', steps: {}, hasAdditionalInfo: false, workContractSigned: false }
  it('the stage is the first step not done', () => {
    expect(stageOf({})).toBe('preonboarding')
    expect(stageOf({ preonboarding: 'done', work_contract: 'waiting_candidate' })).toBe('work_contract')
    expect(stageOf({ preonboarding: 'done', work_contract: 'done', accounts: 'done' })).toBe('education_contract')
    expect(stageOf({ preonboarding: 'done', work_contract: 'done', education_contract: 'done', accounts: 'done' })).toBe('onboarded')
  })
  it.each<[string, Parameters<typeof stepRefusal>[0], Partial<StepState>, string | null]>([
    ['preonboarding at first', 'preonboarding', {}, null],
    ['preonboarding again while the candidate has the link', 'preonboarding', { steps: { preonboarding: 'waiting_candidate' } }, null],
    ['preonboarding while it runs', 'preonboarding', { steps: { preonboarding: 'running' } }, 'candidates.blocked.running'],
    ['preonboarding once done', 'preonboarding', { steps: { preonboarding: 'done' } }, 'candidates.blocked.done'],
    ['a failed step again', 'accounts', { steps: { accounts: 'failed' }, workContractSigned: true }, null],
    ['a contract before the details', 'work_contract', {}, 'candidates.blocked.details'],
    ['a contract after the details', 'education_contract', { hasAdditionalInfo: true }, null],
    ['accounts before the signature', 'accounts', { hasAdditionalInfo: true }, 'candidates.blocked.workContract'],
    ['accounts after the signature', 'accounts', { hasAdditionalInfo: true, workContractSigned: true }, null],
    ['anything for a closed candidate', 'preonboarding', { status: 'closed' }, 'candidates.blocked.closed'],
  ])('%s', (_name, step, state, expected) => {
    expect(stepRefusal(step, { ...base, ...state })).toBe(expected)
  })
})

describe('directory account names', () => {
  it.each([
    ['Åsa', 'Öberg', 1, 'asa.oberg'],
    ['Renée', 'Ström-Ek', 1, 'renee.strom-ek'],
    ['Jürgen', 'Müller', 2, 'jurgen.muller2'],
    ['Zoë Anne', "O'Neil", 1, 'zoe-anne.o-neil'],
    ['李', '', 1, 'user'],
    // Microsoft Graph's mailNickname and a UPN's alias: at most 64 characters, the number kept, no "." at the end.
    ['Maximiliana-Konstantina', 'Wolfeschlegelsteinhausenbergerdorff-Östergötland', 12, 'maximiliana-konstantina.wolfeschlegelsteinhausenbergerdorff-os12'],
    ['Anna', 'B'.repeat(70), 3, `anna.${'b'.repeat(58)}3`],
  ])('%s %s (%i) is %s', (first, last, n, expected) => {
    const name = accountNameOf(first, last, n)
    expect(name).toBe(expected)
    expect(name.length).toBeLessThanOrEqual(64)
    expect(name).toMatch(/^[A-Za-z0-9'.\-_!#^~]+$/)
  })

  it('names the candidate in at most 16 characters, as Graph’s employeeId takes it', () => {
    expect(directoryEmployeeId('0b6e7a52-9c1d-4f0e-8a3b-5d2c1e4f6a7b')).toBe('0b6e7a529c1d4f0e')
  })
})

describe('contract templates', () => {
  it('fills the fields it knows and leaves a line for an empty one', () => {
    expect(fillTemplate('Avtal för {{fullName}}, start {{ startDate }}, {{city}}.', { fullName: 'Åsa Öberg', startDate: '2027-01-04' })).toBe(
      'Avtal för Åsa Öberg, start 2027-01-04, ________.',
    )
  })
  it('names the fields it does not know', () => {
    expect(unknownTemplateFields('{{firstName}} {{salary}} {{salary}} {{ today }}')).toEqual(['salary'])
  })
})
