import { subject } from '@casl/ability'
import { budgetView } from '../../../shared/rules/earnings'
import { businessDay, monthRange, workingDaysOf } from '../../../shared/rules/work'
import { type GoalFigures, type ManagerDashboard, type ManagerDashboardQuery } from '../../../shared/schemas/statistics'
import { notFound } from '../../lib/errors'
import { type Actor, type Totals, STANDING, ordersPerHour, type StatisticsContext } from './statistics.context'

/** The manager's dashboard: an office's month by team against its budgets, with the extra income of the month. */
export function managerDashboard(ctx: StatisticsContext) {
  const { ports, db } = ctx
  return {
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
        (o) => actor.ability.can('view', subject('offices', { id: o.id })) && actor.ability.can('view', subject('sale_reports', { officeId: o.id })),
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
  }
}
