import { describe, expect, it } from 'vitest'
import { approvalProblem, canonicalJson, median, type OfferProblem } from './offers'

/** The evidence a sale's approval rests on (docs/decisions/094 and 100), as a table. */
describe('what stands in the way of approving a sale that needs written acceptance', () => {
  const accepted = {
    state: 'accepted' as const,
    documentHash: 'a'.repeat(64),
    answeredHash: 'a'.repeat(64),
    callEndedAt: 1_000,
    sentAt: 2_000,
    eid: 'off' as const,
    eidSubject: null,
  }
  it.each<[string, Parameters<typeof approvalProblem>[0], string | null, OfferProblem | null]>([
    ['no offer', null, null, 'missing'],
    ['an offer still waiting', { ...accepted, state: 'sent' }, null, 'not_accepted'],
    ['a declined offer', { ...accepted, state: 'declined' }, null, 'not_accepted'],
    ['sent while the call went on', { ...accepted, sentAt: 999 }, accepted.documentHash, 'sent_during_call'],
    ['answered on another document', { ...accepted, answeredHash: 'b'.repeat(64) }, accepted.documentHash, 'hash_mismatch'],
    ['the sale changed after acceptance', accepted, 'c'.repeat(64), 'sale_changed'],
    ['accepted on the document that is the sale', accepted, accepted.documentHash, null],
    ['needing an eID, accepted by the link', { ...accepted, eid: 'required' }, accepted.documentHash, 'eid_missing'],
    ['needing an eID, accepted through it', { ...accepted, eid: 'required', eidSubject: 'bankid-1' }, accepted.documentHash, null],
    ['an eID optional, accepted by the link', { ...accepted, eid: 'optional' }, accepted.documentHash, null],
  ])('%s', (_case, offer, current, problem) => {
    expect(approvalProblem(offer, current)).toBe(problem)
  })
})

describe('the one form of a document that is hashed', () => {
  it('sorts keys at every level and keeps the order of lists', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { f: 1, e: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"e":2,"f":1}]},"b":1}')
  })
})

describe('the median time to accept', () => {
  it.each<[number[], number | null]>([
    [[], null],
    [[5], 5],
    [[9, 1, 5], 5],
    [[4, 1, 3, 2], 2.5],
  ])('of %j is %s', (values, expected) => {
    expect(median(values)).toBe(expected)
  })
})
