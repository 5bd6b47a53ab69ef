import { describe, expect, it } from 'vitest'
import { budgetView, earningsByStatus, salaryEstimate } from './earnings'
import { workingDaysOf } from './work'

const sale = (status: 'finalized' | 'approved' | 'regret' | 'deviation', commission: number, value = 100_000) => ({
  status,
  orderValueOre: value,
  sellerCommissionOre: commission,
})

describe('earnings and salary estimate', () => {
  const sales = [sale('approved', 70_000), sale('finalized', 30_000), sale('regret', 50_000), sale('deviation', 10_000)]

  it('groups by status and marks which count', () => {
    expect(earningsByStatus(sales).map((r) => [r.status, r.count, r.commissionOre, r.counts])).toEqual([
      ['approved', 1, 70_000, true],
      ['finalized', 1, 30_000, true],
      ['regret', 1, 50_000, false],
      ['deviation', 1, 10_000, false],
    ])
  })

  it('counts commission of earning sales plus a 10 % quality bonus, per hour worked, and over 167 h', () => {
    // 1,000 kr commission + 100 kr bonus over 40 h = 27.50 kr/h → 28 kr/h; 167 h → 4,593 kr
    const dated = sales.map((s) => ({ ...s, sellDate: '2026-11-02' }))
    const week = ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06'].map((date) => ({ date, workHours: 8 }))
    expect(salaryEstimate(dated, week)).toEqual({
      commissionOre: 100_000,
      qualityBonusOre: 10_000,
      grossOre: 110_000,
      reportedHours: 40,
      assumedDays: 0,
      hoursBasis: 40,
      perHourKr: 28,
      monthlyKr: 4593,
    })
  })
})

describe('the salary estimate never divides many days of money by the hours of a few (decision 018)', () => {
  // 1,000 kr commission a day on each sale day, 10 % bonus: 1,100 kr gross a day.
  const day = (date: string) => ({ status: 'approved' as const, orderValueOre: 500_000, sellerCommissionOre: 100_000, sellDate: date })
  const report = (date: string, workHours: number) => ({ date, workHours })
  const tenDays = ['02', '03', '04', '05', '06', '09', '10', '11', '12', '13'].map((d) => `2026-11-${d}`)

  const cases: Array<{
    name: string
    sales: ReturnType<typeof day>[]
    reports: ReturnType<typeof report>[]
    perHour: number | null
    monthly: number | null
    basis: number
    assumed: number
  }> = [
    // The case that broke it: ten days of sales, one 8-hour report. Before: 11,000 kr / 8 h = 1,375 kr/h.
    {
      name: 'ten days of sales, one day reported',
      sales: tenDays.map(day),
      reports: [report(tenDays[0]!, 8)],
      perHour: 138,
      monthly: 22963,
      basis: 80,
      assumed: 9,
    },
    {
      name: 'ten days of sales, every day reported',
      sales: tenDays.map(day),
      reports: tenDays.map((d) => report(d, 8)),
      perHour: 138,
      monthly: 22963,
      basis: 80,
      assumed: 0,
    },
    { name: 'a new month: one day of sales and no report yet', sales: [day('2026-12-01')], reports: [], perHour: 138, monthly: 22963, basis: 8, assumed: 1 },
    { name: 'a new month: nothing yet', sales: [], reports: [], perHour: null, monthly: null, basis: 0, assumed: 0 },
    { name: 'hours reported, no sales yet', sales: [], reports: [report('2026-11-02', 8)], perHour: 0, monthly: 0, basis: 8, assumed: 0 },
    {
      name: 'short days reported count as reported',
      sales: [day('2026-11-02'), day('2026-11-03')],
      reports: [report('2026-11-02', 4), report('2026-11-03', 4)],
      perHour: 275,
      monthly: 45925,
      basis: 8,
      assumed: 0,
    },
    {
      name: 'a day reported with no work hours counts as a full day',
      sales: [day('2026-11-02')],
      reports: [report('2026-11-02', 0)],
      perHour: 138,
      monthly: 22963,
      basis: 8,
      assumed: 1,
    },
    {
      name: 'two sales on one unreported day are one assumed day',
      sales: [day('2026-11-02'), day('2026-11-02')],
      reports: [],
      perHour: 275,
      monthly: 45925,
      basis: 8,
      assumed: 1,
    },
    {
      name: 'a reported day without sales adds its hours',
      sales: [day('2026-11-02')],
      reports: [report('2026-11-02', 8), report('2026-11-03', 8)],
      perHour: 69,
      monthly: 11481,
      basis: 16,
      assumed: 0,
    },
  ]
  it.each(cases)('$name', ({ sales: list, reports, perHour, monthly, basis, assumed }) => {
    const e = salaryEstimate(list, reports)
    expect(e.hoursBasis).toBe(basis)
    expect(e.assumedDays).toBe(assumed)
    expect(e.perHourKr).toBe(perHour)
    expect(e.monthlyKr).toBe(monthly)
  })

  it('regrets, deviations and absences neither earn nor make a day assumed', () => {
    const e = salaryEstimate([{ status: 'regret', orderValueOre: 1, sellerCommissionOre: 100_000, sellDate: '2026-11-02' }], [])
    expect(e).toMatchObject({ grossOre: 0, assumedDays: 0, perHourKr: null })
  })
})

describe('budget view', () => {
  const days = workingDaysOf('2026-11')
  it('has the working days of the month', () => {
    expect(days).toHaveLength(21)
    expect(days[0]).toBe('2026-11-02')
  })
  it('predicts from the pace so far and shrinks the remaining budget', () => {
    // 15 working days up to the 20th; 30,000 kr so far → 42,000 kr predicted
    expect(budgetView(3_000_000, 8_000_000, days, '2026-11-20')).toEqual({
      currentOre: 3_000_000,
      budgetOre: 8_000_000,
      percent: 38,
      remainingOre: 5_000_000,
      predictionOre: 4_200_000,
      workingDays: 21,
      workingDaysLeft: 6,
    })
  })
  it('shows nothing left once exceeded', () => {
    expect(budgetView(9_000_000, 8_000_000, days, '2026-11-30')).toMatchObject({ percent: 113, remainingOre: 0 })
  })
})
