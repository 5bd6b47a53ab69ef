import { and, eq, sql } from 'drizzle-orm'
import { checkoutBlocking } from '../../../shared/rules/checkout'
import { saleAmounts, saleCatalogViolations, type CatalogProduct, type CatalogProvider } from '../../../shared/rules/sale'
import { businessDay } from '../../../shared/rules/work'
import type { SaleData } from '../../../shared/schemas/sales'
import { MAX_CLOCK_SKEW_MS, Rejection, type MutatorContext } from '../../lib/sync-contract'
import { logActivity } from '../../platform/activity-log'
import type { Db } from '../../db/client'
import type { Deps } from '../../platform/deps'

/** What the sales area asks other areas (wired in server/app.ts; no area imports another). */
export type SalesPorts = {
  /** the catalog area: the sale's provider and the products it names */
  catalogForSale(
    tx: Db,
    providerId: string,
    productIds: string[],
  ): Promise<{ provider: CatalogProvider | undefined; productsById: ReadonlyMap<string, CatalogProduct & { name: string }> }>
  /** the time-reports area: the seller's checkouts of a day */
  checkoutsOfDay(tx: Db, userId: string, date: string): Promise<Array<{ date: string; checkedOutAt: number }>>
}

/**
 * The sales area's one write path for sale reports: every way a sale report is created or changed (a device's
 * sync, later back office and imports) goes through here, so its rules, its activity-log line and its event are
 * written once. Writes run in the caller's transaction.
 */
export function salesService({ database, events, files }: Pick<Deps, 'database' | 'events' | 'files'>, ports: SalesPorts) {
  const { t } = database

  return {
    /** A seller's sales of a business day: how many, and their order value (the time-reports area's checkout asks). */
    async daySummary(tx: Db, sellerId: string, date: string): Promise<{ salesCount: number; orderValueOre: number }> {
      const [summary] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number), value: sql<number>`coalesce(sum(${t.sales.orderValueOre}), 0)`.mapWith(Number) })
        .from(t.sales)
        .where(and(eq(t.sales.sellerId, sellerId), eq(t.sales.sellDate, date)))
      return { salesCount: summary?.n ?? 0, orderValueOre: summary?.value ?? 0 }
    },

    /**
     * A sale registered on a seller's device. Refusals are `Rejection`s (recorded for the device, never retried).
     * The same sale arriving again (a resend after a lost answer) changes nothing.
     */
    async createFromDevice(ctx: MutatorContext, sale: SaleData): Promise<void> {
      const { tx, actor } = ctx
      const [existing] = await tx.select({ sellerId: t.sales.sellerId }).from(t.sales).where(eq(t.sales.id, sale.id))
      if (existing) {
        if (existing.sellerId === actor.id) return
        throw new Rejection('conflict')
      }
      if (sale.soldAt > ctx.now + MAX_CLOCK_SKEW_MS) {
        throw new Rejection('validation_failed', { soldAt: [ctx.translate('validation.sale.soldInFuture')] })
      }
      const sellDate = businessDay(sale.soldAt)
      const blocking = checkoutBlocking(sale.soldAt, await ports.checkoutsOfDay(tx, actor.id, sellDate))
      if (blocking) throw new Rejection('checked_out', {}, { date: blocking.date })

      const { provider, productsById } = await ports.catalogForSale(
        tx,
        sale.providerId,
        sale.products.map((l) => l.productId),
      )
      const violations = saleCatalogViolations(sale, provider, productsById)
      if (Object.keys(violations).length > 0) {
        throw new Rejection('validation_failed', Object.fromEntries(Object.entries(violations).map(([field, key]) => [field, [ctx.translate(key)]])))
      }
      if (sale.checklistFileId) {
        const file = await files.describe(tx, sale.checklistFileId)
        if (!file || file.kind !== 'checklist' || file.userId !== actor.id)
          throw new Rejection('file_missing', { checklistFileId: [ctx.translate('sync.rejections.file_missing')] })
      }

      const amounts = saleAmounts(sale.products, productsById)
      const version = await ctx.version()
      await tx.insert(t.sales).values({
        id: sale.id,
        sellerId: actor.id,
        teamId: actor.teamId,
        officeId: actor.officeId,
        providerId: sale.providerId,
        customerType: sale.customerType,
        customerSsn: sale.customerSsn,
        customerName: sale.customerName,
        email: sale.email,
        phone: sale.phone,
        companyName: sale.companyName,
        orgNumber: sale.orgNumber,
        postalCode: sale.postalCode,
        city: sale.city,
        address: sale.address,
        message: sale.message,
        externalOrderNumber: sale.externalOrderNumber,
        checklistFileId: sale.checklistFileId,
        status: 'finalized',
        externalStatus: null,
        deviationType: null,
        deviationReason: null,
        soldAt: sale.soldAt,
        sellDate,
        ...amounts,
        version,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      await tx.insert(t.saleLines).values(
        sale.products.map((line, position) => {
          const p = productsById.get(line.productId)!
          return {
            id: crypto.randomUUID(),
            saleId: sale.id,
            productId: p.id,
            productName: p.name,
            quantity: line.quantity,
            priceOre: p.priceOre,
            sellerCommissionOre: p.sellerCommissionOre,
            companyCommissionOre: p.companyCommissionOre,
            companyCostOre: p.companyCostOre,
            position,
          }
        }),
      )
      await tx
        .insert(t.saleStatusHistory)
        .values({ id: crypto.randomUUID(), saleId: sale.id, status: 'finalized', note: null, byUserId: actor.id, at: ctx.now })
      // The file is the sale's now: it no longer counts against the seller's quota of waiting files.
      if (sale.checklistFileId) await files.attach(tx, [sale.checklistFileId], ctx.now)
      await logActivity(tx, t, {
        at: ctx.now,
        actorId: actor.id,
        entity: 'sale_report',
        entityId: sale.id,
        action: 'created',
        after: { status: 'finalized', providerId: sale.providerId, soldAt: sale.soldAt, orderValueOre: amounts.orderValueOre, lines: sale.products.length },
      })
      await events.record(
        tx,
        'sale.created',
        {
          saleId: sale.id,
          sellerId: actor.id,
          teamId: actor.teamId,
          officeId: actor.officeId,
          providerId: sale.providerId,
          status: 'finalized',
          soldAt: sale.soldAt,
          sellDate,
          orderValueOre: amounts.orderValueOre,
          sellerCommissionOre: amounts.sellerCommissionOre,
          lines: sale.products.map((l) => ({ productId: l.productId, quantity: l.quantity })),
        },
        { actorId: actor.id, at: ctx.now },
      )
    },
  }
}
export type SalesService = ReturnType<typeof salesService>
