import { eq } from 'drizzle-orm'
import { codeFitsItem, payItemKind, type PayItem } from '../../../shared/rules/pay'
import type { Translate } from '../../../shared/schemas/errors'
import type { UpdatePaycodeInput } from '../../../shared/schemas/pay'
import type { Db } from '../../db/client'
import { ApiError, validationError } from '../../lib/errors'
import { changedFields, logActivity } from '../../platform/activity-log'
import { type Actor, type PayContext } from './pay.context'

/** The pay codes: how each pay item maps to the payroll system's codes. */
export function paycodes(ctx: PayContext) {
  const { database, events, db, t, paycodeRows } = ctx
  return {
    paycodes: () => paycodeRows(db),

    /** The mapping as the exporter reads it: item → code (null when unmapped) and the name of FR codes. */
    async mapping(tx: Db): Promise<Map<PayItem, { code: string | null; name: string | null }>> {
      return new Map((await paycodeRows(tx)).map((r) => [r.item, { code: r.code, name: r.name }]))
    },

    async updatePaycode(actor: Actor, item: PayItem, input: UpdatePaycodeInput, translate: Translate, now = Date.now()) {
      const code = input.code?.trim().toUpperCase() || null
      if (code && !codeFitsItem(item, code))
        throw validationError({ code: [translate(payItemKind(item) === 'time' ? 'validation.pay.codeNotTime' : 'validation.pay.codeNotPay', { code })] })
      return database.transaction(async (tx) => {
        const [row] = await tx.select().from(t.paycodes).where(eq(t.paycodes.item, item))
        const current = row ?? { item, code: null, name: null, version: 0, updatedById: null, updatedAt: 0 }
        if (current.version !== input.version) {
          throw new ApiError(409, 'version_conflict', { details: { current: (await paycodeRows(tx)).find((r) => r.item === item) } })
        }
        const next = { code, name: input.name ?? null }
        const diff = changedFields(current as unknown as Record<string, unknown>, next)
        const version = current.version + 1
        if (row)
          await tx
            .update(t.paycodes)
            .set({ ...next, version, updatedById: actor.id, updatedAt: now })
            .where(eq(t.paycodes.item, item))
        else await tx.insert(t.paycodes).values({ item, ...next, version, updatedById: actor.id, updatedAt: now })
        await logActivity(tx, t, { at: now, actorId: actor.id, entity: 'paycode', entityId: item, action: 'updated', before: diff.before, after: diff.after })
        await events.record(tx, 'paycode.changed', { item, code }, { actorId: actor.id, at: now })
        return (await paycodeRows(tx)).find((r) => r.item === item)!
      })
    },
  }
}
