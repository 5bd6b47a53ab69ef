import { and, asc, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { type SaleStatus } from '../../../shared/rules/sale'
import { transitionProblem, type Mover, type TransitionInput } from '../../../shared/rules/sale-lifecycle'
import type { Db } from '../../db/client'
import { accessFilter, withAccess } from '../../db/conditions'
import { literalLimit } from '../../db/prepared'
import { nextChangeVersion } from '../../db/change-counter'
import { shiftDay } from '../../../shared/rules/double-sales'
import { MATCH_DATE_TOLERANCE_DAYS, type MatchableSale } from '../../../shared/rules/orders'
import { type SalesContext } from './sales.context'
import type { OrderSaleSummary, SalesLifecycle } from './sales.lifecycle'

/** What the customer register and the orders area ask the sales area (their ports, server/composition/areas.ts). */
export function salesForRegisterAndOrders(ctx: SalesContext, { applyMove }: Pick<SalesLifecycle, 'applyMove'>) {
  const { database, t, read, conditionColumns } = ctx
  return {
    /** What the customer register asks: a customer's sale reports this user may see, newest first. */
    customers: {
      async salesOf(ability: AppAbility, key: string, limit: number) {
        const filter = accessFilter(ability, 'view', 'sale_reports', conditionColumns)
        const s = t.sales
        const rows = await read(
          `customers.sales|${filter.shape}`,
          () =>
            database.db
              .select({
                id: s.id,
                status: s.status,
                sellDate: s.sellDate,
                providerName: t.providers.name,
                sellerFirst: t.users.firstName,
                sellerLast: t.users.lastName,
                orderValueOre: s.orderValueOre,
                externalOrderNumber: s.externalOrderNumber,
              })
              .from(s)
              .innerJoin(t.providers, eq(t.providers.id, s.providerId))
              .innerJoin(t.users, eq(t.users.id, s.sellerId))
              .where(withAccess(filter, eq(s.customerKey, sql.placeholder('key'))))
              .orderBy(desc(s.sellDate), desc(s.soldAt))
              .limit(literalLimit(limit)),
          { ...filter.params, key },
        )
        return rows.map(({ sellerFirst, sellerLast, ...r }) => ({ ...r, sellerName: `${sellerFirst} ${sellerLast}` }))
      },
    },

    orders: {
      /**
       * The provider's sales with one of `orderNumbers`, or of one of `customerKeys` sold within `from`…`to` (give
       * or take the match tolerance): each by an index (provider and order number; customer key, provider, date).
       */
      async forMatching(tx: Db, providerId: string, q: { orderNumbers: string[]; customerKeys: string[]; from: string | null; to: string | null }) {
        const cols = { id: t.sales.id, externalOrderNumber: t.sales.externalOrderNumber, customerKey: t.sales.customerKey, sellDate: t.sales.sellDate }
        const found = new Map<string, MatchableSale>()
        for (let i = 0; i < q.orderNumbers.length; i += 500) {
          const rows = await tx
            .select(cols)
            .from(t.sales)
            .where(and(eq(t.sales.providerId, providerId), inArray(t.sales.externalOrderNumber, q.orderNumbers.slice(i, i + 500))))
          for (const r of rows) found.set(r.id, r)
        }
        if (q.from && q.to) {
          const from = shiftDay(q.from, -MATCH_DATE_TOLERANCE_DAYS)
          const to = shiftDay(q.to, MATCH_DATE_TOLERANCE_DAYS)
          for (let i = 0; i < q.customerKeys.length; i += 500) {
            const rows = await tx
              .select(cols)
              .from(t.sales)
              .where(
                and(
                  inArray(t.sales.customerKey, q.customerKeys.slice(i, i + 500)),
                  eq(t.sales.providerId, providerId),
                  gte(t.sales.sellDate, from),
                  lte(t.sales.sellDate, to),
                ),
              )
            for (const r of rows) found.set(r.id, r)
          }
        }
        return [...found.values()]
      },

      /** The given sales as an order's page shows them. */
      async summaries(db: Db, ids: string[]) {
        if (ids.length === 0) return new Map<string, OrderSaleSummary>()
        const rows = await db
          .select({
            id: t.sales.id,
            status: t.sales.status,
            customerName: t.sales.customerName,
            sellDate: t.sales.sellDate,
            externalOrderNumber: t.sales.externalOrderNumber,
            providerId: t.sales.providerId,
            first: t.users.firstName,
            last: t.users.lastName,
          })
          .from(t.sales)
          .innerJoin(t.users, eq(t.users.id, t.sales.sellerId))
          .where(inArray(t.sales.id, ids))
        return new Map(rows.map(({ first, last, ...r }) => [r.id, { ...r, sellerName: `${first} ${last}` }]))
      },

      /** The provider's sales sold within `from`…`to` that back office has kept (not regret), oldest first, at most `limit`. */
      async inPeriod(db: Db, providerId: string, from: string, to: string, limit: number, statuses?: SaleStatus[]) {
        const rows = await db
          .select({ id: t.sales.id })
          .from(t.sales)
          .where(
            and(
              eq(t.sales.providerId, providerId),
              gte(t.sales.sellDate, from),
              lte(t.sales.sellDate, to),
              statuses ? inArray(t.sales.status, statuses) : ne(t.sales.status, 'regret'),
            ),
          )
          .orderBy(asc(t.sales.sellDate), asc(t.sales.id))
          .limit(limit)
        return rows.map((r) => r.id)
      },

      /**
       * Flags approved sales no order registration has, as the system (an import found none for them), with the
       * reason the seller and back office read; a sale that is no longer approved is left as it is.
       */
      async flagWithoutOrder(tx: Db, saleIds: string[], reason: string, now: number): Promise<number> {
        let flagged = 0
        for (const id of saleIds) {
          const [sale] = await tx.select().from(t.sales).where(eq(t.sales.id, id))
          if (!sale || sale.status !== 'approved') continue
          await applyMove(tx, sale, { to: 'flagged', reason, deviationType: null }, null, true, now)
          flagged++
        }
        return flagged
      },
    },
  }
}

/** What the quality area, the game, alerts, the activity log and the checkout ask the sales area (their ports). */
export function salesForOthers(ctx: SalesContext, { applyMove }: Pick<SalesLifecycle, 'applyMove'>) {
  const { t } = ctx
  return {
    /**
     * What the quality area asks of a sale (docs/decisions/045): its details for the survey form, the move a
     * survey's outcome makes through the lifecycle (as the `quality` mover), and the grade it was given.
     */
    /** What a seller transcription takes from the sale it belongs to (docs/decisions/076): whose, which provider, where. */
    async forTranscript(db: Db, saleId: string) {
      const [sale] = await db
        .select({
          sellerId: t.sales.sellerId,
          providerId: t.sales.providerId,
          teamId: t.sales.teamId,
          officeId: t.sales.officeId,
          customerName: t.sales.customerName,
        })
        .from(t.sales)
        .where(eq(t.sales.id, saleId))
      return sale ?? null
    },

    /** The providers a seller sold for on a day, the one sold for most first (a call typed in for them, issue 70). */
    async providersSoldOn(db: Db, sellerId: string, day: string): Promise<string[]> {
      const rows = await db
        .select({ providerId: t.sales.providerId, n: sql<number>`count(*)`.mapWith(Number) })
        .from(t.sales)
        .where(and(eq(t.sales.sellerId, sellerId), eq(t.sales.sellDate, day)))
        .groupBy(t.sales.providerId)
      return rows.sort((a, b) => b.n - a.n || a.providerId.localeCompare(b.providerId)).map((r) => r.providerId)
    },

    quality: {
      async forSurvey(db: Db, saleId: string) {
        const [sale] = await db.select().from(t.sales).where(eq(t.sales.id, saleId))
        if (!sale) return null
        const lines = await db
          .select({ name: t.saleLines.productName, quantity: t.saleLines.quantity })
          .from(t.saleLines)
          .where(eq(t.saleLines.saleId, saleId))
          .orderBy(asc(t.saleLines.position))
        return {
          customerName: sale.customerName,
          customerType: sale.customerType,
          companyName: sale.companyName,
          phone: sale.phone,
          email: sale.email,
          ssn: sale.customerSsn,
          orderValueOre: sale.orderValueOre,
          soldAt: sale.soldAt,
          status: sale.status,
          lines,
        }
      },

      /**
       * Moves the sale as a quality call's outcome, when the lifecycle allows it from where the sale is now; else
       * leaves it (back office decided first) and says so. Written as every move is: status, history, log, event.
       */
      async outcome(tx: Db, move: { saleId: string; to: 'unanswered' | 'regret'; reason: string | null; byUserId: string | null; now: number }) {
        const [sale] = await tx.select().from(t.sales).where(eq(t.sales.id, move.saleId))
        if (!sale) return { moved: false, from: null }
        const input: TransitionInput = { to: move.to, reason: move.reason, deviationType: null }
        if (transitionProblem(sale.status, input, new Set<Mover>(['quality']))) return { moved: false, from: sale.status }
        await applyMove(tx, sale, input, move.byUserId, false, move.now)
        return { moved: true, from: sale.status }
      },

      /** The grade of the sale's survey, on the sale: the seller's device pulls it with the next change-counter value. */
      async graded(tx: Db, saleId: string, grade: string | null) {
        const [sale] = await tx.select({ sellerId: t.sales.sellerId }).from(t.sales).where(eq(t.sales.id, saleId))
        if (!sale) return
        const version = await nextChangeVersion(tx, t, sale.sellerId)
        await tx.update(t.sales).set({ qualityGrade: grade, version }).where(eq(t.sales.id, saleId))
      },
    },

    /**
     * A sale as the sales game first sees it (docs/decisions/052) when it hears of it only by a move, not by its
     * creation (a sale made before the game existed): its seller, places, day, lines and status now.
     */
    async forGame(db: Db, saleId: string) {
      const [sale] = await db
        .select({
          sellerId: t.sales.sellerId,
          teamId: t.sales.teamId,
          officeId: t.sales.officeId,
          sellDate: t.sales.sellDate,
          status: t.sales.status,
          orderValueOre: t.sales.orderValueOre,
        })
        .from(t.sales)
        .where(eq(t.sales.id, saleId))
      if (!sale) return null
      const lines = await db
        .select({ productId: t.saleLines.productId, quantity: t.saleLines.quantity })
        .from(t.saleLines)
        .where(eq(t.saleLines.saleId, saleId))
      return { ...sale, lines }
    },

    /** A sale as an alert names it: its provider, customer and seller (the notifications area asks). */
    async label(db: Db, saleId: string): Promise<{ provider: string; customer: string; seller: string } | null> {
      const [row] = await db
        .select({ provider: t.providers.name, customer: t.sales.customerName, first: t.users.firstName, last: t.users.lastName })
        .from(t.sales)
        .innerJoin(t.providers, eq(t.providers.id, t.sales.providerId))
        .innerJoin(t.users, eq(t.users.id, t.sales.sellerId))
        .where(eq(t.sales.id, saleId))
      return row ? { provider: row.provider, customer: row.customer, seller: `${row.first} ${row.last}` } : null
    },

    /** Sales as the activity log names them, `customer · provider`, by id (an unknown id is left out). */
    async logNames(db: Db, saleIds: string[]): Promise<Map<string, string>> {
      if (saleIds.length === 0) return new Map()
      const rows = await db
        .select({ id: t.sales.id, provider: t.providers.name, customer: t.sales.customerName })
        .from(t.sales)
        .innerJoin(t.providers, eq(t.providers.id, t.sales.providerId))
        .where(inArray(t.sales.id, [...new Set(saleIds)]))
      return new Map(rows.map((r) => [r.id, `${r.customer} · ${r.provider}`]))
    },

    /** A seller's sales of a business day: how many, and their order value (the time-reports area's checkout asks). */
    async daySummary(tx: Db, sellerId: string, date: string): Promise<{ salesCount: number; orderValueOre: number }> {
      const [summary] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number), value: sql<number>`coalesce(sum(${t.sales.orderValueOre}), 0)`.mapWith(Number) })
        .from(t.sales)
        .where(and(eq(t.sales.sellerId, sellerId), eq(t.sales.sellDate, date)))
      return { salesCount: summary?.n ?? 0, orderValueOre: summary?.value ?? 0 }
    },
  }
}
