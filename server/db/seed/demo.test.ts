import { describe, expect, it } from 'vitest'
import { normalizePersonalNumber } from '../../../shared/rules/identity'
import { createTestApp } from '../../test/harness'

const t = await createTestApp()

describe('the demo organisation', () => {
  it('gives every demo customer an identity number of their own, each valid', async () => {
    const rows = await t.database.db.select({ ssn: t.database.t.sales.customerSsn }).from(t.database.t.sales)
    const numbers = rows.map((r) => r.ssn).filter((n): n is string => !!n)
    expect(numbers.length).toBeGreaterThanOrEqual(6)
    expect(new Set(numbers).size).toBe(numbers.length)
    for (const n of numbers) expect(normalizePersonalNumber(n), n).toBe(n)
  })
})
