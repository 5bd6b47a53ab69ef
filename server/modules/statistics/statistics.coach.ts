import { subject } from '@casl/ability'
import { budgetView } from '../../../shared/rules/earnings'
import { businessDay, workingDaysOf } from '../../../shared/rules/work'
import {
  type CoachDashboard,
  type CoachDashboardQuery,
  type CoachSellerRow,
  type DashboardPeriods,
  type PeriodFigures,
} from '../../../shared/schemas/statistics'
import { notFound } from '../../lib/errors'
import { type Actor, STANDING, ordersPerHour, dashboardPeriods, type StatisticsContext } from './statistics.context'

/** The coach's dashboard: a team's day, week and month, each seller's standing and hours, the team's OPH against its targets. */
export function coachDashboard(ctx: StatisticsContext) {
  const { ports, db } = ctx
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
      let teams = places.teams.filter((team) => actor.ability.can('view', subject('teams', { id: team.id, officeId: team.officeId })))
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
  }
}
