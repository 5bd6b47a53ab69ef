import type { Database } from '../../db/client'
import { type DeviationSaleRules, deviationsContext } from './deviations.context'
import { deviationList } from './deviations.list'
import { deviationDetail } from './deviations.detail'

export { type DeviationSaleRules, maskSsn } from './deviations.context'

/**
 * Deviations as their own records (docs/decisions/024). The sales service writes them with the move that causes
 * them (`deviationWrites` in deviations.writes.ts, in its transaction): a move to deviation opens one, the seller's correction marks it
 * corrected, and back office's next move of the sale resolves it with that move. `deviationReads` answers the
 * back-office list (the work list: waiting ones oldest first) and a deviation's page.
 */
export function deviationReads(database: Database, sale: DeviationSaleRules) {
  const ctx = deviationsContext(database, sale)
  return {
    listing: deviationList(ctx),
    details: deviationDetail(ctx),
  }
}
