import { eq, sql } from 'drizzle-orm'
import type { Database, Db, Schema } from './client'

/**
 * The sales summary (docs/decisions/046) counted from the sale reports and their lines: what the sales service
 * keeps up to date change by change, as two SELECT … GROUP BY queries, the same on both databases. The test of the
 * kept summary compares it with these; `fillSaleSummary` writes them for data written without the service (the
 * seeds' bulk inserts). No team or office is '' as in the summary's keys.
 */
export function saleSummaryRecount(db: Db, t: Schema) {
  const s = t.sales
  const l = t.saleLines
  const team = sql<string>`coalesce(${s.teamId}, '')`
  const office = sql<string>`coalesce(${s.officeId}, '')`
  const total = (expression: ReturnType<typeof sql>, name: string) => sql<number>`sum(${expression})`.mapWith(Number).as(name)
  return {
    totals: () =>
      db
        .select({
          sellDate: s.sellDate,
          sellerId: s.sellerId,
          teamId: team.as('team_id'),
          officeId: office.as('office_id'),
          providerId: s.providerId,
          status: s.status,
          sales: sql<number>`count(*)`.mapWith(Number).as('sales'),
          orderValueOre: total(sql`${s.orderValueOre}`, 'order_value_ore'),
          sellerCommissionOre: total(sql`${s.sellerCommissionOre}`, 'seller_commission_ore'),
          companyCommissionOre: total(sql`${s.companyCommissionOre}`, 'company_commission_ore'),
          companyCostOre: total(sql`${s.companyCostOre}`, 'company_cost_ore'),
        })
        .from(s)
        .groupBy(s.sellDate, s.sellerId, team, office, s.providerId, s.status),
    products: () =>
      db
        .select({
          sellDate: s.sellDate,
          sellerId: s.sellerId,
          teamId: team.as('team_id'),
          officeId: office.as('office_id'),
          providerId: s.providerId,
          productId: l.productId,
          status: s.status,
          lines: sql<number>`count(*)`.mapWith(Number).as('lines'),
          quantity: total(sql`${l.quantity}`, 'quantity'),
          orderValueOre: total(sql`${l.priceOre} * ${l.quantity}`, 'order_value_ore'),
          sellerCommissionOre: total(sql`${l.sellerCommissionOre} * ${l.quantity}`, 'seller_commission_ore'),
          companyCommissionOre: total(sql`${l.companyCommissionOre} * ${l.quantity}`, 'company_commission_ore'),
          companyCostOre: total(sql`${l.companyCostOre} * ${l.quantity}`, 'company_cost_ore'),
        })
        .from(l)
        .innerJoin(s, eq(s.id, l.saleId))
        .groupBy(s.sellDate, s.sellerId, team, office, s.providerId, l.productId, s.status),
  }
}

/** The sales summary written again from the sales, replacing what was there: in the caller's transaction, or its own. */
export async function fillSaleSummary(database: Database, tx?: Db): Promise<void> {
  const { t } = database
  if (!tx) return database.transaction((own) => fillSaleSummary(database, own))
  const recount = saleSummaryRecount(tx, t)
  await tx.delete(t.saleDayTotals)
  await tx.delete(t.saleDayProducts)
  await tx.insert(t.saleDayTotals).select(recount.totals() as never)
  await tx.insert(t.saleDayProducts).select(recount.products() as never)
}
