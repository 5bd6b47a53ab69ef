import { describe, expect, it } from 'vitest'
import { TIME_REPORT_RULES, timeReportViolations, type TimeReportDraft, type TimeReportRule } from './time-report'

/** A full day at work: valid. Each row changes it so that exactly one rule (or the rules it names) breaks. */
const workDay: TimeReportDraft = { present: true, workHours: 8, absenceHours: 0, absenceType: null, allowanceType: 0, travelLocation: null }
const sickDay: TimeReportDraft = { present: false, workHours: 0, absenceHours: 8, absenceType: 'sick', allowanceType: 0, travelLocation: null }
const mixedDay: TimeReportDraft = { present: true, workHours: 6, absenceHours: 2, absenceType: 'vacation', allowanceType: 0, travelLocation: null }

const rows: Array<{ rule: TimeReportRule; passes: TimeReportDraft; fails: TimeReportDraft; breaks: TimeReportRule[] }> = [
  { rule: 'typeRequired', passes: workDay, fails: { ...workDay, allowanceType: null }, breaks: ['typeRequired'] },
  { rule: 'allowanceOrAbsenceRequired', passes: sickDay, fails: { ...workDay, present: null }, breaks: ['allowanceOrAbsenceRequired'] },
  {
    rule: 'typeZeroWithoutLocation',
    passes: { ...workDay, allowanceType: 2, travelLocation: 'Umeå' },
    fails: { ...workDay, allowanceType: 2, travelLocation: ' ' },
    breaks: ['typeZeroWithoutLocation'],
  },
  {
    rule: 'workNot8WithAbsence',
    passes: mixedDay,
    fails: { ...workDay, absenceHours: 2, absenceType: 'vacation' },
    breaks: ['workNot8WithAbsence', 'totalOver8'],
  },
  { rule: 'absenceMustBe8', passes: sickDay, fails: { ...sickDay, absenceHours: 6, workHours: 2 }, breaks: ['absenceMustBe8'] },
  { rule: 'totalOver8', passes: mixedDay, fails: { ...mixedDay, absenceHours: 4 }, breaks: ['totalOver8'] },
  { rule: 'totalNot8', passes: mixedDay, fails: { ...mixedDay, absenceHours: 0 }, breaks: ['totalNot8'] },
  { rule: 'absenceTypeRequired', passes: mixedDay, fails: { ...mixedDay, absenceType: null }, breaks: ['absenceTypeRequired'] },
  {
    rule: 'zeroWorkWhenPresent',
    passes: workDay,
    fails: { ...sickDay, present: true },
    breaks: ['zeroWorkWhenPresent'],
  },
  {
    rule: 'hoursEvenRange',
    passes: { ...mixedDay, workHours: 4, absenceHours: 4 },
    fails: { ...mixedDay, workHours: 5, absenceHours: 3 },
    breaks: ['hoursEvenRange', 'hoursEvenRange'],
  },
]

describe('time-report rules (spec section 5)', () => {
  it('has one row per rule', () => {
    expect(rows.map((r) => r.rule).sort()).toEqual([...TIME_REPORT_RULES].sort())
  })

  it.each(rows)('$rule: passes when kept, breaks when not', ({ passes, fails, breaks }) => {
    expect(timeReportViolations(passes)).toEqual([])
    expect(timeReportViolations(fails).map((v) => v.rule)).toEqual(breaks)
  })

  it('reports hours outside 0–8 and fractions', () => {
    expect(timeReportViolations({ ...workDay, workHours: 10 }).map((v) => v.rule)).toContain('hoursEvenRange')
    expect(timeReportViolations({ ...mixedDay, workHours: 6.5 }).map((v) => v.rule)).toContain('hoursEvenRange')
    expect(timeReportViolations({ ...mixedDay, absenceHours: -2, workHours: 10 }).map((v) => v.rule)).toContain('hoursEvenRange')
  })

  it('names the field each rule belongs to', () => {
    expect(timeReportViolations({ ...mixedDay, absenceType: null })).toEqual([{ rule: 'absenceTypeRequired', field: 'absenceType' }])
  })
})
