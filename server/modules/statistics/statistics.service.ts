import type { AppAbility } from '../../../shared/permissions/ability'
import { subject } from '@casl/ability'
import { budgetView, EARNING_STATUSES } from '../../../shared/rules/earnings'
import { SALE_STATUSES, type SaleStatus } from '../../../shared/rules/sale'
import { addDays, businessDay, daysInclusive, monthRange, workingDaysOf } from '../../../shared/rules/work'
import {
  ORDER_STATS_DAILY_MAX_DAYS,
  type CoachDashboard,
  type CoachDashboardQuery,
  type CoachSellerRow,
  type DashboardPeriods,
  type GoalFigures,
  type ManagerDashboard,
  type ManagerDashboardQuery,
  type OrderStatistics,
  type OrderStatsFilter,
  type PeriodFigures,
} from '../../../shared/schemas/statistics'
import type { OphValues } from '../../../shared/schemas/org'
import { notFound } from '../../lib/errors'
import type { Db } from '../../db/client'
import type { Deps } from '../../platform/deps'

type Actor = { id: string; ability: AppAbility }
type Totals = Array<{ key: string; status: SaleStatus; sales: number; orderValueOre: number }>

type Team = { id: string; name: string; officeId: string }

/** What the statistics ask other areas (answered in server/composition/areas.ts): the sales summary's figures and names. */
export type StatisticsPorts = {
  /** the organisation's offices and teams */
  places(db: Db): Promise<{ offices: Array<{ id: string; name: string }>; teams: Team[] }>
  /** the active members of teams */
  members(db: Db, teamIds: string[]): Promise<Array<{ id: string; name: string; teamId: string }>>
  /** the sales summary per seller, team, day and status, within the reader's sale reports */
  sellerDays(
    ability: AppAbility,
    q: { from: string; to: string; teamIds: string[] },
  ): Promise<Array<{ sellerId: string; teamId: string; sellDate: string; status: SaleStatus; sales: number; orderValueOre: number }>>
  /** work hours per person and day (the time report, else the day's checkout) */
  hoursOf(db: Db, userIds: string[], from: string, to: string): Promise<Array<{ userId: string; date: string; workHours: number }>>
  checkedOutOn(db: Db, userIds: string[], date: string): Promise<Set<string>>
  /** who of them is sick now, as the reader may see */
  sickNow(ability: AppAbility, userIds: string[]): Promise<Set<string>>
  ophTargets(db: Db, teamIds: string[]): Promise<Map<string, { values: OphValues; from: 'team' | 'office' } | null>>
  sellerBudgets(db: Db, userIds: string[], month: string): Promise<Map<string, number>>
  /** each seller's quality surveys in a team and period, as the reader may see */
  qualityOf(
    actor: Actor,
    q: { from: string; to: string; teamId: string },
  ): Promise<Map<string, { surveys: number; averageGrade: string | null; regret: number }>>
  /** the manager dashboard's: per provider or office figures, team hours, offices' and teams' budgets */
  dayTotalsBy(ability: AppAbility, f: OrderStatsFilter, by: 'provider' | 'office'): Promise<Totals>
  teamHours(db: Db, teamIds: string[], from: string, to: string): Promise<Map<string, number>>
  /** the month's gold goals of offices and teams (`office:<id>`, `team:<id>`), a unit's own or its members' sum */
  goalsOf(db: Db, month: string): Promise<Map<string, number>>
  providerNames(db: Db, ids: string[]): Promise<Map<string, string>>
  productStatuses(
    ability: AppAbility,
    f: OrderStatsFilter,
  ): Promise<Array<{ productId: string; status: SaleStatus; lines: number; quantity: number; orderValueOre: number }>>
  totals(ability: AppAbility, f: OrderStatsFilter, unit: 'day' | 'month'): Promise<{ byTeam: Totals; byPeriod: Totals }>
  productNames(db: Db, ids: string[]): Promise<Map<string, string>>
  teamNames(db: Db, ids: string[]): Promise<Map<string, string>>
  /** the sellers' extra income of some months, and who they are now (order statistics' extra income) */
  extraIncomeLines(months: string[]): Promise<Array<{ id: string; userId: string; month: string; amountOre: number; description: string }>>
  placesOf(db: Db, ids: string[]): Promise<Map<string, { name: string; teamId: string | null; officeId: string | null }>>
}

/** The sales that stand: what order value counts (the same statuses as the seller's earnings). */
const STANDING = new Set<SaleStatus>(EARNING_STATUSES)

/** Orders per hour with two decimals; null without hours. */
export const ordersPerHour = (sales: number, hours: number): number | null => (hours > 0 ? Math.round((sales / hours) * 100) / 100 : null)

/** The dashboard's periods seen from a day: the day, its week from Monday, its month from the 1st. */
export function dashboardPeriods(date: string) {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7
  return {
    today: { from: date, to: date },
    week: { from: addDays(date, -weekday), to: date },
    month: { from: `${date.slice(0, 7)}-01`, to: date },
  }
}

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

  /**
   * The sellers' extra income of the months a period touches (it is paid per month), for the sellers the reader's
   * sale-report rules and the filter reach by their team and office now.
   */
  async function extraIncomeOf(actor: Actor, f: OrderStatsFilter): Promise<NonNullable<OrderStatistics['extraIncome']>> {
    const months = periodsOf(f.from, f.to, 'month')
    const lines = await ports.extraIncomeLines(months)
    const people = await ports.placesOf(
      db,
      lines.map((l) => l.userId),
    )
    const places = lines.length ? await ports.places(db) : { offices: [], teams: [] }
    const officeOfTeam = new Map(places.teams.map((team) => [team.id, team.officeId]))
    const items = lines.flatMap((l) => {
      const person = people.get(l.userId)
      if (!person) return []
      const officeId = person.officeId ?? (person.teamId ? officeOfTeam.get(person.teamId) : undefined) ?? null
      if (f.sellerId && l.userId !== f.sellerId) return []
      if (f.teamId && person.teamId !== f.teamId) return []
      if (f.officeId && officeId !== f.officeId) return []
      const seen = { sellerId: l.userId, ...(person.teamId ? { teamId: person.teamId } : {}), ...(officeId ? { officeId } : {}) }
      if (!actor.ability.can('view', subject('sale_reports', seen) as never)) return []
      return [{ id: l.id, seller: { id: l.userId, name: person.name }, month: l.month, amountOre: l.amountOre, description: l.description }]
    })
    return { months, totalOre: items.reduce((n, i) => n + i.amountOre, 0), items }
  }

  return {
    /**
     * The coach dashboard (docs/decisions/049): for each team the reader may view (or the one asked for), today,
     * the week and the month up to the day — its current sellers' standing sales, order value, hours and orders per
     * hour against the team's targets — and each seller's with their budget, checkout, sickness and quality.
     */
    async coach(actor: Actor, q: CoachDashboardQuery, now = Date.now()): Promise<CoachDashboard> {
      const date = q.date ?? businessDay(now)
      const periods = dashboardPeriods(date)
      const from = periods.week.from < periods.month.from ? periods.week.from : periods.month.from
      const places = await ports.places(db)
      let teams = places.teams.filter((team) => actor.ability.can('view', subject('teams', { id: team.id, officeId: team.officeId }) as never))
      if (q.teamId) {
        teams = teams.filter((team) => team.id === q.teamId)
        if (teams.length === 0) throw notFound()
      }
      const teamIds = teams.map((team) => team.id)
      const members = await ports.members(db, teamIds)
      const memberIds = members.map((m) => m.id)
      const month = date.slice(0, 7)
      const [days, hours, checkedOut, targets, budgets, sick, quality] = await Promise.all([
        ports.sellerDays(actor.ability, { from, to: date, teamIds }),
        ports.hoursOf(db, memberIds, from, date),
        ports.checkedOutOn(db, memberIds, date),
        ports.ophTargets(db, teamIds),
        ports.sellerBudgets(db, memberIds, month),
        ports.sickNow(actor.ability, memberIds),
        Promise.all(teamIds.map((teamId) => ports.qualityOf(actor, { from: periods.month.from, to: date, teamId }))).then(
          (maps) => new Map(maps.flatMap((m) => [...m])),
        ),
      ])
      const salesOf = new Map<string, Array<{ date: string; sales: number; orderValueOre: number }>>()
      for (const row of days) {
        if (!STANDING.has(row.status)) continue
        const k = `${row.sellerId}|${row.teamId}`
        const list = salesOf.get(k) ?? []
        list.push({ date: row.sellDate, sales: row.sales, orderValueOre: row.orderValueOre })
        salesOf.set(k, list)
      }
      const hoursOf = new Map<string, Array<{ date: string; workHours: number }>>()
      for (const h of hours) {
        const list = hoursOf.get(h.userId) ?? []
        list.push(h)
        hoursOf.set(h.userId, list)
      }
      const figuresOf = (sales: Array<{ date: string; sales: number; orderValueOre: number }>, worked: Array<{ date: string; workHours: number }>) => {
        const period = (p: { from: string; to: string }): PeriodFigures => {
          const inside = <R extends { date: string }>(rows: R[]) => rows.filter((r) => r.date >= p.from && r.date <= p.to)
          const n = inside(sales).reduce((sum, r) => sum + r.sales, 0)
          const h = inside(worked).reduce((sum, r) => sum + r.workHours, 0)
          return { sales: n, orderValueOre: inside(sales).reduce((sum, r) => sum + r.orderValueOre, 0), hours: h, oph: ordersPerHour(n, h) }
        }
        return { today: period(periods.today), week: period(periods.week), month: period(periods.month) }
      }
      const workingDays = workingDaysOf(month)
      return {
        date,
        periods,
        teams: teams.map((team) => {
          const sellers: CoachSellerRow[] = members
            .filter((m) => m.teamId === team.id)
            .map((m) => {
              const sales = salesOf.get(`${m.id}|${team.id}`) ?? []
              const figures = figuresOf(sales, hoursOf.get(m.id) ?? [])
              const amount = budgets.get(m.id)
              const view = amount === undefined ? null : budgetView(figures.month.orderValueOre, amount, workingDays, date)
              return {
                id: m.id,
                name: m.name,
                figures,
                budget: view ? { amountOre: view.budgetOre, percent: view.percent, predictionOre: view.predictionOre } : null,
                checkedOut: checkedOut.has(m.id),
                sick: sick.has(m.id),
                quality: quality.get(m.id) ?? { surveys: 0, averageGrade: null, regret: 0 },
              }
            })
          const sum = (key: keyof DashboardPeriods): PeriodFigures => {
            const sales = sellers.reduce((n, s) => n + s.figures[key].sales, 0)
            const h = sellers.reduce((n, s) => n + s.figures[key].hours, 0)
            return { sales, orderValueOre: sellers.reduce((n, s) => n + s.figures[key].orderValueOre, 0), hours: h, oph: ordersPerHour(sales, h) }
          }
          return {
            id: team.id,
            name: team.name,
            targets: targets.get(team.id) ?? null,
            figures: { today: sum('today'), week: sum('week'), month: sum('month') },
            sellers,
          }
        }),
      }
    },

    /**
     * The manager dashboard (docs/decisions/050): one office's month so far — each team's standing sales, order
     * value, hours and OPH against its budget (the gold goal), the office's with the teams' average progress, the
     * figures by provider — and, for those who may view every office, all offices side by side.
     */
    async manager(actor: Actor, q: ManagerDashboardQuery, now = Date.now()): Promise<ManagerDashboard> {
      const today = businessDay(now)
      const month = q.month ?? today.slice(0, 7)
      const range = monthRange(month)
      // This month up to today; any other month whole.
      const period = { from: range.from, to: month === today.slice(0, 7) ? today : range.to }
      const places = await ports.places(db)
      const allOffices = places.offices
      // The offices whose sale reports the reader may see (an office's figures are its sale reports).
      const offices = allOffices.filter(
        (o) =>
          actor.ability.can('view', subject('offices', { id: o.id }) as never) &&
          actor.ability.can('view', subject('sale_reports', { officeId: o.id }) as never),
      )
      if (q.officeId && !offices.some((o) => o.id === q.officeId)) throw notFound()
      const office = offices.find((o) => o.id === (q.officeId ?? offices[0]?.id))
      const empty: ManagerDashboard = { month, period, offices, office: null, teams: [], providers: [], overview: null }
      if (!office) return empty
      const teams = places.teams.filter((team) => team.officeId === office.id)
      const f = { ...period, officeId: office.id }
      const everyOffice = allOffices.length > 0 && offices.length === allOffices.length
      const [totals, providers, hours, budgets, byOffice] = await Promise.all([
        ports.totals(actor.ability, f, 'month'),
        ports.dayTotalsBy(actor.ability, f, 'provider'),
        ports.teamHours(
          db,
          teams.map((team) => team.id),
          period.from,
          period.to,
        ),
        ports.goalsOf(db, month),
        everyOffice ? ports.dayTotalsBy(actor.ability, { ...period }, 'office') : Promise.resolve(null),
      ])
      const workingDays = workingDaysOf(month)
      const sums = (rows: Totals) => {
        const out = new Map<string, { sales: number; orderValueOre: number }>()
        for (const row of rows) {
          if (!STANDING.has(row.status)) continue
          const s = out.get(row.key) ?? { sales: 0, orderValueOre: 0 }
          s.sales += row.sales
          s.orderValueOre += row.orderValueOre
          out.set(row.key, s)
        }
        return out
      }
      const goal = (figures: { sales: number; orderValueOre: number }, h: number, budgetOre: number | null): GoalFigures => {
        const view = budgetView(figures.orderValueOre, budgetOre ?? 0, workingDays, period.to)
        return {
          ...figures,
          hours: h,
          oph: ordersPerHour(figures.sales, h),
          budgetOre,
          percent: budgetOre ? view.percent : null,
          predictionOre: view.predictionOre,
        }
      }
      const byTeam = sums(totals.byTeam)
      const teamRows = teams.map((team) => ({
        id: team.id,
        name: team.name,
        ...goal(byTeam.get(team.id) ?? { sales: 0, orderValueOre: 0 }, hours.get(team.id) ?? 0, budgets.get(`team:${team.id}`) ?? null),
      }))
      const officeSales = [...byTeam.values()].reduce((n, s) => ({ sales: n.sales + s.sales, orderValueOre: n.orderValueOre + s.orderValueOre }), {
        sales: 0,
        orderValueOre: 0,
      })
      const withPercent = teamRows.filter((team) => team.percent !== null)
      const byProvider = sums(providers)
      const providerNames = await ports.providerNames(db, [...byProvider.keys()])
      const overview = byOffice
        ? (() => {
            const figures = sums(byOffice)
            return allOffices.map((o) => {
              const s = figures.get(o.id) ?? { sales: 0, orderValueOre: 0 }
              const budgetOre = budgets.get(`office:${o.id}`) ?? null
              return { office: o, ...s, budgetOre, percent: budgetOre ? Math.round((s.orderValueOre / budgetOre) * 100) : null }
            })
          })()
        : null
      return {
        month,
        period,
        offices,
        office: {
          id: office.id,
          name: office.name,
          ...goal(
            officeSales,
            teamRows.reduce((n, team) => n + team.hours, 0),
            budgets.get(`office:${office.id}`) ?? null,
          ),
          averagePercent: withPercent.length ? Math.round(withPercent.reduce((n, team) => n + team.percent!, 0) / withPercent.length) : null,
        },
        teams: teamRows,
        providers: [...byProvider.entries()]
          .map(([id, s]) => ({ provider: { id, name: providerNames.get(id) ?? '' }, ...s }))
          .sort((a, b) => b.orderValueOre - a.orderValueOre),
        overview,
      }
    },

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
export type StatisticsService = ReturnType<typeof statisticsService>
