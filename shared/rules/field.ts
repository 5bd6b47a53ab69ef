import { COME_BACK_MAX_DAYS, type RunItem, type RunOutcome, type RunSellerOutcome, type RunTotals, type VisitInput } from '../schemas/field'
import { mondayOf } from './assistant'

/**
 * The runs' rules (docs/decisions/073): what a run's day brought for each seller — planned or not, time reported that
 * day, hours, the standing sales and their order value — and the totals per team and ISO week (Monday's date).
 */

export type DayFigures = {
  /** hours reported per seller on the run's day */
  hours: Map<string, number>
  /** standing sales and their order value per seller on the run's day */
  sales: Map<string, { sales: number; orderValueOre: number }>
  /** doors knocked (visits) and answered (every outcome but "not home") per seller on the run's day */
  doors?: Map<string, { doors: number; contacts: number }>
}

/** The share of doors that answered, 0…1; null without doors. */
export function contactRate(o: { doors: number; contacts: number }): number | null {
  return o.doors === 0 ? null : o.contacts / o.doors
}

/** A run with each planned seller's day, and the team's other sellers who reported time on a run day without being planned. */
export function runOutcome(run: RunItem, day: DayFigures, names: Map<string, string>, extra: string[] = []): RunOutcome {
  const sellerOf = (id: string, planned: boolean): RunSellerOutcome => {
    const hours = day.hours.get(id) ?? 0
    const sold = day.sales.get(id) ?? { sales: 0, orderValueOre: 0 }
    const doors = day.doors?.get(id) ?? { doors: 0, contacts: 0 }
    return { id, name: names.get(id) ?? '', planned, reported: day.hours.has(id), hours, ...doors, sales: sold.sales, orderValueOre: sold.orderValueOre }
  }
  const sellers = [
    ...run.sellers.map((s) => sellerOf(s.id, true)),
    ...extra.filter((id) => !run.sellers.some((s) => s.id === id)).map((id) => sellerOf(id, false)),
  ]
  const sum = (f: (s: RunSellerOutcome) => number) => sellers.reduce((n, s) => n + f(s), 0)
  return {
    ...run,
    outcome: {
      sellers,
      reported: sellers.filter((s) => s.planned && s.reported).length,
      hours: Math.round(sum((s) => s.hours) * 100) / 100,
      doors: sum((s) => s.doors),
      contacts: sum((s) => s.contacts),
      sales: sum((s) => s.sales),
      orderValueOre: sum((s) => s.orderValueOre),
    },
  }
}

/** Per team and ISO week (Monday's date): runs, sellers planned and reported, hours, sales, order value. */
export function runTotals(runs: RunOutcome[]): RunTotals[] {
  const out = new Map<string, RunTotals>()
  for (const r of runs) {
    const week = mondayOf(r.date)
    const key = `${r.teamId}|${week}`
    const t = out.get(key) ?? {
      teamId: r.teamId,
      teamName: r.teamName,
      week,
      runs: 0,
      planned: 0,
      reported: 0,
      hours: 0,
      doors: 0,
      contacts: 0,
      sales: 0,
      orderValueOre: 0,
    }
    t.runs++
    t.planned += r.sellers.length
    t.reported += r.outcome.reported
    t.hours = Math.round((t.hours + r.outcome.hours) * 100) / 100
    t.doors += r.outcome.doors
    t.contacts += r.outcome.contacts
    t.sales += r.outcome.sales
    t.orderValueOre += r.outcome.orderValueOre
    out.set(key, t)
  }
  return [...out.values()].sort((a, b) => a.week.localeCompare(b.week) || a.teamName.localeCompare(b.teamName))
}

/** The seven days of the week a day falls in, Monday first. */
export function weekDays(day: string): string[] {
  const monday = mondayOf(day)
  return Array.from({ length: 7 }, (_, i) => new Date(Date.parse(`${monday}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10))
}

/**
 * A door visit's problems (translation keys by field): a come-back needs a time after the visit and within
 * COME_BACK_MAX_DAYS; only a come-back has one; a visit is not in the future.
 */
export function visitProblems(v: VisitInput, now: number): Partial<Record<keyof VisitInput, string>> {
  const out: Partial<Record<keyof VisitInput, string>> = {}
  if (v.visitedAt > now + 5 * 60_000) out.visitedAt = 'validation.visits.future'
  if (v.outcome === 'comeBack') {
    if (v.comeBackAt === null) out.comeBackAt = 'validation.visits.comeBackMissing'
    else if (v.comeBackAt <= v.visitedAt) out.comeBackAt = 'validation.visits.comeBackPast'
    else if (v.comeBackAt - v.visitedAt > COME_BACK_MAX_DAYS * 86_400_000) out.comeBackAt = 'validation.visits.comeBackFar'
  } else if (v.comeBackAt !== null) out.comeBackAt = 'validation.visits.comeBackOnlyForComeBack'
  return out
}
