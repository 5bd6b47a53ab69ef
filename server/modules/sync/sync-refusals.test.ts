import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { translator } from '../../../shared/i18n'
import type { Mutation } from '../../../shared/schemas/sync'
import { Rejection, type Mutator } from '../../lib/sync-contract'
import { createTestApp } from '../../test/harness'
import { syncService, type SyncUser } from './sync.service'

/**
 * A push runs its batch without a savepoint per mutation (issue 72: two statements each, for what is rare). A
 * mutator that refuses after it has written must still leave nothing behind, while the batch's other mutations
 * are applied once and the refusal is recorded for the device: the batch is run again with savepoints.
 */
const { database } = await createTestApp()
const { t } = database
const calls: string[] = []
/** Writes a log line, then refuses when asked to: a mutator that refuses late. */
const writesThenMayRefuse: Mutator = async (ctx, args) => {
  const { id, refuse } = args as { id: string; refuse: boolean }
  calls.push(id)
  await ctx.tx.insert(t.activityLog).values({ at: ctx.now, actorId: null, entity: 'refusal-test', entityId: id, action: 'written' })
  if (refuse) throw new Rejection('validation_failed', { id: ['refused after writing'] })
}
const sync = syncService(database, { mutators: { createSale: writesThenMayRefuse }, owned: [], reference: [] })
const [seller] = await database.db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, 'seller@demo.test'))
// The mutator asks nothing of the user's permissions.
const user: SyncUser = { id: seller!.id, ability: null as never }
const translate = translator('sv')
const mutation = (seq: number, id: string, refuse = false): Mutation => ({ seq, name: 'createSale', args: { id, refuse }, createdAt: Date.now() })
const written = async () =>
  (await database.db.select({ id: t.activityLog.entityId }).from(t.activityLog).where(eq(t.activityLog.entity, 'refusal-test'))).map((r) => r.id).sort()

describe('a mutator that refuses after writing', () => {
  it('leaves nothing of its own; the others in the batch are applied once, and the refusal is recorded', async () => {
    const clientId = randomUUID()
    const result = await sync.pushes.push(user, clientId, [mutation(1, 'a'), mutation(2, 'b', true), mutation(3, 'c')], translate)
    expect(result).toMatchObject({ lastMutationId: 3, applied: 2, rejected: 1, skipped: 0 })
    expect(await written()).toEqual(['a', 'c'])
    const [rejection] = await database.db.select().from(t.syncRejections).where(eq(t.syncRejections.clientId, clientId))
    expect(rejection).toMatchObject({ seq: 2, code: 'validation_failed', fieldErrors: { id: ['refused after writing'] } })
    // The same batch again (a resend after a lost answer): each already applied, nothing written twice.
    calls.length = 0
    expect(await sync.pushes.push(user, clientId, [mutation(1, 'a'), mutation(2, 'b', true), mutation(3, 'c')], translate)).toMatchObject({ skipped: 3 })
    expect(calls).toEqual([])
    expect(await written()).toEqual(['a', 'c'])
  })

  it('a batch with no refusal runs each mutator once', async () => {
    calls.length = 0
    const result = await sync.pushes.push(user, randomUUID(), [mutation(1, 'd'), mutation(2, 'e')], translate)
    expect(result).toMatchObject({ applied: 2, rejected: 0 })
    expect(calls).toEqual(['d', 'e'])
  })
})
