import { z } from 'zod'

/**
 * The sales game's contracts (docs/decisions/052): the kinds of ledger rows, and what the screens read.
 */

/** Why XP or coins moved: a sale's earning (and its quality's change), its regret, a purchase and its refund, a badge, a prize, an admin's adjustment. */
export const GAME_LEDGER_KINDS = ['sale', 'quality', 'regret', 'purchase', 'purchase_refund', 'badge', 'prize', 'adjustment'] as const
export type GameLedgerKind = (typeof GAME_LEDGER_KINDS)[number]

export const gameLedgerKindSchema = z.enum(GAME_LEDGER_KINDS)

/** A row of a person's ledger as their history shows it. */
export type GameLedgerLine = {
  id: string
  kind: GameLedgerKind
  xp: number
  coins: number
  saleId: string | null
  reason: string | null
  day: string
  at: number
}

/** A level as the screens show it. */
export type GameLevel = { id: string; number: number; name: string; requiredXp: number; benefits: string }

/** The signed-in person's game: XP, coins, the level they hold and the next, every level, their latest ledger rows. */
export type GameStanding = {
  xp: number
  coins: number
  current: GameLevel | null
  next: GameLevel | null
  xpToNext: number | null
  progressPercent: number
  levels: GameLevel[]
  ledger: GameLedgerLine[]
}
