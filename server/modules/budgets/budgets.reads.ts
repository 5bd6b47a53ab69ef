import { and, eq, inArray } from 'drizzle-orm'
import { previousMonth } from '../../../shared/rules/work'
import type { BudgetCell, BudgetRow, BudgetsOverview } from '../../../shared/schemas/budgets'
import type { Db } from '../../db/client'
import { notFound } from '../../lib/errors'
import { type Actor, type Target, key, type BudgetsContext } from './budgets.context'

/** The budgets as the screens read them: a month's sellers' budgets, the goals of a team or office, and the overview. */
export function budgetReads(ctx: BudgetsContext) {
  const { ports, db, t, as, may, officeTargets, budgetsOf } = ctx
  return {
    /** Sellers' budgets of a month, by seller (the dashboards ask; decision 049). */
    async sellerBudgets(dbOrTx: Db, userIds: string[], month: string): Promise<Map<string, number>> {
      const out = new Map<string, number>()
      for (let i = 0; i < userIds.length; i += 500) {
        const rows = await dbOrTx
          .select({ userId: t.salesBudgets.userId, amountOre: t.salesBudgets.amountOre })
          .from(t.salesBudgets)
          .where(and(eq(t.salesBudgets.month, month), inArray(t.salesBudgets.userId, userIds.slice(i, i + 500))))
        for (const r of rows) out.set(r.userId, r.amountOre)
      }
      return out
    },

    /** Offices' and teams' budgets of a month, by `scope:id` (the manager dashboard asks; decision 050). */
    /**
     * A month's gold goals of offices and teams (`office:<id>`, `team:<id>`; docs/decisions/059): a unit's own budget
     * where one is set; else a team's is the sum of its sellers' budgets and an office's the sum of its teams' goals,
     * as the budget page adds them up. A unit with neither has none.
     */
    async goalsOf(dbOrTx: Db, month: string): Promise<Map<string, number>> {
      const [units, places, sellerRows] = await Promise.all([
        dbOrTx.select().from(t.unitBudgets).where(eq(t.unitBudgets.month, month)),
        ports.places(dbOrTx),
        dbOrTx.select({ userId: t.salesBudgets.userId, amountOre: t.salesBudgets.amountOre }).from(t.salesBudgets).where(eq(t.salesBudgets.month, month)),
      ])
      const goals = new Map(units.map((r) => [key(r.scope, r.unitId), r.amountOre]))
      const sellerBudget = new Map(sellerRows.map((r) => [r.userId, r.amountOre]))
      const members = await ports.members(
        dbOrTx,
        places.teams.map((team) => team.id),
      )
      const sumOf = (amounts: Array<number | undefined>) => {
        const set = amounts.filter((a): a is number => a !== undefined)
        return set.length > 0 ? set.reduce((n, a) => n + a, 0) : undefined
      }
      for (const team of places.teams) {
        if (goals.has(key('team', team.id))) continue
        const sum = sumOf(members.filter((m) => m.teamId === team.id).map((m) => sellerBudget.get(m.id)))
        if (sum !== undefined) goals.set(key('team', team.id), sum)
      }
      for (const office of places.offices) {
        if (goals.has(key('office', office.id))) continue
        const sum = sumOf(places.teams.filter((team) => team.officeId === office.id).map((team) => goals.get(key('team', team.id))))
        if (sum !== undefined) goals.set(key('office', office.id), sum)
      }
      return goals
    },

    /** A month of one office (the one asked for, else the reader's first): its budget, its teams' and sellers'. */
    async overview(actor: Actor, q: { month: string; officeId?: string }): Promise<BudgetsOverview> {
      const places = await ports.places(db)
      const visibleTeam = (team: { id: string; officeId: string }) => actor.ability.can('view', as({ officeId: team.officeId, teamId: team.id }))
      const offices = places.offices.filter(
        (o) => actor.ability.can('view', as({ officeId: o.id, teamId: null })) || places.teams.some((team) => team.officeId === o.id && visibleTeam(team)),
      )
      const empty: BudgetsOverview = { month: q.month, offices, office: null, teams: [], may: { update: false, office: false } }
      if (q.officeId && !offices.some((o) => o.id === q.officeId)) throw notFound()
      const officeId = q.officeId ?? offices[0]?.id
      if (!officeId) return empty
      const found = await officeTargets(db, officeId, places)
      if (!found) throw notFound()
      const visible = found.targets.filter((x) => may(actor, 'view', x))
      const previous = previousMonth(q.month)
      const budgets = await budgetsOf(db, visible, [q.month, previous])
      const row = (x: Target): BudgetRow => {
        const cell = budgets.get(`${q.month}|${key(x.scope, x.id)}`)
        return {
          id: x.id,
          name: x.name,
          budget: cell ? ({ amountOre: cell.amountOre, version: cell.version } satisfies BudgetCell) : null,
          previousOre: budgets.get(`${previous}|${key(x.scope, x.id)}`)?.amountOre ?? null,
        }
      }
      const sum = (rows: BudgetRow[]) => rows.reduce((n, r) => n + (r.budget?.amountOre ?? 0), 0)
      const teams = visible
        .filter((x) => x.scope === 'team')
        .map((team) => {
          const sellers = visible.filter((x) => x.scope === 'seller' && x.teamId === team.id).map(row)
          return { ...row(team), sellersOre: sum(sellers), sellers }
        })
      const officeTarget = visible.find((x) => x.scope === 'office')
      return {
        month: q.month,
        offices,
        office: officeTarget ? { ...row(officeTarget), teamsOre: sum(teams), sellersOre: teams.reduce((n, team) => n + team.sellersOre, 0) } : null,
        teams,
        may: {
          update: visible.some((x) => x.scope !== 'office' && may(actor, 'update', x)),
          office: officeTarget ? may(actor, 'update', officeTarget) : false,
        },
      }
    },
  }
}
