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
    // 1,000 kr commission + 100 kr bonus over 40 h = 27.50 kr/h; 167 h → 4,593 kr
    expect(salaryEstimate(sales, 40)).toEqual({
      commissionOre: 100_000,
      qualityBonusOre: 10_000,
      grossOre: 110_000,
      hoursWorked: 40,
      perHourKr: 27.5,
      monthlyKr: 4593,
    })
  })

  it('has no rate before any hours are reported', () => {
    expect(salaryEstimate(sales, 0)).toMatchObject({ perHourKr: null, monthlyKr: null })
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
