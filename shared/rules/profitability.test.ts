import { describe, expect, it } from 'vitest'
import {
  addInputs,
  currentMethod,
  DEFAULT_PAYROLL_TAX_BP,
  EMPTY_INPUT,
  fullTimeHours,
  LEGACY_METHOD,
  legacyPeriod,
  monthShares,
  profitability,
  type ProfitabilityInput,
} from './profitability'

/** One seller's February 2025, figured by hand below (amounts in öre). */
const february: ProfitabilityInput = {
  sales: 4,
  orderValueOre: 1_200_000,
  companyCommissionOre: 100_000,
  sellerCommissionOre: 40_000,
  companyCostOre: 5_000,
  extraIncomeOre: 10_000,
  workHours: 20,
  nkiAnswers: 2,
  nkiTenthsSum: 1_500,
}

describe('profitability metrics (decision 051)', () => {
  it('the current calculation, by hand', () => {
    // pay 400 + 100 = 500 kr; contributions 31.42 % = 157.10 kr; variable costs 657.10 + 50 = 707.10 kr;
    // TB 1000 − 707.10 = 292.90 kr (29.3 %); 20 h of a 167-hour February = 0.12 FTE; 292.90 / 20 = 14.645 kr/h;
    // pay per hour 500 / 20 = 25 kr/h; NKI (80 + 70) / 2 = 75.
    expect(profitability(february, currentMethod(DEFAULT_PAYROLL_TAX_BP), fullTimeHours('2025-02-01', '2025-02-28'))).toEqual({
      sales: 4,
      orderValueOre: 1_200_000,
      incomeOre: 100_000,
      payCostOre: 65_710,
      variableCostsOre: 70_710,
      tbOre: 29_290,
      tbPercent: 29.3,
      workHours: 20,
      fte: 0.12,
      productivityOre: 1_465,
      hourlyCompensationOre: 2_500,
      nki: 75,
      nkiAnswers: 2,
    })
  })

  it('the legacy calculation: no contributions, extra income outside the margin, a 160-hour month', () => {
    expect(profitability(february, LEGACY_METHOD, fullTimeHours('2025-02-01', '2025-02-28', LEGACY_METHOD.monthHours))).toMatchObject({
      payCostOre: 40_000,
      variableCostsOre: 45_000,
      tbOre: 55_000,
      tbPercent: 55,
      fte: 0.13,
      productivityOre: 2_750,
      hourlyCompensationOre: 2_000,
    })
  })

  it.each([
    ['no income: no margin share', { ...EMPTY_INPUT, sellerCommissionOre: 10_000 }, { incomeOre: 0, tbOre: -13_142, tbPercent: null }],
    ['no hours: no FTE, productivity or hourly compensation', { ...february, workHours: 0 }, { fte: 0, productivityOre: null, hourlyCompensationOre: null }],
    ['hours not told apart (a provider)', { ...february, workHours: null }, { fte: null, productivityOre: null, hourlyCompensationOre: null }],
    ['no answers: no NKI', { ...february, nkiAnswers: 0, nkiTenthsSum: 0 }, { nki: null, nkiAnswers: 0 }],
    ['a loss', { ...february, companyCommissionOre: 50_000 }, { tbOre: -20_710, tbPercent: -41.4, productivityOre: -1_036 }],
  ] as const)('%s', (_name, input, expected) => {
    expect(profitability(input, currentMethod(DEFAULT_PAYROLL_TAX_BP), 167)).toMatchObject(expected)
  })

  it('a contribution rate of 0 leaves the pay as it is', () => {
    expect(profitability(february, currentMethod(0), 167)).toMatchObject({ payCostOre: 50_000, variableCostsOre: 55_000, tbOre: 45_000 })
  })

  it('inputs add up; hours stay unknown only when both are', () => {
    expect(addInputs(february, february)).toEqual({
      ...february,
      sales: 8,
      orderValueOre: 2_400_000,
      companyCommissionOre: 200_000,
      sellerCommissionOre: 80_000,
      companyCostOre: 10_000,
      extraIncomeOre: 20_000,
      workHours: 40,
      nkiAnswers: 4,
      nkiTenthsSum: 3_000,
    })
    expect(addInputs({ ...february, workHours: null }, { ...february, workHours: null }).workHours).toBeNull()
    expect(addInputs({ ...february, workHours: null }, february).workHours).toBe(20)
  })
})

describe('the period in months', () => {
  it.each([
    ['2025-02-01', '2025-02-28', [{ month: '2025-02', share: 1 }]],
    ['2024-02-01', '2024-02-29', [{ month: '2024-02', share: 1 }]],
    [
      '2025-01-17',
      '2025-03-10',
      [
        { month: '2025-01', share: 15 / 31 },
        { month: '2025-02', share: 1 },
        { month: '2025-03', share: 10 / 31 },
      ],
    ],
    [
      '2025-12-31',
      '2026-01-01',
      [
        { month: '2025-12', share: 1 / 31 },
        { month: '2026-01', share: 1 / 31 },
      ],
    ],
    ['2025-03-02', '2025-03-01', []],
  ])('%s – %s', (from, to, shares) => {
    expect(monthShares(from, to)).toEqual(shares)
  })

  it('full-time hours: 167 a month, in proportion to the days of a partial month', () => {
    expect(fullTimeHours('2025-01-01', '2025-12-31')).toBe(12 * 167)
    expect(fullTimeHours('2025-01-17', '2025-03-10')).toBeCloseTo((167 * 56) / 31, 9)
    expect(fullTimeHours('2025-06-01', '2025-06-15', 160)).toBe(80)
  })
})

describe('the legacy period', () => {
  it.each([
    ['2025-01-01', '2025-02-28', '2025-03-01', { from: '2025-01-01', to: '2025-02-28', clipped: false }],
    ['2025-01-01', '2025-03-31', '2025-03-01', { from: '2025-01-01', to: '2025-02-28', clipped: true }],
    ['2025-03-01', '2025-03-31', '2025-03-01', null],
    ['2024-01-01', '2024-03-01', '2024-03-01', { from: '2024-01-01', to: '2024-02-29', clipped: true }],
  ])('%s – %s with the cut-off %s', (from, to, cutoff, expected) => {
    expect(legacyPeriod(from, to, cutoff)).toEqual(expected)
  })
})
