/**
 * Finance profitability (issue 19, docs/decisions/051): what a period's standing sales, hours, extra income and
 * quality answers of a unit (a seller, a team, a manager's office, a provider) add up to. Pure functions with a
 * table test (profitability.test.ts); the server computes the figures with them and the screens show the same
 * definitions beside each figure.
 */
import { monthRange, SALARY_MONTH_HOURS } from './work'

/** Employer's contributions on pay (arbetsgivaravgifter), in basis points of the pay: 31.42 % unless set otherwise. */
export const DEFAULT_PAYROLL_TAX_BP = 3142

/** The earlier calculation's full-time month, used by the legacy view for the months before its cut-off. */
export const LEGACY_MONTH_HOURS = 160

/** What a unit's period adds up to, in öre and hours: the input of the metrics. */
export type ProfitabilityInput = {
  /** standing sales (the statuses earnings count) and their order value */
  sales: number
  orderValueOre: number
  /** what the providers pay the company for those sales */
  companyCommissionOre: number
  /** what the sellers earn on them */
  sellerCommissionOre: number
  /** the company's own cost of them (material, fees) */
  companyCostOre: number
  /** extra income paid to the unit's sellers (their month's share within the period) */
  extraIncomeOre: number
  /** reported work hours; null where hours cannot be told apart for the unit (a provider) */
  workHours: number | null
  /** answered quality surveys of the sales and the sum of their NKI (tenths of a point, 0–1000) */
  nkiAnswers: number
  nkiTenthsSum: number
}

export type ProfitabilityMetrics = {
  sales: number
  orderValueOre: number
  /** income: the company's commission of the standing sales */
  incomeOre: number
  /** variable costs: the sellers' pay (commission and extra income), the employer's contributions on it, and the company's cost */
  variableCostsOre: number
  /** of which the sellers' pay and the contributions on it */
  payCostOre: number
  /** contribution margin (täckningsbidrag): income less variable costs */
  tbOre: number
  /** the margin as a share of income, in percent with one decimal; null without income */
  tbPercent: number | null
  workHours: number | null
  /** full-time equivalents: work hours over the period's full-time hours; null without hours for the unit */
  fte: number | null
  /** productivity: contribution margin per work hour, whole öre; null without hours */
  productivityOre: number | null
  /** hourly compensation: the sellers' pay (commission and extra income, before contributions) per work hour, whole öre */
  hourlyCompensationOre: number | null
  /** customer satisfaction index 0–100 with one decimal: the mean of the answered surveys' NKI; null without answers */
  nki: number | null
  nkiAnswers: number
}

export type ProfitabilityMethod = {
  /** employer's contributions on the sellers' pay, basis points */
  payrollTaxBp: number
  /** the full-time hours of a month */
  monthHours: number
  /** whether the sellers' extra income is a cost of the unit */
  extraIncomeIsCost: boolean
}

/** The current calculation. */
export const currentMethod = (payrollTaxBp: number): ProfitabilityMethod => ({ payrollTaxBp, monthHours: SALARY_MONTH_HOURS, extraIncomeIsCost: true })

/**
 * The earlier calculation, for months before the legacy cut-off: variable costs were the sellers' commission and the
 * company's cost only (contributions and extra income were booked outside the margin), and a full-time month was 160
 * hours.
 */
export const LEGACY_METHOD: ProfitabilityMethod = { payrollTaxBp: 0, monthHours: LEGACY_MONTH_HOURS, extraIncomeIsCost: false }

/**
 * Each month a period touches, with the share of its days inside the period (1 for a whole month): how much of a
 * month's extra income and full-time hours the period carries.
 */
export function monthShares(from: string, to: string): Array<{ month: string; share: number }> {
  const out: Array<{ month: string; share: number }> = []
  if (from > to) return out
  for (let month = from.slice(0, 7); month <= to.slice(0, 7);) {
    const range = monthRange(month)
    const start = from > range.from ? from : range.from
    const end = to < range.to ? to : range.to
    const days = Number(range.to.slice(8, 10))
    out.push({ month, share: (dayNumber(end) - dayNumber(start) + 1) / days })
    const [y, m] = month.split('-').map(Number) as [number, number]
    month = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7)
  }
  return out
}

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000

/** The full-time hours of a period: the month's hours times the share of each month it covers. */
export function fullTimeHours(from: string, to: string, monthHours = SALARY_MONTH_HOURS): number {
  return monthShares(from, to).reduce((sum, m) => sum + m.share * monthHours, 0)
}

/** Rounded half away from zero, so a loss rounds as a profit does. */
const round = (x: number) => Math.sign(x) * Math.round(Math.abs(x))

const perHour = (ore: number, hours: number | null) => (hours && hours > 0 ? round(ore / hours) : null)

/** The metrics of a unit's period (definitions in docs/decisions/051 and on each screen). */
export function profitability(input: ProfitabilityInput, method: ProfitabilityMethod, fullTime: number): ProfitabilityMetrics {
  const pay = input.sellerCommissionOre + (method.extraIncomeIsCost ? input.extraIncomeOre : 0)
  const payCostOre = pay + round((pay * method.payrollTaxBp) / 10_000)
  const variableCostsOre = payCostOre + input.companyCostOre
  const incomeOre = input.companyCommissionOre
  const tbOre = incomeOre - variableCostsOre
  const hours = input.workHours
  return {
    sales: input.sales,
    orderValueOre: input.orderValueOre,
    incomeOre,
    variableCostsOre,
    payCostOre,
    tbOre,
    tbPercent: incomeOre > 0 ? round((tbOre / incomeOre) * 1000) / 10 : null,
    workHours: hours,
    fte: hours === null || fullTime <= 0 ? null : round((hours / fullTime) * 100) / 100,
    productivityOre: perHour(tbOre, hours),
    hourlyCompensationOre: perHour(pay, hours),
    nki: input.nkiAnswers > 0 ? round(input.nkiTenthsSum / input.nkiAnswers) / 10 : null,
    nkiAnswers: input.nkiAnswers,
  }
}

/** Inputs added up (a total row, or the months of two methods before their metrics are taken). */
export function addInputs(a: ProfitabilityInput, b: ProfitabilityInput): ProfitabilityInput {
  return {
    sales: a.sales + b.sales,
    orderValueOre: a.orderValueOre + b.orderValueOre,
    companyCommissionOre: a.companyCommissionOre + b.companyCommissionOre,
    sellerCommissionOre: a.sellerCommissionOre + b.sellerCommissionOre,
    companyCostOre: a.companyCostOre + b.companyCostOre,
    extraIncomeOre: a.extraIncomeOre + b.extraIncomeOre,
    workHours: a.workHours === null && b.workHours === null ? null : (a.workHours ?? 0) + (b.workHours ?? 0),
    nkiAnswers: a.nkiAnswers + b.nkiAnswers,
    nkiTenthsSum: a.nkiTenthsSum + b.nkiTenthsSum,
  }
}

export const EMPTY_INPUT: ProfitabilityInput = {
  sales: 0,
  orderValueOre: 0,
  companyCommissionOre: 0,
  sellerCommissionOre: 0,
  companyCostOre: 0,
  extraIncomeOre: 0,
  workHours: 0,
  nkiAnswers: 0,
  nkiTenthsSum: 0,
}

/**
 * The legacy view's period: the part before the cut-off day (the cut-off itself is the first day of the current
 * calculation), or null when the whole period is on or after it.
 */
export function legacyPeriod(from: string, to: string, cutoff: string): { from: string; to: string; clipped: boolean } | null {
  if (from >= cutoff) return null
  if (to < cutoff) return { from, to, clipped: false }
  const d = new Date(`${cutoff}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() - 1)
  return { from, to: d.toISOString().slice(0, 10), clipped: true }
}
