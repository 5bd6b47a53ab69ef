import { and, inArray, sql, type AnyColumn } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { EARNING_STATUSES } from '../../../shared/rules/earnings'
import type { Database } from '../../db/client'
import {
  accessCondition,
  anyOfRules,
  readSlice,
  type AnalyticsCategory,
  type AnalyticsResult,
  type AnalyticsSlice,
  type AnalyticsSource,
} from '../../db/analytics'
import { monthFold } from './sales.summary-fold'

/** What the BI assistant counts from the sales summary (docs/decisions/053). */
export type SaleAnalyticsMeasure = 'orderValue' | 'orders' | 'quantity' | 'regretRate'

/**
 * The BI assistant's reads of the sales summary (docs/decisions/053): a slice by up to two keys within the sales the
 * reader may see — their `view sale_reports` rules or their `view sales` rules (a seller's own), whichever allows —
 * applied in the statement. Values: `sales` (sales, or for products the lines holding one), `orderValueOre`,
 * `quantity` (products only) and `regret` (of those, the ones in regret). Order value, orders and quantity count the
 * sales that stand unless the slice names statuses or splits by them; the regret rate counts every status.
 * Whole months come from a month table when the keys and the reader's rules allow (no day or week, no seller unless the
 * table has one, the products' month table only for the whole organisation).
 */
export function saleAnalytics(database: Database) {
  const { t } = database
  const T = t.saleDayTotals
  const P = t.saleDayProducts
  const MT = t.saleMonthTotals
  const MP = t.saleMonthProducts
  const SUBJECTS = ['sale_reports', 'sales'] as const
  const months = monthFold(database)
  return async function analytics(ability: AppAbility, slice: AnalyticsSlice, measure: SaleAnalyticsMeasure): Promise<AnalyticsResult> {
    await months.settle()
    const named = (k: AnalyticsCategory) => slice.keys.includes(k) || (slice.filters[k]?.length ?? 0) > 0
    const products = measure === 'quantity' || named('product')
    const statuses = slice.filters.status?.length
      ? undefined // the filter names them
      : measure === 'regretRate' || slice.keys.includes('status')
        ? undefined
        : [...EARNING_STATUSES]
    const statusWhere = (column: AnyColumn) => (statuses ? inArray(column, statuses) : undefined)
    const regret = (count: AnyColumn, status: AnyColumn) => sql<number>`sum(case when ${status} = 'regret' then ${count} else 0 end)`
    if (products) {
      const dayAccess = anyOfRules(ability, [...SUBJECTS], { sellerId: P.sellerId, teamId: P.teamId, officeId: P.officeId })!
      const day: AnalyticsSource = {
        table: P,
        grain: 'day',
        date: P.sellDate,
        columns: { seller: P.sellerId, team: P.teamId, office: P.officeId, provider: P.providerId, product: P.productId, status: P.status },
        values: {
          sales: sql`sum(${P.lines})`,
          orderValueOre: sql`sum(${P.orderValueOre})`,
          quantity: sql`sum(${P.quantity})`,
          regret: regret(P.lines, P.status),
        },
        where: and(accessCondition(dayAccess), statusWhere(P.status)),
      }
      const whole = dayAccess.kind === 'all' && !named('seller') && !named('team') && !named('office')
      const month: AnalyticsSource | null = whole
        ? {
            table: MP,
            grain: 'month',
            date: MP.month,
            columns: { provider: MP.providerId, product: MP.productId, status: MP.status },
            values: {
              sales: sql`sum(${MP.lines})`,
              orderValueOre: sql`sum(${MP.orderValueOre})`,
              quantity: sql`sum(${MP.quantity})`,
              regret: regret(MP.lines, MP.status),
            },
            where: statusWhere(MP.status),
          }
        : null
      return readSlice(database, { day, month }, slice)
    }
    const dayAccess = anyOfRules(ability, [...SUBJECTS], { sellerId: T.sellerId, teamId: T.teamId, officeId: T.officeId })!
    const day: AnalyticsSource = {
      table: T,
      grain: 'day',
      date: T.sellDate,
      columns: { seller: T.sellerId, team: T.teamId, office: T.officeId, provider: T.providerId, status: T.status },
      values: { sales: sql`sum(${T.sales})`, orderValueOre: sql`sum(${T.orderValueOre})`, regret: regret(T.sales, T.status) },
      where: and(accessCondition(dayAccess), statusWhere(T.status)),
    }
    // By seller, the sales that stand: the month table by seller has them (no provider, no status, no regret).
    if (named('seller') && statuses && measure !== 'regretRate' && !named('provider')) {
      const MS = t.saleMonthSellers
      const sellerAccess = anyOfRules(ability, [...SUBJECTS], { sellerId: MS.sellerId, teamId: MS.teamId, officeId: MS.officeId })
      if (sellerAccess) {
        const month: AnalyticsSource = {
          table: MS,
          grain: 'month',
          date: MS.month,
          columns: { seller: MS.sellerId, team: MS.teamId, office: MS.officeId },
          values: { sales: sql`sum(${MS.sales})`, orderValueOre: sql`sum(${MS.orderValueOre})`, regret: sql`0` },
          where: accessCondition(sellerAccess),
        }
        return readSlice(database, { day, month }, slice)
      }
    }
    const monthAccess = named('seller') ? null : anyOfRules(ability, [...SUBJECTS], { teamId: MT.teamId, officeId: MT.officeId })
    const month: AnalyticsSource | null = monthAccess
      ? {
          table: MT,
          grain: 'month',
          date: MT.month,
          columns: { team: MT.teamId, office: MT.officeId, provider: MT.providerId, status: MT.status },
          values: { sales: sql`sum(${MT.sales})`, orderValueOre: sql`sum(${MT.orderValueOre})`, regret: regret(MT.sales, MT.status) },
          where: and(accessCondition(monthAccess), statusWhere(MT.status)),
        }
      : null
    return readSlice(database, { day, month }, slice)
  }
}
