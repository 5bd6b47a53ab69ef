import { eq, sql } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { type Translate } from '../../../shared/schemas/errors'
import { MUTATION_NAMES, type Mutation } from '../../../shared/schemas/sync'
import { changeVersions, preparedChangeVersion } from '../../db/change-counter'
import type { Database, Db } from '../../db/client'
import { userOfficeId } from '../../db/expressions'
import { preparedWrites } from '../../db/prepared'
import { ApiError } from '../../lib/errors'
import { Rejection, type Mutator, type SyncHooks, type SyncParts } from '../../lib/sync-contract'

/** `impersonated`: an admin acting as the user sent it (docs/decisions/037, 054). */
export type SyncUser = { id: string; ability: AppAbility; impersonated?: boolean }

export type Cookie = { v: number; r: string; l: number }

export type Outcome = { kind: 'skipped' | 'applied' | 'rejected' | 'gap'; last: number }

/** A mutation that failed for a reason other than a refusal: its batch rolls back and the push answers 503. */
export class TransientFailure extends Error {
  constructor(
    readonly index: number,
    override readonly cause: unknown,
  ) {
    super('transient failure in a push')
  }
}

/** A mutator refused in a batch run without savepoints: the batch is rolled back and run again with them. */
class NeedsSavepoints extends Error {}

export function readCookie(raw: string | null): Cookie {
  if (!raw) return { v: 0, r: '', l: 0 }
  try {
    const c = JSON.parse(raw) as Partial<Cookie>
    if (typeof c.v === 'number' && typeof c.r === 'string' && typeof c.l === 'number') return { v: c.v, r: c.r, l: c.l }
  } catch {
    // an unreadable cookie means "send everything"
  }
  return { v: 0, r: '', l: 0 }
}

/** A sale registered or corrected and the day's checkout: the person's own commitments (decision 054). */
export const COMMITTING_MUTATIONS = new Set<string>(['createSale', 'correctSale', 'checkout'])

/**
 * What push and pull share: the client's row (and its last mutation), the seller's placement, and a batch of mutations
 * applied in one transaction.
 */
export function syncContext(database: Database, parts: SyncParts, hooks: SyncHooks = {}) {
  const { t } = database
  const write = preparedWrites(database)
  const nextVersion = preparedChangeVersion(database)
  const mutatorFor = (name: string): Mutator | undefined =>
    (MUTATION_NAMES as readonly string[]).includes(name) ? parts.mutators[name as (typeof MUTATION_NAMES)[number]] : undefined

  async function loadClient(tx: Db, clientId: string, userId: string, create: boolean) {
    const [client] = await write.rows(
      tx,
      'sync.client',
      (db) =>
        db
          .select()
          .from(t.syncClients)
          .where(eq(t.syncClients.id, sql.placeholder('id'))),
      { id: clientId },
    )
    if (client && client.userId !== userId) throw new ApiError(403, 'forbidden')
    if (client || !create) return client ?? null
    const now = Date.now()
    const fresh = { id: clientId, userId, lastMutationId: 0, createdAt: now, updatedAt: now }
    await tx.insert(t.syncClients).values(fresh)
    return fresh
  }

  async function sellerPlacement(userId: string) {
    const [row] = await database.db
      .select({ teamId: t.users.teamId, officeId: userOfficeId(t) })
      .from(t.users)
      .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
      .where(eq(t.users.id, userId))
    return { teamId: row?.teamId ?? null, officeId: row?.officeId ?? null }
  }

  /**
   * Applies mutations in order in one transaction: each skipped (already applied), refused (recorded), applied, or
   * the gap that stops the batch. A transient error is thrown as `TransientFailure` with the mutation's index.
   *
   * A refusal must undo whatever its mutator wrote before it refused. The batch is first run without a savepoint per
   * mutation (two statements each, for what is rare); when a mutator refuses, that run is rolled back and the batch
   * applied again with a savepoint around each mutation.
   */
  async function applyBatch(
    user: SyncUser,
    placement: { teamId: string | null; officeId: string | null },
    clientId: string,
    batch: Mutation[],
    translate: Translate,
  ): Promise<Outcome[]> {
    try {
      return await applyBatchWith(false, user, placement, clientId, batch, translate)
    } catch (err) {
      if (!(err instanceof NeedsSavepoints)) throw err
      return applyBatchWith(true, user, placement, clientId, batch, translate)
    }
  }

  function applyBatchWith(
    savepoints: boolean,
    user: SyncUser,
    placement: { teamId: string | null; officeId: string | null },
    clientId: string,
    batch: Mutation[],
    translate: Translate,
  ) {
    return database.transaction(
      async (tx) => {
        const client = (await loadClient(tx, clientId, user.id, true))!
        let last = client.lastMutationId
        const outcomes: Outcome[] = []
        for (const [index, m] of batch.entries()) {
          if (m.seq <= last) {
            outcomes.push({ kind: 'skipped', last })
            continue
          }
          if (m.seq > last + 1) {
            outcomes.push({ kind: 'gap', last })
            break
          }
          const now = Date.now()
          // A value of its own per mutation, so a pull page can end between two of the batch's changes.
          const versions = changeVersions(tx, t, nextVersion)
          const ctx = { tx, t, actor: { id: user.id, ...placement, ability: user.ability }, now, translate, version: () => versions(user.id) }
          let rejected = false
          try {
            await hooks.beforeApply?.(m)
            const mutator = mutatorFor(m.name)
            try {
              if (!mutator) throw new Rejection('unknown_mutation', {}, { name: m.name.toWellFormed().slice(0, 64) })
              // What moves money or commits the person is theirs alone, not an admin's acting as them (decision 054).
              if (user.impersonated && COMMITTING_MUTATIONS.has(m.name)) throw new Rejection('not_while_impersonating')
              // With savepoints, a rejection undoes whatever the mutator wrote before it refused.
              if (savepoints) await database.savepoint(tx, (sp) => mutator({ ...ctx, tx: sp }, m.args))
              else await mutator(ctx, m.args).catch((err: unknown) => Promise.reject(err instanceof Rejection ? new NeedsSavepoints() : err))
              await hooks.afterApply?.(m)
            } catch (err) {
              if (!(err instanceof Rejection)) throw err
              rejected = true
              await tx.insert(t.syncRejections).values({
                clientId,
                seq: m.seq,
                name: m.name.toWellFormed().slice(0, 64),
                code: err.code,
                message: translate(`sync.rejections.${err.code}`, err.params),
                fieldErrors: err.fieldErrors,
                at: now,
              })
            }
          } catch (err) {
            if (err instanceof NeedsSavepoints) throw err
            throw new TransientFailure(index, err)
          }
          last = m.seq
          outcomes.push({ kind: rejected ? 'rejected' : 'applied', last })
        }
        if (last !== client.lastMutationId)
          await write(
            tx,
            'sync.acknowledge',
            (db) =>
              db
                .update(t.syncClients)
                .set({ lastMutationId: sql`${sql.placeholder('last')}`, updatedAt: sql`${sql.placeholder('at')}` })
                .where(eq(t.syncClients.id, sql.placeholder('id'))),
            { last, at: Date.now(), id: clientId },
          )
        return outcomes
      },
      { indexScans: true },
    )
  }

  return { database, parts, hooks, t, write, nextVersion, mutatorFor, loadClient, sellerPlacement, applyBatch }
}
export type SyncContext = ReturnType<typeof syncContext>
