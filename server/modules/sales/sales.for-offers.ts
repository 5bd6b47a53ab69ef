import { asc, eq } from 'drizzle-orm'
import { transitionProblem, type Mover, type TransitionInput } from '../../../shared/rules/sale-lifecycle'
import type { OfferSale } from '../../../shared/schemas/offers'
import type { Db } from '../../db/client'
import type { SalesContext } from './sales.context'
import type { SalesLifecycle } from './sales.lifecycle'

/** What the offers area asks the sales area (its ports, server/composition/areas.ts). */
export function salesForOffers(ctx: SalesContext, { applyMove }: Pick<SalesLifecycle, 'applyMove'>) {
  const { t } = ctx
  return {
    async forOffer(db: Db, saleId: string): Promise<OfferSale | null> {
      const [sale] = await db.select().from(t.sales).where(eq(t.sales.id, saleId))
      if (!sale) return null
      const lines = await db
        .select({ name: t.saleLines.productName, quantity: t.saleLines.quantity, priceOre: t.saleLines.priceOre })
        .from(t.saleLines)
        .where(eq(t.saleLines.saleId, saleId))
        .orderBy(asc(t.saleLines.position))
      return {
        id: sale.id,
        sellerId: sale.sellerId,
        teamId: sale.teamId,
        officeId: sale.officeId,
        providerId: sale.providerId,
        status: sale.status,
        soldAt: sale.soldAt,
        customerType: sale.customerType,
        customerName: sale.customerName,
        companyName: sale.companyName,
        email: sale.email,
        phone: sale.phone,
        address: sale.address,
        postalCode: sale.postalCode,
        city: sale.city,
        orderValueOre: sale.orderValueOre,
        lines,
      }
    },

    /**
     * The customer declined the offer or let it expire: without their written acceptance there is no contract, so the
     * sale is a regret with the reason — the move the customer's own withdrawal makes (the `quality` mover: the
     * customer speaks, not back office). A sale already regretted is left as it is.
     */
    async withoutContract(tx: Db, move: { saleId: string; reason: string; now: number }) {
      const [sale] = await tx.select().from(t.sales).where(eq(t.sales.id, move.saleId))
      if (!sale) return { moved: false }
      const input: TransitionInput = { to: 'regret', reason: move.reason, deviationType: null }
      if (transitionProblem(sale.status, input, new Set<Mover>(['quality']))) return { moved: false }
      await applyMove(tx, sale, input, null, false, move.now)
      return { moved: true }
    },
  }
}
