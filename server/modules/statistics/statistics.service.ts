import type { AppAbility } from '../../../shared/permissions/ability'
import { EARNING_STATUSES } from '../../../shared/rules/earnings'
import type { SaleStatus } from '../../../shared/rules/sale'
import { addDays, daysInclusive } from '../../../shared/rules/work'
import { ORDER_STATS_DAILY_MAX_DAYS, type OrderStatistics, type OrderStatsFilter } from '../../../shared/schemas/statistics'
import type { Db } from '../../db/client'
import type { Deps } from '../../platform/deps'

type Actor = { id: string; ability: AppAbility }
type Totals = Array<{ key: string; status: SaleStatus; sales: number; orderValueOre: number }>

/** What the statistics ask other areas (answered in server/app.ts): the sales summary's figures and names. */
export type StatisticsPorts = {
  productStatuses(
    ability: AppAbility,
    f: OrderStatsFilter,
  ): Promise<Array<{ productId: string; status: SaleStatus; lines: number; quantity: number; orderValueOre: number }>>
  totals(ability: AppAbility, f: OrderStatsFilter, unit: 'day' | 'month'): Promise<{ byTeam: Totals; byPeriod: Totals }>
  productNames(db: Db, ids: string[]): Promise<Map<string, string>>
  teamNames(db: Db, ids: string[]): Promise<Map<string, string>>
}

/** The sales that stand: what order value counts (the same statuses as the seller's earnings). */
const STANDING = new Set<SaleStatus>(EARNING_STATUSES)

/** Every period of a range: its days, or its months (YYYY-MM). */
export function periodsOf(from: string, to: string, unit: 'day' | 'month'): string[] {
  const out: string[] = []
  if (unit === 'day') {
    for (let d = from; d <= to; d = addDays(d, 1)) out.push(d)
    return out
  }
  for (let m = from.slice(0, 7); m <= to.slice(0, 7);) {
    out.push(m)
    const [y, mm] = m.split('-').map(Number) as [number, number]
    m = new Date(Date.UTC(y, mm, 1)).toISOString().slice(0, 7)
  }
  return out
}

/**
 * Order statistics (issue 19, docs/decisions/048): a period's standing sales by product, by team and over time,
 * within the sale reports the reader may see. Read from the sales summary through ports; nothing here is written.
 */
export function statisticsService({ database }: Pick<Deps, 'database'>, ports: StatisticsPorts) {
  const { db } = database
  const standing = <R extends { status: SaleStatus }>(rows: R[]) => rows.filter((r) => STANDING.has(r.status))

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
      const [productNames, teamNames] = await Promise.all([
        ports.productNames(db, [...byProduct.keys()]),
        ports.teamNames(
          db,
          [...byTeam.keys()].filter((k) => k !== ''),
        ),
      ])
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
      }
    },
  }
}
export type StatisticsService = ReturnType<typeof statisticsService>
