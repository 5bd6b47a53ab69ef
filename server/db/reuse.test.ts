import { count } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createTestDatabase } from '../test/harness'

/** Database.reuse: a read made once per transaction (issue 72), never beyond it. */
const { database } = await createTestDatabase()

describe('reuse', () => {
  it('answers the first read again within a transaction and its savepoints, and reads afresh in the next', async () => {
    let loads = 0
    const load = async () => {
      loads++
      const [row] = await database.db.select({ n: count() }).from(database.t.users)
      return row!.n + 1
    }
    await database.transaction(async (tx) => {
      expect(await database.reuse('k', load)).toBe(1)
      expect(await database.reuse('k', load)).toBe(1)
      await tx.transaction(async () => expect(await database.reuse('k', load)).toBe(1))
    })
    expect(loads).toBe(1)
    await database.transaction(async () => void (await database.reuse('k', load)))
    expect(loads).toBe(2)
    // Outside a transaction nothing is kept.
    await database.reuse('k', load)
    await database.reuse('k', load)
    expect(loads).toBe(4)
  })

  it('forgets by prefix, and does not keep a read that failed', async () => {
    let loads = 0
    await database.transaction(async () => {
      const load = async () => ++loads
      await database.reuse('area.a:1', load)
      await database.reuse('area.b', load)
      database.forget('area.a:')
      expect(await database.reuse('area.a:1', load)).toBe(3)
      expect(await database.reuse('area.b', load)).toBe(2)
      await expect(database.reuse('failing', () => Promise.reject(new Error('no')))).rejects.toThrow('no')
      expect(await database.reuse('failing', async () => 'now')).toBe('now')
    })
  })
})
