/**
 * The time-report rules of spec section 5, as one pure function the form and the server both run.
 * Each broken rule yields its own code; the code is also the translation key of its message
 * (`timeReport.rules.<code>`) and names the field it belongs to. docs/decisions/009 explains the model.
 */
import { WORK_DAY_HOURS } from './work'

export const ABSENCE_TYPES = ['vacation', 'sick', 'child_care', 'parental_leave', 'leave_of_absence', 'unpaid', 'other'] as const
export type AbsenceType = (typeof ABSENCE_TYPES)[number]

/** Per-diem allowance: 0 none, 1 half day, 2 full day. Any allowance needs a roadtrip or travel-day location. */
export const ALLOWANCE_TYPES = [0, 1, 2] as const
export type AllowanceType = (typeof ALLOWANCE_TYPES)[number]

export type TimeReportDraft = {
  /** at work that day (true) or absent the whole day (false); null = not chosen yet */
  present: boolean | null
  workHours: number
  absenceHours: number
  absenceType: AbsenceType | null
  /** null = not chosen yet */
  allowanceType: AllowanceType | null
  travelLocation: string | null
}

export const TIME_REPORT_RULES = [
  'typeRequired',
  'allowanceOrAbsenceRequired',
  'typeZeroWithoutLocation',
  'workNot8WithAbsence',
  'absenceMustBe8',
  'totalOver8',
  'totalNot8',
  'absenceTypeRequired',
  'zeroWorkWhenPresent',
  'hoursEvenRange',
] as const
export type TimeReportRule = (typeof TIME_REPORT_RULES)[number]

export type TimeReportViolation = { rule: TimeReportRule; field: keyof TimeReportDraft }

const evenInRange = (h: number) => Number.isInteger(h) && h >= 0 && h <= WORK_DAY_HOURS && h % 2 === 0

/** Every rule the draft breaks, in the order the form shows them; empty when the report is valid. */
export function timeReportViolations(r: TimeReportDraft): TimeReportViolation[] {
  const out: TimeReportViolation[] = []
  const add = (rule: TimeReportRule, field: keyof TimeReportDraft) => out.push({ rule, field })

  if (r.allowanceType === null) add('typeRequired', 'allowanceType')
  if (r.present === null) add('allowanceOrAbsenceRequired', 'present')
  const hasLocation = !!r.travelLocation?.trim()
  if (r.allowanceType !== null && r.allowanceType !== 0 && !hasLocation) add('typeZeroWithoutLocation', 'allowanceType')

  if (!evenInRange(r.workHours)) add('hoursEvenRange', 'workHours')
  if (!evenInRange(r.absenceHours)) add('hoursEvenRange', 'absenceHours')
  const total = r.workHours + r.absenceHours

  if (r.workHours === WORK_DAY_HOURS && r.absenceHours > 0) add('workNot8WithAbsence', 'workHours')
  if (r.present === false && r.absenceHours !== WORK_DAY_HOURS) add('absenceMustBe8', 'absenceHours')
  if (r.present === true && r.workHours === 0) add('zeroWorkWhenPresent', 'workHours')
  if (total > WORK_DAY_HOURS) add('totalOver8', 'absenceHours')
  else if (total !== WORK_DAY_HOURS && r.present !== null) add('totalNot8', 'absenceHours')
  if (r.workHours < WORK_DAY_HOURS && !r.absenceType) add('absenceTypeRequired', 'absenceType')
  return out
}
