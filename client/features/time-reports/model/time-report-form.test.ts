import { describe, expect, it } from 'vitest'
import { timeReportInputSchema } from '../../../../shared/schemas/time-reports'
import { formToTimeReport, newTimeReportForm, timeReportToForm, type TimeReportFormValues } from './time-report-form'

const id = '3c1f0e9a-5b7d-4a2e-8f61-0d9b2c4e7a15'

describe('the seller’s time report form', () => {
  it('starts a day as a full working day with presence still to choose', () => {
    expect(newTimeReportForm('2031-05-02')).toEqual({
      date: '2031-05-02',
      present: '',
      workHours: '8',
      absenceHours: '0',
      absenceType: '',
      allowanceType: '0',
      travelLocation: '',
      comment: '',
    })
  })

  it('saves numbers and null for what was left empty, which the API schema accepts', () => {
    const values: TimeReportFormValues = { ...newTimeReportForm('2031-05-02'), present: 'yes', workHours: '4', absenceHours: '4', absenceType: 'sick' }
    const report = formToTimeReport(values, id)
    expect(report).toEqual({
      id,
      date: '2031-05-02',
      present: true,
      workHours: 4,
      absenceHours: 4,
      absenceType: 'sick',
      allowanceType: 0,
      travelLocation: null,
      comment: null,
    })
    expect(timeReportInputSchema.safeParse(report).success).toBe(true)
  })

  it('leaves presence and allowance unknown when not chosen', () => {
    const report = formToTimeReport({ ...newTimeReportForm('2031-05-02'), allowanceType: '' }, id)
    expect(report.present).toBeNull()
    expect(report.allowanceType).toBeNull()
  })

  it('shows a saved report as it was entered, and saves it back unchanged', () => {
    const saved = formToTimeReport({ ...newTimeReportForm('2031-05-03'), present: 'yes', allowanceType: '2', travelLocation: 'Umeå', comment: 'Kurs' }, id)
    const form = timeReportToForm(saved)
    expect(form).toMatchObject({ present: 'yes', allowanceType: '2', travelLocation: 'Umeå', comment: 'Kurs', workHours: '8' })
    expect(formToTimeReport(form, id)).toEqual(saved)
  })
})
