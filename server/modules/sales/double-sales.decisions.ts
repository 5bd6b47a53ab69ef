import { eq } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { ConfirmDoubleSaleInput, DismissDoubleSaleInput } from '../../../shared/schemas/double-sales'
import type { Translate } from '../../../shared/schemas/errors'
import type { Db } from '../../db/client'
import { validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { DoubleSalesContext } from './double-sales.context'

/** Back office's decisions on a pair: confirmed (the later sale moves) or dismissed, each once. */
export function doubleSaleDecisions(ctx: DoubleSalesContext) {
  const { openPair, t, d } = ctx

  return {
    /**
     * Confirms a pair: the chosen sale (one of the two) becomes regret through `moveToRegret` (the lifecycle's
     * rules, version and 409s), unless it already is; the pair is closed with who, when and which. 404 for a pair
     * the user may not see, 409 `already_decided` for one that is no longer open, 400 for a sale not in the pair.
     */
    async confirm(
      tx: Db,
      actor: { id: string; ability: AppAbility },
      id: string,
      input: ConfirmDoubleSaleInput,
      ctx: { now: number; translate: Translate },
      moveToRegret: (saleId: string, version: number, reason: string) => Promise<void>,
    ) {
      const pair = await openPair(tx, actor, id, ctx.translate)
      if (input.regretSaleId !== pair.saleId && input.regretSaleId !== pair.otherSaleId) {
        throw validationError({ regretSaleId: [ctx.translate('validation.doubleSale.notInPair')] })
      }
      const [regretted] = await tx.select({ status: t.sales.status }).from(t.sales).where(eq(t.sales.id, input.regretSaleId))
      if (regretted?.status !== 'regret') await moveToRegret(input.regretSaleId, input.version, input.reason)
      await tx
        .update(d)
        .set({ state: 'confirmed', pending: 0, decidedAt: ctx.now, decidedById: actor.id, regretSaleId: input.regretSaleId, note: input.reason })
        .where(eq(d.id, id))
      await logActivity(tx, t, {
        at: ctx.now,
        actorId: actor.id,
        entity: 'double_sale',
        entityId: id,
        action: 'confirmed',
        before: { state: 'open' },
        after: { state: 'confirmed', regretSaleId: input.regretSaleId },
        reason: input.reason,
      })
    },
    /** Dismisses a pair: two sales, not one twice. Same refusals as confirming. */
    async dismiss(tx: Db, actor: { id: string; ability: AppAbility }, id: string, input: DismissDoubleSaleInput, ctx: { now: number; translate: Translate }) {
      await openPair(tx, actor, id, ctx.translate)
      const note = input.note ?? null
      await tx.update(d).set({ state: 'dismissed', pending: 0, decidedAt: ctx.now, decidedById: actor.id, note }).where(eq(d.id, id))
      await logActivity(tx, t, {
        at: ctx.now,
        actorId: actor.id,
        entity: 'double_sale',
        entityId: id,
        action: 'dismissed',
        before: { state: 'open' },
        after: { state: 'dismissed' },
        reason: note,
      })
    },
  }
}
