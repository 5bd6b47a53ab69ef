import { and, asc, eq, getTableName, gt, lte, sql } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { z } from 'zod'
import type { AppAbility } from '../../shared/permissions/ability'
import { fieldError, fieldErrorsOf, zodErrorMap, type FieldErrors, type Translate } from '../../shared/schemas/errors'
import { inputProblem } from '../../shared/schemas/input-safety'
import type { Mutation, MutationName, OptInTable, PatchOp } from '../../shared/schemas/sync'
import type { Db, Schema } from '../db/client'
import type { preparedWrites } from '../db/prepared'
import { log } from './log'

/**
 * What the sync protocol (server/modules/sync) and the areas agree on. The sync module knows no area: the
 * areas hand it their mutators (what a device's change does) and their pull sources (which of a user's rows
 * travel to the device), and server/composition/areas.ts puts them together.
 */

export const REJECTION_CODES = [
  'validation_failed',
  'forbidden',
  'unknown_mutation',
  'checked_out',
  'already_checked_out',
  'already_sick',
  'conflict',
  'file_missing',
  'not_correctable',
  'month_attested',
  'not_while_impersonating',
] as const
export type RejectionCode = (typeof REJECTION_CODES)[number]

/**
 * A permanent refusal of a device's change: recorded for the device (translated by `sync.rejections.<code>`)
 * and never retried. Any other error a mutator throws is transient: its transaction rolls back and the device
 * tries again later.
 */
export class Rejection extends Error {
  constructor(
    readonly code: RejectionCode,
    readonly fieldErrors: FieldErrors = {},
    readonly params: Record<string, unknown> = {},
  ) {
    super(code)
    this.name = 'Rejection'
  }
}

/** Who a device's change comes from, with the placement the rows it writes are filed under. */
export type DeviceActor = { id: string; teamId: string | null; officeId: string | null; ability: AppAbility }

export type MutatorContext = {
  tx: Db
  t: Schema
  actor: DeviceActor
  now: number
  translate: Translate
  /** the change counter value this transaction's writes carry (taken once, on first use) */
  version: () => Promise<number>
}

export type Mutator = (ctx: MutatorContext, args: unknown) => Promise<void>
export type Mutators = Partial<Record<MutationName, Mutator>>

type PreparedWrites = ReturnType<typeof preparedWrites>

/** A kind of row the user owns and pulls: those changed after the cookie, a page at a time. */
export type PullSource = {
  /**
   * A table added after devices were in the field: sent only to a device that names it in its pull (`tables`), so an
   * app from before it never receives rows it has no table for (decision 073).
   */
  optIn?: OptInTable
  /**
   * the change-counter values of the user's rows changed after `since`, oldest first, at most `limit`; `prepared`:
   * the pull's statements built once (every device's pull runs them)
   */
  pending(tx: Db, userId: string, since: number, limit: number, prepared: PreparedWrites): Promise<number[]>
  /** the user's rows with since < version ≤ upTo, as patch operations */
  rows(tx: Db, userId: string, since: number, upTo: number, prepared: PreparedWrites): Promise<PatchOp[]>
}

/** A table of rows each owned by one user (`userId`) and stamped with the change counter (`version`). */
type OwnedTable = SQLiteTable & { userId: SQLiteColumn; version: SQLiteColumn }

/** The pull source of such a table: the user's rows changed after the cookie, each as `toOp` makes it. */
export function ownedPullSource<T extends OwnedTable>(table: T, toOp: (row: T['$inferSelect']) => PatchOp): PullSource {
  const from = table as unknown as SQLiteTable
  const name = getTableName(from)
  const ph = (key: string) => sql.placeholder(key)
  return {
    async pending(tx, userId, since, limit, prepared) {
      const rows = await prepared.rows(
        tx,
        `pull.pending.${name}`,
        (db) =>
          db
            .select({ v: table.version })
            .from(from)
            .where(and(eq(table.userId, ph('userId')), gt(table.version, ph('since'))))
            .orderBy(asc(table.version))
            .limit(ph('limit')),
        { userId, since, limit },
      )
      return rows.map((r) => r.v as number)
    },
    async rows(tx, userId, since, upTo, prepared) {
      const rows = await prepared.rows(
        tx,
        `pull.rows.${name}`,
        (db) =>
          db
            .select()
            .from(from)
            .where(and(eq(table.userId, ph('userId')), gt(table.version, ph('since')), lte(table.version, ph('upTo')))),
        { userId, since, upTo },
      )
      return (rows as Array<T['$inferSelect']>).map(toOp)
    },
  }
}

/** Reference data every device holds whole (small): sent again whenever its stamp changes. */
export type ReferenceSource = {
  stamp(tx: Db): Promise<string>
  ops(tx: Db): Promise<PatchOp[]>
}

export type SyncParts = { mutators: Mutators; owned: PullSource[]; reference: ReferenceSource[] }

/**
 * Test seams, inside each mutation's transaction: before it is applied (a thrown error is transient), and after it
 * was (to hold a transaction open while others run).
 */
export type SyncHooks = { beforeApply?: (m: Mutation) => void | Promise<void>; afterApply?: (m: Mutation) => void | Promise<void> }

/**
 * Validates a mutation's args. Whatever goes wrong here depends on the args alone and would go wrong again on
 * every retry, so it is always a recorded rejection, never a transient failure that leaves the device's queue
 * stuck behind it (an unexpected error is logged and rejected as invalid).
 */
export function parseMutationArgs<S extends z.core.$ZodType>(schema: S, args: unknown, translate: Translate): z.output<S> {
  let parsed: z.ZodSafeParseResult<z.output<S>>
  try {
    const problem = inputProblem(args)
    if (problem) throw new Rejection('validation_failed', fieldError(problem.path, translate(`validation.${problem.kind}`)))
    parsed = z.safeParse(schema, args, { error: zodErrorMap(translate) })
    if (!parsed.success) throw new Rejection('validation_failed', fieldErrorsOf(parsed.error, translate))
  } catch (err) {
    if (err instanceof Rejection) throw err
    log.error({ err }, '[sync] validating a mutation failed; rejected as invalid')
    throw new Rejection('validation_failed')
  }
  return parsed.data
}

export function requireDevicePermission(
  ctx: MutatorContext,
  action: 'create' | 'update' | 'view',
  subject: 'sales' | 'time_reports' | 'sicknotices' | 'embeds',
) {
  if (!ctx.actor.ability.can(action, subject)) throw new Rejection('forbidden')
}

/**
 * A mutation declared as an API route is: the permission it needs and the shared schema its arguments must pass,
 * then what it does with them. Either refusal is the mutation's rejection (`forbidden`, `validation_failed`).
 */
export function deviceMutation<S extends z.core.$ZodType>(
  permission: Parameters<typeof requireDevicePermission>[1],
  subject: Parameters<typeof requireDevicePermission>[2],
  schema: S,
  run: (ctx: MutatorContext, input: z.output<S>) => Promise<unknown>,
): Mutator {
  return async (ctx, args) => {
    requireDevicePermission(ctx, permission, subject)
    await run(ctx, parseMutationArgs(schema, args, ctx.translate))
  }
}

/** A time stamp from the device may be a little ahead of the server's clock, not a day. */
export const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000
