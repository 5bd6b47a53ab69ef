/**
 * Time, absence and pay (issue 15, docs/decisions/029): the attestation lock, Swedish sick-period rules, the
 * month's commission with clawback, and the mapping of the app's pay items to the payroll system's codes.
 * Pure functions, each with a table test; the server, the device and the screens run the same ones.
 */
import type { SaleStatus } from '../schemas/sales'
import { ABSENCE_TYPES, type AbsenceType } from './time-report'
import { addDays, daysInclusive, isWeekend, WORK_DAY_HOURS } from './work'

// ---------------------------------------------------------------------------------------------------------------
// Attestation

/** A user's month as attested: locked while `attestedAt` is set; reopening (back office, with a reason) clears it. */
export type AttestationFact = { month: string; attestedAt: number | null }

/** Whether a day's time report is locked: its month is attested for that user. Locked for everyone until reopened. */
export function dayLocked(attestations: Iterable<AttestationFact>, date: string): boolean {
  const month = date.slice(0, 7)
  for (const a of attestations) if (a.month === month && a.attestedAt !== null) return true
  return false
}

export const ATTESTATION_REFUSALS = ['futureMonth', 'alreadyAttested', 'invalidReports', 'sickDaysUnreported'] as const
export type AttestationRefusal = (typeof ATTESTATION_REFUSALS)[number]

/**
 * Why a user's month cannot be attested now, or null when it can: a month that has not begun, a month already
 * attested, reports in it that break the time-report rules, or sick days the reports do not show (the dates, so
 * the screen can list them).
 */
export function attestationRefusal(input: {
  month: string
  currentMonth: string
  attested: boolean
  invalidDates: readonly string[]
  /** days the sick notices call sick that the time reports do not (`sickDayConflicts`) */
  sickConflictDates?: readonly string[]
}): { refusal: AttestationRefusal; dates?: string[] } | null {
  if (input.month > input.currentMonth) return { refusal: 'futureMonth' }
  if (input.attested) return { refusal: 'alreadyAttested' }
  if (input.invalidDates.length) return { refusal: 'invalidReports', dates: [...input.invalidDates].sort() }
  if (input.sickConflictDates?.length) return { refusal: 'sickDaysUnreported', dates: [...input.sickConflictDates].sort() }
  return null
}

// ---------------------------------------------------------------------------------------------------------------
// Sick periods

/** A new sickness that starts within this many days of the last one's end continues the same sick period. */
export const SICK_CONTINUATION_DAYS = 5
/** A sick period longer than this many calendar days needs a medical certificate (from the day after). */
export const SICK_CERTIFICATE_AFTER_DAYS = 7

/** One time of being sick: from its first day to its last, or still going (`end` null). */
export type SickOccasion = { start: string; end: string | null }

/**
 * A user's sick occasions from their sick notices and time reports. A notice opens an occasion on its day that
 * lasts until the day before the first day they report at work after it (the device's rule, checkout.ts), or is
 * still going. Days reported as sick (whole or part) outside a notice form occasions too; two sick days with only a
 * weekend between them are one occasion. Occasions that overlap or touch are joined.
 */
export function sickOccasions(
  notices: ReadonlyArray<{ date: string }>,
  reports: ReadonlyArray<{ date: string; present: boolean | null; absenceType: AbsenceType | string | null }>,
  today: string,
): SickOccasion[] {
  const sorted = [...reports].sort((a, b) => (a.date < b.date ? -1 : 1))
  const spans: SickOccasion[] = []
  for (const n of notices) {
    if (n.date > today) continue
    const back = sorted.find((r) => r.date > n.date && r.present === true)
    spans.push({ start: n.date, end: back ? addDays(back.date, -1) : null })
  }
  let run: { start: string; end: string } | null = null
  for (const r of sorted) {
    if (r.absenceType !== 'sick' || r.date > today) continue
    if (run && onlyWeekendBetween(run.end, r.date)) run.end = r.date
    else {
      if (run) spans.push(run)
      run = { start: r.date, end: r.date }
    }
  }
  if (run) spans.push(run)
  spans.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))
  const joined: SickOccasion[] = []
  for (const s of spans) {
    const last = joined.at(-1)
    if (last && (last.end === null || s.start <= addDays(last.end, 1))) {
      if (last.end !== null) last.end = s.end === null ? null : s.end > last.end ? s.end : last.end
    } else joined.push({ ...s })
  }
  return joined
}

function onlyWeekendBetween(a: string, b: string): boolean {
  for (let d = addDays(a, 1); d < b; d = addDays(d, 1)) if (!isWeekend(d)) return false
  return true
}

export type SickPeriod = {
  /** the first day of the first occasion */
  start: string
  /** the last sick day, or null while still sick */
  end: string | null
  /** calendar days of sickness in the period so far (today counted while still sick) */
  days: number
  occasions: SickOccasion[]
  /** it began within 5 days of an earlier sickness and continues that one's period */
  continued: boolean
  /** the period's 8th sick day, from which a medical certificate is needed; null while it is 7 days or shorter */
  certificateFrom: string | null
}

/**
 * Occasions grouped into sick periods by the Swedish rule: a sickness that starts within 5 days of the end of the
 * last continues the same period, whose days count together; a period longer than 7 calendar days needs a medical
 * certificate from its 8th day.
 */
export function sickPeriods(occasions: readonly SickOccasion[], today: string): SickPeriod[] {
  const periods: SickPeriod[] = []
  for (const o of occasions) {
    const last = periods.at(-1)
    if (last && last.end !== null && o.start <= addDays(last.end, SICK_CONTINUATION_DAYS)) {
      last.occasions.push(o)
      last.end = o.end
      last.continued = true
    } else periods.push({ start: o.start, end: o.end, days: 0, occasions: [o], continued: false, certificateFrom: null })
  }
  for (const p of periods) {
    let counted = 0
    for (const o of p.occasions) {
      const end = o.end ?? today
      const n = end < o.start ? 0 : daysInclusive(o.start, end)
      if (p.certificateFrom === null && counted + n > SICK_CERTIFICATE_AFTER_DAYS) p.certificateFrom = addDays(o.start, SICK_CERTIFICATE_AFTER_DAYS - counted)
      counted += n
    }
    p.days = counted
  }
  return periods
}

// ---------------------------------------------------------------------------------------------------------------
// Sick days in the time report (docs/decisions/060)

/**
 * A notice nobody has come back from counts as sick for this many days after it (the sick list's "sick now"):
 * older, it is taken as a return that was never reported, and no days are filled or asked for past it.
 */
export const SICK_NOW_DAYS = 90

/** What a seller who reports sick for a day they already reported work on says holds for that day. */
export const SICK_SAME_DAY = ['wholeDay', 'restOfDay'] as const
export type SickSameDay = (typeof SICK_SAME_DAY)[number]

type DayReport = {
  present: boolean | null
  workHours: number
  absenceHours: number
  absenceType: AbsenceType | null
  allowanceType: 0 | 1 | 2 | null
  travelLocation: string | null
}

/** A whole day off sick: what a notice or a sick day with no report of its own writes. */
export function wholeSickDay(before?: Pick<DayReport, 'allowanceType' | 'travelLocation'> | null): DayReport {
  return {
    present: false,
    workHours: 0,
    absenceHours: WORK_DAY_HOURS,
    absenceType: 'sick',
    // A seller taken ill on a roadtrip still has the day's per diem; otherwise none.
    allowanceType: before?.allowanceType ?? 0,
    travelLocation: before?.travelLocation ?? null,
  }
}

/**
 * What a sick notice makes of its own day's time report, so the time report, the sick list, the absence export
 * and the payroll file tell the same story. No report: a whole sick day. A day off of another kind, or only
 * partly worked: sick for what was not worked (the seller "went home sick"), unless they said the whole day.
 * A fully worked day changes only on the seller's word (`wholeDay`); without it the report stays and back office
 * sees the conflict (`sickDayConflicts`). Null: nothing to change.
 */
export function sickNoticeDay(report: DayReport | null, sameDay: SickSameDay | null): DayReport | null {
  if (!report) return wholeSickDay()
  if (report.absenceType === 'sick' && (report.workHours === 0 || sameDay !== 'wholeDay')) return null
  if (report.workHours === 0 || sameDay === 'wholeDay') return wholeSickDay(report)
  if (report.workHours >= WORK_DAY_HOURS) return null
  return { ...report, present: true, absenceHours: WORK_DAY_HOURS - report.workHours, absenceType: 'sick' }
}

/**
 * Whether a sick notice for a day needs the seller to say what holds: they reported work on it. Fully worked
 * days ask "sick the whole day, or from the next day"; partly worked days ask "the whole day or the rest of it".
 */
export function sickNoticeAsks(report: Pick<DayReport, 'workHours' | 'absenceType'> | null | undefined): 'fullyWorked' | 'partlyWorked' | null {
  if (!report || report.workHours === 0) return null
  if (report.workHours >= WORK_DAY_HOURS) return 'fullyWorked'
  return report.absenceType === 'sick' ? null : 'partlyWorked'
}

export type SickDayConflict = { date: string; kind: 'worked' | 'unreported' }

/**
 * Where a user's sick notices and time reports disagree, up to `until` (inclusive): a notice whose own day is
 * reported with no sick hours ("worked"), and a weekday inside a notice's occasion with no report at all
 * ("unreported": the seller has not come back yet, or the days were never written). The attestation screen
 * lists them; a month with any cannot be attested, so the payroll file never pays a day the sick list calls sick
 * as worked, or leaves it out.
 */
export function sickDayConflicts(
  notices: ReadonlyArray<{ date: string }>,
  reports: ReadonlyArray<{ date: string; present: boolean | null; absenceType: AbsenceType | string | null }>,
  until: string,
): SickDayConflict[] {
  const byDate = new Map(reports.map((r) => [r.date, r]))
  const sorted = [...reports].sort((a, b) => (a.date < b.date ? -1 : 1))
  const out = new Map<string, SickDayConflict['kind']>()
  for (const n of notices) {
    if (n.date > until) continue
    const own = byDate.get(n.date)
    if (own && own.absenceType !== 'sick') out.set(n.date, 'worked')
    const back = sorted.find((r) => r.date > n.date && r.present === true)
    const cap = addDays(n.date, SICK_NOW_DAYS)
    const end = back ? addDays(back.date, -1) : until
    const last = end < cap ? end : cap
    for (let d = n.date; d <= last && d <= until; d = addDays(d, 1)) if (!isWeekend(d) && !byDate.has(d)) out.set(d, 'unreported')
  }
  return [...out].map(([date, kind]) => ({ date, kind })).sort((a, b) => (a.date < b.date ? -1 : 1))
}

/**
 * The days a seller's return fills in as sick: the weekdays after an open notice's day and before the first day
 * they report at work again that have no report of their own (the occasion's rule, `sickOccasions`).
 */
export function sickDaysUntilReturn(notice: { date: string } | null, returnDate: string, reported: ReadonlySet<string>): string[] {
  if (!notice || returnDate <= notice.date || returnDate > addDays(notice.date, SICK_NOW_DAYS)) return []
  const out: string[] = []
  for (let d = notice.date; d < returnDate; d = addDays(d, 1)) if (!isWeekend(d) && !reported.has(d)) out.push(d)
  return out
}

// ---------------------------------------------------------------------------------------------------------------
// Commission with clawback

export type CommissionLineKind = 'commission' | 'clawback'

/**
 * What a sale's move means for pay, given what has been paid for it so far (the sum of its ledger lines): the first
 * approval (or the next after a clawback) pays its seller commission; a regret of a sale that has been paid takes it
 * back in the month of the regret. Other moves change nothing (a deviation of a paid sale is not a regret).
 */
export function commissionMove(paidOre: number, to: SaleStatus, sellerCommissionOre: number): { kind: CommissionLineKind; amountOre: number } | null {
  if (to === 'approved' && paidOre <= 0 && sellerCommissionOre > 0) return { kind: 'commission', amountOre: sellerCommissionOre }
  if (to === 'regret' && paidOre > 0) return { kind: 'clawback', amountOre: -paidOre }
  return null
}

export type CommissionLine = { saleId: string; kind: CommissionLineKind; amountOre: number; month: string }

/** A month's commission of one seller: what was earned, what was taken back, the net, line by line. */
export function monthCommission(lines: readonly CommissionLine[], month: string) {
  const of = lines.filter((l) => l.month === month)
  const earnedOre = of.filter((l) => l.kind === 'commission').reduce((s, l) => s + l.amountOre, 0)
  const clawbackOre = of.filter((l) => l.kind === 'clawback').reduce((s, l) => s + l.amountOre, 0)
  return { earnedOre, clawbackOre, netOre: earnedOre + clawbackOre, lines: of }
}

// ---------------------------------------------------------------------------------------------------------------
// Pay items and the payroll system's codes

/** The app's things that pay or time is reported on, each mapped to one payroll code. */
export const PAY_ITEMS = [
  'work',
  ...ABSENCE_TYPES.map((a) => `absence.${a}` as const),
  'allowance.half',
  'allowance.full',
  'commission',
  'clawback',
  'extra_income',
] as const
export type PayItem = (typeof PAY_ITEMS)[number]

/**
 * Every time code of PAXml 2.0 (the schema's `tidkodTYPE`, in its order): what a `tidtrans` may carry. The pay
 * test reads the vendored schema and checks this list against it.
 */
// prettier-ignore
export const TIME_CODES = [
  'SJK', 'SJK_KAR', 'SJK_LÖN', 'SJK_ERS', 'SJK_PEN', 'ASK', 'HAV', 'FPE', 'VAB', 'SMB', 'UTB', 'MIL', 'SVE', 'NÄR',
  'TJL', 'SEM', 'SEM_BET', 'SEM_SPA', 'SEM_OBE', 'SEM_FÖR', 'KOM', 'PEM', 'PER', 'FAC', 'ATK', 'KON', 'PAP', 'ATF',
  'FR1', 'FR2', 'FR3', 'FR4', 'FR5', 'FR6', 'FR7', 'FR8', 'FR9', 'FLX', 'TS1', 'TS2', 'TS3', 'TS4', 'TS5', 'TS6',
  'TS7', 'TS8', 'TS9', 'TID', 'ARB', 'MER', 'ÖT1', 'ÖT2', 'ÖT3', 'ÖT4', 'ÖT5', 'ÖK1', 'ÖK2', 'ÖK3', 'ÖK4', 'ÖK5',
  'OB1', 'OB2', 'OB3', 'OB4', 'OB5', 'OS1', 'OS2', 'OS3', 'OS4', 'OS5', 'JR1', 'JR2', 'JR3', 'JS1', 'JS2', 'JS3',
  'BE1', 'BE2', 'BE3', 'BS1', 'BS2', 'BS3', 'RE1', 'RE2', 'RE3', 'HLG', 'SKI', 'LT1', 'LT2', 'LT3', 'LT4', 'LT5',
  'LT6', 'LT7', 'LT8', 'LT9', 'NV1', 'NV2', 'NV3', 'NV4', 'NV5', 'NV6', 'NV7', 'NV8', 'NV9',
] as const
/** Every pay code of PAXml 2.0 (the schema's `lonekodTYPE`, in its order): what a `lonetrans` may carry. */
// prettier-ignore
export const PAY_CODES = [
  'TID', 'ARB', 'MER', 'ÖT1', 'ÖT2', 'ÖT3', 'ÖT4', 'ÖT5', 'ÖK1', 'ÖK2', 'ÖK3', 'ÖK4', 'ÖK5', 'JR1', 'JR2', 'JR3',
  'BE1', 'BE2', 'BE3', 'RE1', 'RE2', 'RE3', 'NV1', 'NV2', 'NV3', 'NV4', 'NV5', 'NV6', 'NV7', 'NV8', 'NV9', 'OB1',
  'OB2', 'OB3', 'OB4', 'OB5', 'HLG', 'SKI', 'LT1', 'LT2', 'LT3', 'LT4', 'LT5', 'LT6', 'LT7', 'LT8', 'LT9', 'MÅNLÖN',
  'TIMLÖN', 'BONUS', 'PROVISION', 'FÖRSKOTT', 'UTLÄGG', 'RESERS', 'INR_FRI', 'INR_RED', 'INR_SKT', 'INRHEL_FRI',
  'INRHEL_RED', 'INRHEL_SKT', 'INRHLV_FRI', 'INRHLV_RED', 'INRHLV_SKT', 'INRDAG_SKT', 'INRNAT_FRI', 'INRNAT_SKT',
  'UTR_FRI', 'UTR_RED', 'UTR_SKT', 'UTRHEL_FRI', 'UTRHEL_RED', 'UTRHEL_SKT', 'UTRHLV_FRI', 'UTRHLV_RED',
  'UTRHLV_SKT', 'UTRDAG_SKT', 'UTRNAT_FRI', 'UTRNAT_SKT', 'MIL_FRI', 'MIL_SKT', 'MILPRI_FRI', 'MILPRI_SKT',
  'MILFTG_FRI', 'MILFTG_SKT', 'MILDIS_FRI', 'MILDIS_SKT', 'MATFRM', 'MATFRM_FRU', 'MATFRM_LCH', 'MATFRM_MID',
  'UTRFRM', 'UTRFRM_FRU', 'UTRFRM_LCH', 'UTRFRM_MID', 'MATRED', 'MATRED_FRU', 'MATRED_LCH', 'MATRED_MID', 'UTRRED',
  'UTRRED_FRU', 'UTRRED_LCH', 'UTRRED_MID', 'REPEXT', 'REPEXT_FRI', 'REPEXT_SKT', 'REPINT', 'REPINT_FRI',
  'REPINT_SKT',
] as const
/** The codes a sales organisation usually maps to, offered first on the pay-code screen (the rest follow). */
// prettier-ignore
export const USUAL_TIME_CODES = [
  'TID', 'ARB', 'SJK', 'VAB', 'SEM', 'TJL', 'FPE', 'KOM', 'PAP', 'UTB', 'FR1', 'FR2', 'FR3', 'FR4', 'FR5', 'FR6', 'FR7', 'FR8',
  'FR9', 'RE1', 'RE2', 'RE3',
] as const satisfies ReadonlyArray<(typeof TIME_CODES)[number]>
export const USUAL_PAY_CODES = [
  'PROVISION',
  'BONUS',
  'MÅNLÖN',
  'TIMLÖN',
  'FÖRSKOTT',
  'INRHEL_FRI',
  'INRHLV_FRI',
  'INRNAT_FRI',
  'INR_FRI',
] as const satisfies ReadonlyArray<(typeof PAY_CODES)[number]>
export type TimeCode = (typeof TIME_CODES)[number]
export type PayCode = (typeof PAY_CODES)[number]

/** Whether an item is time (hours, a tidtrans) or pay (an amount or a count, a lonetrans). */
export function payItemKind(item: PayItem): 'time' | 'pay' {
  return item === 'work' || item.startsWith('absence.') ? 'time' : 'pay'
}

/** The codes seeded for a new organisation (back office can change each one). */
export const DEFAULT_PAYCODES: Record<PayItem, { code: string; name: string | null }> = {
  work: { code: 'TID', name: null },
  'absence.vacation': { code: 'SEM', name: null },
  'absence.sick': { code: 'SJK', name: null },
  'absence.child_care': { code: 'VAB', name: null },
  'absence.parental_leave': { code: 'FPE', name: null },
  'absence.leave_of_absence': { code: 'TJL', name: null },
  'absence.unpaid': { code: 'FR1', name: 'Obetald ledighet' },
  'absence.other': { code: 'FR2', name: 'Övrig frånvaro' },
  'allowance.half': { code: 'INRHLV_FRI', name: null },
  'allowance.full': { code: 'INRHEL_FRI', name: null },
  commission: { code: 'PROVISION', name: null },
  clawback: { code: 'PROVISION', name: null },
  extra_income: { code: 'BONUS', name: null },
}

/** Whether `code` is one the item's kind may map to. */
export function codeFitsItem(item: PayItem, code: string): boolean {
  return payItemKind(item) === 'time' ? (TIME_CODES as readonly string[]).includes(code) : (PAY_CODES as readonly string[]).includes(code)
}

/** The pay items an export needs that have no code: each one blocks the export and is named to the user. */
export function unmappedItems(needed: Iterable<PayItem>, mapping: ReadonlyMap<PayItem, string | null>): PayItem[] {
  const out = new Set<PayItem>()
  for (const item of needed) if (!mapping.get(item)) out.add(item)
  return PAY_ITEMS.filter((i) => out.has(i))
}

/** The pay items a day's time report gives: its work, its absence by type, its per diem. */
export function payItemsOfReport(r: { workHours: number; absenceHours: number; absenceType: AbsenceType | null; allowanceType: number | null }): PayItem[] {
  const items: PayItem[] = []
  if (r.workHours > 0) items.push('work')
  if (r.absenceHours > 0 && r.absenceType) items.push(`absence.${r.absenceType}`)
  if (r.allowanceType === 1) items.push('allowance.half')
  if (r.allowanceType === 2) items.push('allowance.full')
  return items
}
