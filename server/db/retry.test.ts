import { describe, expect, it } from 'vitest'
import { isRetryablePgError } from './client'

/** A driver error as drizzle wraps it: the query's error, with PostgreSQL's as its cause. */
const wrapped = (code: string, message: string) => Object.assign(new Error('Failed query: …'), { cause: Object.assign(new Error(message), { code }) })

describe('which PostgreSQL failures run the transaction again', () => {
  it.each([
    ['a serialization failure', wrapped('40001', 'could not serialize access due to read/write dependencies among transactions'), true],
    ['a deadlock', wrapped('40P01', 'deadlock detected'), true],
    ['the predicate lock table full', wrapped('53200', 'out of shared memory'), true],
    ['the process out of memory', wrapped('53200', 'out of memory'), false],
    ['a unique violation', wrapped('23505', 'duplicate key value violates unique constraint'), false],
    ['a syntax error', wrapped('42601', 'syntax error at or near'), false],
    ['an error without a code', new Error('connection terminated'), false],
  ])('%s: %s', (_, err, retried) => {
    expect(isRetryablePgError(err)).toBe(retried)
  })
})
