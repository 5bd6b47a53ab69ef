import type { Schema } from '../../db/client'
import { ownedPullSource, type PullSource } from '../../lib/sync-contract'

/** What pay gives the sync protocol: the seller's extra income, for the salary calculator (removed ones leave). */
export function payPullSource(t: Schema): PullSource {
  return ownedPullSource(t.extraIncomes, (x) =>
    x.removedAt !== null
      ? { op: 'del', table: 'extraIncomes', key: x.id }
      : {
          op: 'put',
          table: 'extraIncomes',
          key: x.id,
          value: { id: x.id, userId: x.userId, month: x.month, amountOre: x.amountOre, description: x.description, updatedAt: x.updatedAt },
        },
  )
}
