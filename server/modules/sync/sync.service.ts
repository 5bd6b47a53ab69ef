import { and, asc, eq, gt, lte, sql } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { visibleFields } from '../../../shared/permissions/fields'
import { fieldError, type Translate } from '../../../shared/schemas/errors'
import {
  MUTATION_NAMES,
  PULL_PAGE_ROWS,
  type Mutation,
  type PatchOp,
  type PullResult,
  type PushResult,
  type Rejection as RejectionRecord,
} from '../../../shared/schemas/sync'
import { changeVersions, currentChangeVersion, preparedChangeVersion } from '../../db/change-counter'
import type { Database, Db } from '../../db/client'
import { userOfficeId } from '../../db/expressions'
import { preparedWrites } from '../../db/prepared'
import { ApiError } from '../../lib/errors'
import { Rejection, type Mutator, type SyncHooks, type SyncParts } from '../../lib/sync-contract'

/** `impersonated`: an admin acting as the user sent it (docs/decisions/037, 054). */
export type SyncUser = { id: string; ability: AppAbility; impersonated?: boolean }

type Cookie = { v: number; r: string; l: number }

type Outcome = { kind: 'skipped' | 'applied' | 'rejected' | 'gap'; last: number }

/** A mutation that failed for a reason other than a refusal: its batch rolls back and the push answers 503. */
class TransientFailure extends Error {
  constructor(
    readonly index: number,
    override readonly cause: unknown,
  ) {
    super('transient failure in a push')
  }
}

function readCookie(raw: string | null): Cookie {
  if (!raw) return { v: 0, r: '', l: 0 }
  try {
    const c = JSON.parse(raw) as Partial<Cookie>
    if (typeof c.v === 'number' && typeof c.r === 'string' && typeof c.l === 'number') return { v: c.v, r: c.r, l: c.l }
  } catch {
    // an unreadable cookie means "send everything"
  }
  return { v: 0, r: '', l: 0 }
}

/**
 * The server side of the sync queue (docs/decisions/008): push applies a device's mutations exactly once,
 * in order, each in its own transaction together with the client's lastMutationId; pull answers what
 * changed for the user since their cookie, read in one transaction. The protocol only: what a mutation does
 * and which rows travel come from the areas (`parts`, assembled in server/composition/areas.ts).
 */
/** A sale registered or corrected and the day's checkout: the person's own commitments (decision 054). */
const COMMITTING_MUTATIONS = new Set<string>(['createSale', 'correctSale', 'checkout'])

export function syncService(database: Database, parts: SyncParts, hooks: SyncHooks = {}) {
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
          .where(eq(t.syncClients.id, sql.placeholder('id') as never)),
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
   */
  function applyBatch(
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
              // A savepoint: a rejection undoes whatever the mutator wrote before it refused.
              await tx.transaction(async (sp) => mutator({ ...ctx, tx: sp }, m.args))
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
                .set({ lastMutationId: sql.placeholder('last') as never, updatedAt: sql.placeholder('at') as never })
                .where(eq(t.syncClients.id, sql.placeholder('id') as never)),
            { last, at: Date.now(), id: clientId },
          )
        return outcomes
      },
      { indexScans: true },
    )
  }

  return {
    async push(user: SyncUser, clientId: string, mutations: Mutation[], translate: Translate): Promise<PushResult> {
      const placement = await sellerPlacement(user.id)
      const result: PushResult = { lastMutationId: 0, applied: 0, skipped: 0, rejected: 0 }
      // The same seq twice in one batch: a resend of the same change is applied once; two different changes
      // under one seq would lose one of them silently, so the batch is refused as a conflict (decision 016).
      const bySeq = new Map<number, Mutation>()
      for (const m of mutations) {
        const seen = bySeq.get(m.seq)
        if (!seen) bySeq.set(m.seq, m)
        else if (JSON.stringify([seen.name, seen.args, seen.createdAt]) !== JSON.stringify([m.name, m.args, m.createdAt])) {
          throw new ApiError(409, 'conflict', { fieldErrors: fieldError('mutations', translate('sync.duplicateSeq', { seq: m.seq })) })
        }
      }
      const sorted = [...bySeq.values()].sort((a, b) => a.seq - b.seq)
      if (sorted.length === 0) {
        const client = await database.transaction((tx) => loadClient(tx, clientId, user.id, false))
        result.lastMutationId = client?.lastMutationId ?? 0
        return result
      }
      // On SQLite the batch in one transaction, a savepoint per mutation (one commit per push, not per change): the client's
      // last mutation id commits with what it acknowledges, so exactly-once holds. A transient failure at one
      // mutation undoes the transaction; the ones before it are then applied again on their own and committed, so
      // the device's progress up to the failure is kept, as it was with a transaction per mutation.
      // On PostgreSQL a transaction per mutation instead: there a commit is cheap and round trips are the cost, while
      // a longer transaction holds the rows it touched (the summary's shared month rows) longer and, retried after a
      // serialization failure, redoes the whole batch.
      const perTransaction = database.dialect === 'pg' ? 1 : sorted.length
      for (let start = 0; start < sorted.length; start += perTransaction) {
        const batch = sorted.slice(start, start + perTransaction)
        let outcomes: Outcome[]
        try {
          outcomes = await applyBatch(user, placement, clientId, batch, translate)
        } catch (err) {
          if (!(err instanceof TransientFailure)) throw err
          if (err.index > 0) {
            const before = await applyBatch(user, placement, clientId, batch.slice(0, err.index), translate)
            for (const o of before) if (o.kind !== 'gap') result[o.kind]++
          }
          throw err.cause
        }
        for (const outcome of outcomes) {
          result.lastMutationId = outcome.last
          if (outcome.kind === 'gap') {
            throw new ApiError(409, 'conflict', { params: {}, headers: { 'X-Last-Mutation-Id': String(outcome.last) } })
          }
          result[outcome.kind]++
        }
      }
      return result
    },

    async pull(user: SyncUser, clientId: string, rawCookie: string | null): Promise<PullResult> {
      const cookie = readCookie(rawCookie)
      // One snapshot, read only (decision 057: a snapshot never shows a person's later change without the earlier).
      return database.transaction(
        async (tx) => {
          const client = await loadClient(tx, clientId, user.id, false)
          const lastMutationId = client?.lastMutationId ?? 0
          const version = await currentChangeVersion(tx, t, user.id)
          const since = cookie.v > version ? 0 : cookie.v
          const patch: PatchOp[] = []

          // Paged (decision 016): the user's rows are sent oldest change first, about PULL_PAGE_ROWS at a time,
          // each page ending on a whole change-counter value (rows written by one transaction travel together).
          const pending = (await Promise.all(parts.owned.map((source) => source.pending(tx, user.id, since, PULL_PAGE_ROWS + 1)))).flat().sort((a, b) => a - b)
          const more = pending.length > PULL_PAGE_ROWS
          const upTo = more ? pending[PULL_PAGE_ROWS - 1]! : version
          for (const source of parts.owned) patch.push(...(await source.rows(tx, user.id, since, upTo)))

          // Reference data: sent whole whenever any of it changed (it is small).
          const stamps = await Promise.all(parts.reference.map((source) => source.stamp(tx)))
          const refStamp = stamps.join('|')
          if (refStamp !== cookie.r) {
            for (const source of parts.reference) patch.push(...(await source.ops(tx)))
          }

          const rejections: RejectionRecord[] =
            lastMutationId > cookie.l
              ? (
                  await tx
                    .select()
                    .from(t.syncRejections)
                    .where(and(eq(t.syncRejections.clientId, clientId), gt(t.syncRejections.seq, cookie.l), lte(t.syncRejections.seq, lastMutationId)))
                    .orderBy(asc(t.syncRejections.seq))
                ).map((r) => ({ seq: r.seq, name: r.name, code: r.code, message: r.message, fieldErrors: r.fieldErrors, at: r.at }))
              : []

          // Each role receives the fields it may see (the company's figures only for catalogue and finance staff).
          const visible = patch.map((op) => (op.op === 'put' ? ({ ...op, value: visibleFields(op.table, op.value, user.ability) } as PatchOp) : op))
          return { cookie: JSON.stringify({ v: upTo, r: refStamp, l: lastMutationId }), lastMutationId, patch: visible, rejections, more }
        },
        { readOnly: true },
      )
    },
  }
}
