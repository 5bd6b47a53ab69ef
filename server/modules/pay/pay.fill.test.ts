import { asc } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/harness'
import { fillCommissionFromHistory } from './pay.fill'

/**
 * The commission ledger filled from the status history (the seeds' way, decision 029): read a range of sales a step
 * (issue 72), it writes the same lines whatever the step's size — a step's first and last sale included.
 */
const { database } = await createTestApp()
const { t, db } = database
const ledger = async () =>
  (await db.select().from(t.commissionLines).orderBy(asc(t.commissionLines.saleId), asc(t.commissionLines.at))).map(
    ({ saleId, userId, month, kind, amountOre, soldAt, at }) => ({ saleId, userId, month, kind, amountOre, soldAt, at }),
  )

describe('the commission fill', () => {
  it('writes the same ledger in steps of 7 sales as in one step, and nothing more when run again', async () => {
    const seeded = await ledger()
    expect(seeded.length).toBeGreaterThan(20)
    await db.delete(t.commissionLines)
    expect(await fillCommissionFromHistory(database, db, undefined, 7)).toBe(seeded.length)
    expect(await ledger()).toEqual(seeded)
    expect(await fillCommissionFromHistory(database, db, undefined, 7)).toBe(0)
    await db.delete(t.commissionLines)
    await fillCommissionFromHistory(database)
    expect(await ledger()).toEqual(seeded)
  })
})
