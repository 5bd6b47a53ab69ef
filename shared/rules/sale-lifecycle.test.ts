import { describe, expect, it } from 'vitest'
import { SALE_STATUSES, type SaleStatus } from './sale'
import { allowedNext, reasonRequired, SALE_TRANSITIONS, transitionProblem, type Mover } from './sale-lifecycle'

const BACKOFFICE = new Set<Mover>(['backoffice'])
const SELLER = new Set<Mover>(['seller'])
const NOBODY = new Set<Mover>()

/** Every (from, to) pair and who may make it: `B` back office, `S` the seller, `-` nobody. */
const TABLE: Record<SaleStatus, Record<SaleStatus, 'B' | 'S' | '-'>> = {
  //          finalized approved  flagged  unanswered regret deviation absence
  finalized: { finalized: '-', approved: 'B', flagged: 'B', unanswered: 'B', regret: 'B', deviation: 'B', absence: 'B' },
  approved: { finalized: '-', approved: '-', flagged: 'B', unanswered: '-', regret: 'B', deviation: 'B', absence: '-' },
  flagged: { finalized: 'B', approved: 'B', flagged: '-', unanswered: '-', regret: 'B', deviation: 'B', absence: '-' },
  unanswered: { finalized: '-', approved: 'B', flagged: '-', unanswered: '-', regret: 'B', deviation: 'B', absence: '-' },
  regret: { finalized: 'B', approved: 'B', flagged: '-', unanswered: '-', regret: '-', deviation: '-', absence: '-' },
  deviation: { finalized: 'S', approved: 'B', flagged: '-', unanswered: '-', regret: 'B', deviation: '-', absence: '-' },
  absence: { finalized: 'B', approved: 'B', flagged: '-', unanswered: '-', regret: 'B', deviation: '-', absence: '-' },
}

const pairs = SALE_STATUSES.flatMap((from) => SALE_STATUSES.map((to) => [from, to, TABLE[from][to]] as const))

describe('the sale-report lifecycle', () => {
  it('the table above is the whole machine', () => {
    for (const from of SALE_STATUSES) {
      const fromTable = SALE_TRANSITIONS[from]
        .filter((m) => m.by !== 'quality')
        .map((m) => `${m.to}:${m.by === 'backoffice' ? 'B' : 'S'}`)
        .sort()
      const expected = SALE_STATUSES.filter((to) => TABLE[from][to] !== '-')
        .map((to) => `${to}:${TABLE[from][to]}`)
        .sort()
      expect(fromTable, from).toEqual(expected)
    }
  })

  it.each(pairs)('%s → %s: %s', (from, to, who) => {
    const input = { to, reason: 'Skäl', deviationType: to === 'deviation' ? ('incorrect_ssn' as const) : null }
    expect(transitionProblem(from, input, BACKOFFICE) === null).toBe(who === 'B')
    expect(transitionProblem(from, input, SELLER) === null).toBe(who === 'S')
    expect(transitionProblem(from, input, NOBODY)).toMatchObject({ kind: 'invalid_transition', allowed: [] })
  })

  it.each(SALE_STATUSES)('a quality call moves %s only to what it records (unanswered, regret)', (from) => {
    const QUALITY = new Set<Mover>(['quality'])
    const expected: Record<SaleStatus, SaleStatus[]> = {
      finalized: ['unanswered', 'regret'],
      approved: ['regret'],
      flagged: ['regret'],
      unanswered: ['regret'],
      regret: [],
      deviation: ['regret'],
      absence: ['regret'],
    }
    expect(allowedNext(from, QUALITY)).toEqual(expected[from])
    // Back office and quality together: each status once.
    const both = allowedNext(from, new Set<Mover>(['backoffice', 'quality']))
    expect(new Set(both).size).toBe(both.length)
  })

  it('a refused move names the moves that are allowed instead', () => {
    expect(transitionProblem('regret', { to: 'deviation', reason: 'x', deviationType: 'other' }, BACKOFFICE)).toEqual({
      kind: 'invalid_transition',
      allowed: ['finalized', 'approved'],
    })
    expect(allowedNext('deviation', SELLER)).toEqual(['finalized'])
  })

  it.each([
    ['finalized', 'approved', false],
    ['finalized', 'deviation', true],
    ['finalized', 'regret', true],
    ['finalized', 'flagged', true],
    ['finalized', 'unanswered', false],
    ['approved', 'regret', true],
    ['approved', 'deviation', true],
    ['regret', 'approved', true],
    ['regret', 'finalized', true],
    ['deviation', 'approved', false],
    ['absence', 'finalized', false],
  ] as const)('%s → %s needs a reason: %s', (from, to, needed) => {
    expect(reasonRequired(from, to)).toBe(needed)
    const deviationType = to === 'deviation' ? ('other' as const) : null
    const problem = transitionProblem(from, { to, reason: '  ', deviationType }, BACKOFFICE)
    expect(problem).toEqual(needed ? { kind: 'field', field: 'reason', message: 'validation.saleReport.reasonRequired' } : null)
  })

  it('a deviation needs its type, and only a deviation has one', () => {
    expect(transitionProblem('finalized', { to: 'deviation', reason: 'Fel', deviationType: null }, BACKOFFICE)).toMatchObject({ field: 'deviationType' })
    expect(transitionProblem('finalized', { to: 'approved', reason: null, deviationType: 'other' }, BACKOFFICE)).toMatchObject({
      field: 'deviationType',
      message: 'validation.saleReport.deviationTypeOnlyForDeviation',
    })
  })
})
