import { eq, inArray, sql, type AnyColumn } from 'drizzle-orm'
import { EARNING_STATUSES } from '../../../shared/rules/earnings'
import type { Database, Db, Schema } from '../../db/client'

/**
 * The sales summary (docs/decisions/046) counted from the sale reports and their lines: what the sales service
 * keeps up to date change by change, as two SELECT … GROUP BY queries, the same on both databases. The test of the
 * kept summary compares it with these; `fillSaleSummary` writes them (the month tables from the day tables) for data written without the service (the
 * seeds' bulk inserts). No team or office is '' as in the summary's keys.
 */
export function saleSummaryRecount(db: Db, t: Schema) {
  const s = t.sales
  const l = t.saleLines
  const team = sql<string>`coalesce(${s.teamId}, '')`
  const office = sql<string>`coalesce(${s.officeId}, '')`
  const month = sql<string>`substr(${s.sellDate}, 1, 7)`
  const total = (expression: ReturnType<typeof sql>, name: string) => sql<number>`sum(${expression})`.mapWith(Number).as(name)
  /** A group's sales and their amounts. */
  const saleSums = () => ({
    sales: sql<number>`count(*)`.mapWith(Number).as('sales'),
    orderValueOre: total(sql`${s.orderValueOre}`, 'order_value_ore'),
    sellerCommissionOre: total(sql`${s.sellerCommissionOre}`, 'seller_commission_ore'),
    companyCommissionOre: total(sql`${s.companyCommissionOre}`, 'company_commission_ore'),
    companyCostOre: total(sql`${s.companyCostOre}`, 'company_cost_ore'),
  })
  /** A group's sale lines, their quantity and amounts (a line's figure times its quantity). */
  const lineSums = () => ({
    lines: sql<number>`count(*)`.mapWith(Number).as('lines'),
    quantity: total(sql`${l.quantity}`, 'quantity'),
    orderValueOre: total(sql`${l.priceOre} * ${l.quantity}`, 'order_value_ore'),
    sellerCommissionOre: total(sql`${l.sellerCommissionOre} * ${l.quantity}`, 'seller_commission_ore'),
    companyCommissionOre: total(sql`${l.companyCommissionOre} * ${l.quantity}`, 'company_commission_ore'),
    companyCostOre: total(sql`${l.companyCostOre} * ${l.quantity}`, 'company_cost_ore'),
  })
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
          ...saleSums(),
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
          ...lineSums(),
        })
        .from(l)
        .innerJoin(s, eq(s.id, l.saleId))
        .groupBy(s.sellDate, s.sellerId, team, office, s.providerId, l.productId, s.status),
    monthTotals: () =>
      db
        .select({
          month: month.as('month'),
          teamId: team.as('team_id'),
          officeId: office.as('office_id'),
          providerId: s.providerId,
          status: s.status,
          ...saleSums(),
        })
        .from(s)
        .groupBy(month, team, office, s.providerId, s.status),
    monthProducts: () =>
      db
        .select({
          month: month.as('month'),
          providerId: s.providerId,
          productId: l.productId,
          status: s.status,
          ...lineSums(),
        })
        .from(l)
        .innerJoin(s, eq(s.id, l.saleId))
        .groupBy(month, s.providerId, l.productId, s.status),
    monthSellers: () =>
      db
        .select({
          month: month.as('month'),
          sellerId: s.sellerId,
          teamId: team.as('team_id'),
          officeId: office.as('office_id'),
          ...saleSums(),
        })
        .from(s)
        .where(inArray(s.status, [...EARNING_STATUSES]))
        .groupBy(month, s.sellerId, team, office),
  }
}

/** The month tables added up from the day tables (the same figures as from the sales, in a fraction of the rows). */
function monthsFromDays(db: Db, t: Schema) {
  const T = t.saleDayTotals
  const P = t.saleDayProducts
  const month = (table: typeof T | typeof P) => sql<string>`substr(${table.sellDate}, 1, 7)`
  const total = (column: AnyColumn, name: string) => sql<number>`sum(${column})`.mapWith(Number).as(name)
  /** The four amounts of a day table's rows, added up. */
  const amounts = (x: typeof T | typeof P) => ({
    orderValueOre: total(x.orderValueOre, 'order_value_ore'),
    sellerCommissionOre: total(x.sellerCommissionOre, 'seller_commission_ore'),
    companyCommissionOre: total(x.companyCommissionOre, 'company_commission_ore'),
    companyCostOre: total(x.companyCostOre, 'company_cost_ore'),
  })
  return {
    totals: () =>
      db
        .select({
          month: month(T).as('month'),
          teamId: T.teamId,
          officeId: T.officeId,
          providerId: T.providerId,
          status: T.status,
          sales: total(T.sales, 'sales'),
          ...amounts(T),
        })
        .from(T)
        .groupBy(month(T), T.teamId, T.officeId, T.providerId, T.status),
    products: () =>
      db
        .select({
          month: month(P).as('month'),
          providerId: P.providerId,
          productId: P.productId,
          status: P.status,
          lines: total(P.lines, 'lines'),
          quantity: total(P.quantity, 'quantity'),
          ...amounts(P),
        })
        .from(P)
        .groupBy(month(P), P.providerId, P.productId, P.status),
    sellers: () =>
      db
        .select({
          month: month(T).as('month'),
          sellerId: T.sellerId,
          teamId: T.teamId,
          officeId: T.officeId,
          sales: total(T.sales, 'sales'),
          ...amounts(T),
        })
        .from(T)
        .where(inArray(T.status, [...EARNING_STATUSES]))
        .groupBy(month(T), T.sellerId, T.teamId, T.officeId),
  }
}

/** The sales summary written again from the sales, replacing what was there: in the caller's transaction, or its own. */
export async function fillSaleSummary(database: Database, tx?: Db): Promise<void> {
  const { t } = database
  if (!tx) return database.transaction((own) => fillSaleSummary(database, own))
  const recount = saleSummaryRecount(tx, t)
  await tx.delete(t.saleDayTotals)
  await tx.delete(t.saleDayProducts)
  await tx.insert(t.saleDayTotals).select(recount.totals())
  await tx.insert(t.saleDayProducts).select(recount.products())
  const months = monthsFromDays(tx, t)
  await tx.delete(t.saleMonthTotals)
  await tx.delete(t.saleMonthProducts)
  // The month tables are counted from the days whole again: deltas waiting for the fold are in them already.
  await tx.delete(t.saleMonthPending)
  await tx.insert(t.saleMonthTotals).select(months.totals())
  await tx.insert(t.saleMonthProducts).select(months.products())
  await tx.delete(t.saleMonthSellers)
  await tx.insert(t.saleMonthSellers).select(months.sellers())
}
