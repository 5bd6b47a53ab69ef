import { eq, gte, lte, sql, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { SaleStatus } from '../../../shared/rules/sale'
import type { Database } from '../../db/client'
import { accessFilter, UnsupportedConditionError, withAccess } from '../../db/conditions'
import { monthFold } from './sales.summary-fold'

/** Sales and order value per status and key (a team, a day or a month), as the totals read gives them. */
export type TotalsRow = { key: string; status: SaleStatus; sales: number; orderValueOre: number }

/** The standing sales' figures of a seller, team, office or provider (profitability, docs/decisions/051). */
export type AmountsRow = {
  key: string
  sales: number
  orderValueOre: number
  sellerCommissionOre: number
  companyCommissionOre: number
  companyCostOre: number
}

/** Figures added up per key and status. */
export class Sums {
  private readonly map = new Map<string, TotalsRow>()
  add(key: string, r: { status: SaleStatus; sales: number; orderValueOre: number }, sign: 1 | -1 = 1) {
    const id = `${key}\u0000${r.status}`
    const sum = this.map.get(id)
    if (sum) {
      sum.sales += sign * r.sales
      sum.orderValueOre += sign * r.orderValueOre
    } else this.map.set(id, { key, status: r.status, sales: sign * r.sales, orderValueOre: sign * r.orderValueOre })
  }
  /** The sums that hold a sale (days taken away from a month can leave none). */
  rows(): TotalsRow[] {
    return [...this.map.values()].filter((r) => r.sales !== 0)
  }
}

/**
 * What the summary's readers narrow by: the sell dates (inclusive) and, each optional, a place, a seller, a provider.
 */
export type SummaryFilter = { from: string; to: string; officeId?: string; teamId?: string; sellerId?: string; providerId?: string }

/**
 * What the summary's reads share: the reader's conditions on the day and month tables, and whether a question covers
 * the whole organisation.
 */
export function summaryReadsContext(database: Database) {
  const { db, t } = database
  const fold = monthFold(database)
  const P = t.saleDayProducts
  const MP = t.saleMonthProducts
  const T = t.saleDayTotals
  const MT = t.saleMonthTotals
  const MS = t.saleMonthSellers

  function dayWhere(ability: AppAbility, f: SummaryFilter, days: { from: string; to: string }, table: typeof P | typeof T = P): SQL | undefined {
    const own = [gte(table.sellDate, days.from), lte(table.sellDate, days.to)]
    if (f.officeId) own.push(eq(table.officeId, f.officeId))
    if (f.teamId) own.push(eq(table.teamId, f.teamId))
    if (f.sellerId) own.push(eq(table.sellerId, f.sellerId))
    if (f.providerId) own.push(eq(table.providerId, f.providerId))
    const columns = { sellerId: table.sellerId, teamId: table.teamId, officeId: table.officeId }
    return withAccess(accessFilter(ability, 'view', 'sale_reports', columns, { inline: true }), ...own)
  }

  /** The month totals' condition for the reader and filter, or null when it needs the seller (the table has none). */
  function monthTotalsWhere(ability: AppAbility, f: SummaryFilter, months: { from: string; to: string }): SQL | undefined | null {
    if (f.sellerId) return null
    let access
    try {
      access = accessFilter(ability, 'view', 'sale_reports', { teamId: MT.teamId, officeId: MT.officeId }, { inline: true })
    } catch (error) {
      if (error instanceof UnsupportedConditionError) return null
      throw error
    }
    const own = [gte(MT.month, months.from), lte(MT.month, months.to)]
    if (f.officeId) own.push(eq(MT.officeId, f.officeId))
    if (f.teamId) own.push(eq(MT.teamId, f.teamId))
    if (f.providerId) own.push(eq(MT.providerId, f.providerId))
    return withAccess(access, ...own) ?? sql`1 = 1`
  }

  /**
   * Whether the whole organisation's month table answers: a reader who sees every sale, asking for no place or seller.
   */
  function wholeOrganisation(ability: AppAbility, f: SummaryFilter): boolean {
    if (f.officeId || f.teamId || f.sellerId) return false
    return accessFilter(ability, 'view', 'sale_reports', { sellerId: P.sellerId, teamId: P.teamId, officeId: P.officeId }).kind === 'all'
  }

  return { database, db, t, fold, P, MP, T, MT, MS, dayWhere, monthTotalsWhere, wholeOrganisation }
}
export type SummaryReadsContext = ReturnType<typeof summaryReadsContext>
