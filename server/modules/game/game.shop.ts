import type {} from '../../../shared/schemas/game'
import type { Database, Db } from '../../db/client'

import type { Book } from './game.shop-context'
export type { Book }

import { gameShopContext } from './game.shop-context'
import { shopForPlayers } from './game.shop-player'
import { shopPurchases } from './game.shop-purchases'
import { shopRewards } from './game.shop-rewards'

/**
 * The rewards shop of the sales game (decision 052). Buying is one transaction: the variant's stock is taken by a
 * conditional update (stock > 0) and the coins by another (coins ≥ price) on the person's totals, then the ledger's
 * row is written; either refusal rolls both back. On SQLite transactions run one at a time; on PostgreSQL they are
 * serializable and retried, and each conditional update re-reads the row it waits for: neither stock nor coins ever
 * goes below zero, however many buy at once. A cancelled or rejected purchase gives both back.
 */
export function gameShop(database: Database, book: Book, names: (db: Db, ids: string[]) => Promise<Map<string, string>>) {
  const ctx = gameShopContext(database, book, names)
  return { players: shopForPlayers(ctx), purchasing: shopPurchases(ctx), rewards: shopRewards(ctx) }
}
