import type { AbsenceType, AllowanceType } from '../../../../shared/rules/time-report'
import type { TimeReportInput } from '../../../../shared/schemas/time-reports'

/** The seller's time report form's values: the selects' text, '' where nothing is chosen. */
export type TimeReportFormValues = {
  date: string
  present: '' | 'yes' | 'no'
  workHours: string
  absenceHours: string
  absenceType: '' | AbsenceType
  allowanceType: '' | '0' | '1' | '2'
  travelLocation: string
  comment: string
}

/** A new day's report: a full working day, no absence, no allowance; presence still to be chosen. */
export function newTimeReportForm(date: string): TimeReportFormValues {
  return { date, present: '', workHours: '8', absenceHours: '0', absenceType: '', allowanceType: '0', travelLocation: '', comment: '' }
}

/** A saved report (or one the server refused, being fixed) as the form shows it. */
export function timeReportToForm(r: TimeReportInput): TimeReportFormValues {
  return {
    date: r.date,
    present: r.present === null || r.present === undefined ? '' : r.present ? 'yes' : 'no',
    workHours: String(r.workHours),
    absenceHours: String(r.absenceHours),
    absenceType: r.absenceType ?? '',
    allowanceType: r.allowanceType === null || r.allowanceType === undefined ? '' : (String(r.allowanceType) as '0' | '1' | '2'),
    travelLocation: r.travelLocation ?? '',
    comment: r.comment ?? '',
  }
}

/** The form's values as the report saved on the phone and sent: numbers, and null for what was left empty. */
export function formToTimeReport(v: TimeReportFormValues, id: string): TimeReportInput {
  return {
    id,
    date: v.date,
    present: v.present === '' ? null : v.present === 'yes',
    workHours: Number(v.workHours),
    absenceHours: Number(v.absenceHours),
    absenceType: v.absenceType || null,
    allowanceType: v.allowanceType === '' ? null : (Number(v.allowanceType) as AllowanceType),
    travelLocation: v.travelLocation || null,
    comment: v.comment || null,
  }
}
