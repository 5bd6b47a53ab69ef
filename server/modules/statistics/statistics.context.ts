import type { AppAbility } from '../../../shared/permissions/ability'
import { subject } from '@casl/ability'
import { EARNING_STATUSES } from '../../../shared/rules/earnings'
import { type SaleStatus } from '../../../shared/rules/sale'
import { addDays } from '../../../shared/rules/work'
import { type OrderStatistics, type OrderStatsFilter } from '../../../shared/schemas/statistics'
import type { OphValues } from '../../../shared/schemas/org'
import type { Db } from '../../db/client'
import type { Deps } from '../../platform/deps'

export type Actor = { id: string; ability: AppAbility }
export type Totals = Array<{ key: string; status: SaleStatus; sales: number; orderValueOre: number }>

export type Team = { id: string; name: string; officeId: string }

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
export const STANDING = new Set<SaleStatus>(EARNING_STATUSES)

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

/** What the dashboards and the order statistics share: the database, the ports to the sales summary and the organisation, a sale's standing, and a month's extra income. */
export function statisticsContext({ database }: Pick<Deps, 'database'>, ports: StatisticsPorts) {
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
      if (!actor.ability.can('view', subject('sale_reports', seen))) return []
      return [{ id: l.id, seller: { id: l.userId, name: person.name }, month: l.month, amountOre: l.amountOre, description: l.description }]
    })
    return { months, totalOre: items.reduce((n, i) => n + i.amountOre, 0), items }
  }

  return { database, ports, db, standing, extraIncomeOf }
}
export type StatisticsContext = ReturnType<typeof statisticsContext>
