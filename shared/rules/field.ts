import {
  COME_BACK_MAX_DAYS,
  type PromiseInput,
  type PromiseSellerFigures,
  type PromiseSetterFigures,
  type PromiseState,
  type RunItem,
  type RunOutcome,
  type RunSellerOutcome,
  type RunTotals,
  type VisitInput,
} from '../schemas/field'
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

/**
 * Promises (docs/decisions/097). A promise's reminder comes half an hour before; one still open an hour after its time
 * goes to the team's shared queue (VICIdial moves a personal call-back after a set time the same way); one in the queue
 * a day after its time with no one taking it is brought to the team's coaches. Kept more than half an hour after its
 * time counts as late.
 */
export const PROMISE_REMINDER_MS = 30 * 60_000
export const PROMISE_QUEUE_AFTER_MS = 60 * 60_000
export const PROMISE_ESCALATE_AFTER_MS = 24 * 3_600_000
export const PROMISE_LATE_AFTER_MS = 30 * 60_000

/** What is wrong with a call-back or appointment the device sends: field → translation key. */
export function promiseProblems(p: PromiseInput, now: number): Partial<Record<keyof PromiseInput, string>> {
  const out: Partial<Record<keyof PromiseInput, string>> = {}
  // Made on a device that was offline: its time is checked against when it was made, not when it arrived.
  if (p.createdAt > now + 5 * 60_000) out.createdAt = 'validation.promises.future'
  if (p.dueAt <= p.createdAt) out.dueAt = 'validation.promises.past'
  else if (p.dueAt - p.createdAt > COME_BACK_MAX_DAYS * 86_400_000) out.dueAt = 'validation.promises.far'
  if (p.kind === 'callBack' && !p.phone?.trim()) out.phone = 'validation.promises.phone'
  if (p.kind === 'appointment' && !p.address?.trim()) out.address = 'validation.promises.address'
  if (p.kind === 'callBack' && p.closerId !== null) out.closerId = 'validation.promises.closerOnlyAppointment'
  return out
}

/** A promise as the figures count it. */
export type PromiseFact = {
  kind: string
  userId: string
  createdById: string
  dueAt: number
  state: PromiseState
  closedAt: number | null
  missedById: string | null
  takenAt: number | null
}

/**
 * Kept, late and missed per seller, no-shows per setter, for promises due in a period. A promise missed (left to the
 * queue) counts against the one who held it then, even when a teammate kept it later; the teammate counts it as taken.
 * Cancelled promises count for no one; an appointment's no-show counts against its setter, not the closer who went.
 */
export function promiseFigures(
  rows: PromiseFact[],
  now: number,
  names: Map<string, string>,
): { sellers: PromiseSellerFigures[]; setters: PromiseSetterFigures[] } {
  const sellers = new Map<string, PromiseSellerFigures>()
  const setters = new Map<string, PromiseSetterFigures>()
  const seller = (id: string) => {
    let s = sellers.get(id)
    if (!s) sellers.set(id, (s = { id, name: names.get(id) ?? '', due: 0, kept: 0, late: 0, missed: 0, open: 0, taken: 0 }))
    return s
  }
  for (const r of rows) {
    if (r.kind === 'appointment' && r.createdById !== r.userId && r.createdById !== r.missedById) {
      const s = setters.get(r.createdById) ?? { id: r.createdById, name: names.get(r.createdById) ?? '', booked: 0, noShows: 0 }
      s.booked++
      if (r.state === 'noShow') s.noShows++
      setters.set(r.createdById, s)
    }
    if (r.state === 'cancelled') continue
    if (r.missedById) {
      const m = seller(r.missedById)
      m.due++
      m.missed++
      if (r.takenAt !== null && r.userId !== r.missedById) seller(r.userId).taken++
      continue
    }
    // An open promise not yet due counts for no one yet.
    if (r.state === 'open' && r.dueAt > now) continue
    const s = seller(r.userId)
    s.due++
    if (r.state === 'open') {
      s.open++
      continue
    }
    // kept, or a no-show: the closer went (on time or late)
    if (r.closedAt !== null && r.closedAt > r.dueAt + PROMISE_LATE_AFTER_MS) s.late++
    else s.kept++
  }
  const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'sv')
  return { sellers: [...sellers.values()].sort(byName), setters: [...setters.values()].sort(byName) }
}
