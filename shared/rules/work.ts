/** Work-time and salary constants of spec section 9, and the calendar they are counted in. */

/** A work day is 8 hours. */
export const WORK_DAY_HOURS = 8
/** The salary estimate assumes 167 work hours a month. */
export const SALARY_MONTH_HOURS = 167
/**
 * The quality bonus the salary estimate assumes reached, as a share of the seller commission
 * (the spec does not give its size: docs/decisions/010).
 */
export const QUALITY_BONUS_SHARE = 0.1

/** Days are counted in the organisation's time zone, whatever the device or server clock says. */
export const BUSINESS_TIME_ZONE = 'Europe/Stockholm'

const dayFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** The business day (YYYY-MM-DD) an instant falls on. */
export function businessDay(at: number | Date): string {
  return dayFormatter.format(at)
}

/** The month (YYYY-MM) of a business day or instant. */
export function businessMonth(at: number | Date | string): string {
  return (typeof at === 'string' ? at : businessDay(at)).slice(0, 7)
}

/** Monday–Friday days of a month (YYYY-MM), as YYYY-MM-DD. Public holidays are not known here. */
export function workingDaysOf(month: string): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number]
  const days: string[] = []
  for (let d = 1; d <= 31; d++) {
    const date = new Date(Date.UTC(y, m - 1, d))
    if (date.getUTCMonth() !== m - 1) break
    const wd = date.getUTCDay()
    if (wd !== 0 && wd !== 6) days.push(`${month}-${String(d).padStart(2, '0')}`)
  }
  return days
}
