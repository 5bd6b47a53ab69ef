import type { Database } from '../../db/client'
import { summaryReadsContext } from './sales.summary-reads-context'
import { summaryBreakdowns } from './sales.summary-breakdowns'
import { summaryTotals } from './sales.summary-totals'
import { summaryAmounts } from './sales.summary-amounts'

export { type TotalsRow, type AmountsRow, type SummaryFilter } from './sales.summary-reads-context'

/**
 * Reads of the summary for other areas (through ports): always within the sale reports the reader may see (their
 * `view sale_reports` conditions on the summary's seller, team and office), so a figure never counts a sale its
 * reader could not open. For a reader who sees the whole organisation and asks for all of it, a period's whole
 * months come from the month table, its ends from the day table; any narrower question reads the day table by the
 * index of its team, office or seller.
 */
export function summaryReads(database: Database) {
  const ctx = summaryReadsContext(database)
  return {
    breakdowns: summaryBreakdowns(ctx),
    sums: summaryTotals(ctx),
    amounts: summaryAmounts(ctx),
  }
}
