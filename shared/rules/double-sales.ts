/**
 * Possible double sales (issue 14, docs/decisions/025): the same customer — the identity number of a private
 * customer, the organisation number of a company — sold the same product of the same provider twice within a
 * window of days. Back office confirms one (it becomes regret) or dismisses the pair. Table test beside it.
 */

/** The window back office may set, in days; pairs are found up to the longest and listed within the one set. */
export const DOUBLE_WINDOW_MIN_DAYS = 1
export const DOUBLE_WINDOW_MAX_DAYS = 90
export const DOUBLE_WINDOW_DEFAULT_DAYS = 30

/**
 * The customer a sale is for, as one key: "p" and the twelve-digit identity number, or "o" and the organisation
 * number (as normalised, NNNNNN-NNNN). Null when the sale names neither.
 */
export function customerKeyOf(sale: { customerType: 'private' | 'company'; customerSsn: string | null; orgNumber: string | null }): string | null {
  if (sale.customerType === 'company') return sale.orgNumber ? `o${sale.orgNumber}` : null
  return sale.customerSsn ? `p${sale.customerSsn}` : null
}

/** Whole days between two business days (YYYY-MM-DD), in either order. */
export function daysApart(a: string, b: string): number {
  return Math.abs(Math.round((Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000))
}

/** The business day `days` before or after `day` (YYYY-MM-DD). */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

export type DoubleCandidate = {
  id: string
  customerKey: string | null
  providerId: string
  sellDate: string
  productIds: readonly string[]
}

/** Whether two sales are a possible double sale within `windowDays`. */
export function isPossibleDouble(a: DoubleCandidate, b: DoubleCandidate, windowDays: number): boolean {
  if (a.id === b.id || !a.customerKey || a.customerKey !== b.customerKey || a.providerId !== b.providerId) return false
  if (daysApart(a.sellDate, b.sellDate) > windowDays) return false
  return a.productIds.some((p) => b.productIds.includes(p))
}
