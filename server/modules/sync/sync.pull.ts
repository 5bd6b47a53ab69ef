import { and, asc, eq, gt, lte } from 'drizzle-orm'
import { visibleFields } from '../../../shared/permissions/fields'
import { PULL_PAGE_ROWS, type PatchOp, type PullResult, type Rejection as RejectionRecord } from '../../../shared/schemas/sync'
import { currentChangeVersion } from '../../db/change-counter'
import { type SyncUser, readCookie } from './sync.context'
import type { SyncContext } from './sync.context'

/** Pull: what changed for the person since their cookie, read in one transaction. */
export function syncPull(ctx: SyncContext) {
  const { database, loadClient, t, parts, write } = ctx
  return {
    async pull(user: SyncUser, clientId: string, rawCookie: string | null, tables: readonly string[] = []): Promise<PullResult> {
      const owned = parts.owned.filter((source) => !source.optIn || tables.includes(source.optIn))
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
          const pending = (await Promise.all(owned.map((source) => source.pending(tx, user.id, since, PULL_PAGE_ROWS + 1, write)))).flat().sort((a, b) => a - b)
          const more = pending.length > PULL_PAGE_ROWS
          const upTo = more ? pending[PULL_PAGE_ROWS - 1]! : version
          for (const source of owned) patch.push(...(await source.rows(tx, user.id, since, upTo, write)))

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
