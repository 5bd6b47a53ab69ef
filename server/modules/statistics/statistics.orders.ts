import { SALE_STATUSES, type SaleStatus } from '../../../shared/rules/sale'
import { daysInclusive } from '../../../shared/rules/work'
import { ORDER_STATS_DAILY_MAX_DAYS, type OrderStatistics, type OrderStatsFilter } from '../../../shared/schemas/statistics'
import { type Actor, type Totals, periodsOf, type StatisticsContext } from './statistics.context'

/** The order statistics: a period's standing sales by product, by team and over time, within the reader's sale reports. */
export function orderStatistics(ctx: StatisticsContext) {
  const { ports, db, standing, extraIncomeOf } = ctx
  return {
    async orders(actor: Actor, f: OrderStatsFilter): Promise<OrderStatistics> {
      const unit = daysInclusive(f.from, f.to) <= ORDER_STATS_DAILY_MAX_DAYS ? 'day' : 'month'
      const [products, { byTeam: teams, byPeriod: time }] = await Promise.all([ports.productStatuses(actor.ability, f), ports.totals(actor.ability, f, unit)])
      const byProduct = new Map<string, { lines: number; quantity: number; orderValueOre: number }>()
      for (const row of standing(products)) {
        const p = byProduct.get(row.productId) ?? { lines: 0, quantity: 0, orderValueOre: 0 }
        p.lines += row.lines
        p.quantity += row.quantity
        p.orderValueOre += row.orderValueOre
        byProduct.set(row.productId, p)
      }
      const sumBy = (rows: Totals) => {
        const out = new Map<string, { sales: number; orderValueOre: number }>()
        for (const row of standing(rows)) {
          const s = out.get(row.key) ?? { sales: 0, orderValueOre: 0 }
          s.sales += row.sales
          s.orderValueOre += row.orderValueOre
          out.set(row.key, s)
        }
        return out
      }
      const byTeam = sumBy(teams)
      const overTime = sumBy(time)
      // The sales distribution: every report of the period by status, from the same by-team figures (all statuses).
      const statuses = new Map<SaleStatus, { sales: number; orderValueOre: number }>()
      for (const row of teams) {
        const s = statuses.get(row.status) ?? { sales: 0, orderValueOre: 0 }
        s.sales += row.sales
        s.orderValueOre += row.orderValueOre
        statuses.set(row.status, s)
      }
      const [productNames, teamNames] = await Promise.all([
        ports.productNames(db, [...byProduct.keys()]),
        ports.teamNames(
          db,
          [...byTeam.keys()].filter((k) => k !== ''),
        ),
      ])
      const extraIncome = actor.ability.can('view', 'paycodes') ? await extraIncomeOf(actor, f) : null
      const total = [...byTeam.values()].reduce((n, s) => ({ sales: n.sales + s.sales, orderValueOre: n.orderValueOre + s.orderValueOre }), {
        sales: 0,
        orderValueOre: 0,
      })
      return {
        filter: f,
        totals: { ...total, quantity: [...byProduct.values()].reduce((n, p) => n + p.quantity, 0) },
        byProduct: [...byProduct.entries()]
          .map(([id, p]) => ({ product: { id, name: productNames.get(id) ?? '' }, ...p }))
          .sort((a, b) => b.orderValueOre - a.orderValueOre || b.quantity - a.quantity || a.product.name.localeCompare(b.product.name, 'sv')),
        byTeam: [...byTeam.entries()]
          .map(([id, s]) => ({ team: id === '' ? null : { id, name: teamNames.get(id) ?? '' }, ...s }))
          .sort((a, b) => b.orderValueOre - a.orderValueOre || (a.team?.name ?? '').localeCompare(b.team?.name ?? '', 'sv')),
        overTime: {
          unit,
          points: periodsOf(f.from, f.to, unit).map((period) => ({
            period,
            sales: overTime.get(period)?.sales ?? 0,
            orderValueOre: overTime.get(period)?.orderValueOre ?? 0,
          })),
        },
        byStatus: SALE_STATUSES.filter((status) => statuses.has(status)).map((status) => ({ status, ...statuses.get(status)! })),
        extraIncome,
      }
    },
  }
}
