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
  /** the numbers of the levels the person has reached (once reached, kept after a regret) */
  reached: number[]
  /** the level reached last, and when: the app celebrates it once */
  lastReached: { number: number; name: string; benefits: string; at: number } | null
  ledger: GameLedgerLine[]
}

/** Whose XP a leaderboard ranks: the person's team, office or region, or the whole organisation. */
export const LEADERBOARD_SCOPES = ['team', 'office', 'region', 'organisation'] as const
export type LeaderboardScope = (typeof LEADERBOARD_SCOPES)[number]
/** Over which time: this week (ISO), this month, or all time. */
export const LEADERBOARD_PERIODS = ['week', 'month', 'all'] as const
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number]

export const leaderboardQuerySchema = z.strictObject({
  scope: z.enum(LEADERBOARD_SCOPES).default('region'),
  period: z.enum(LEADERBOARD_PERIODS).default('week'),
  /** one of the person's teams (a coach has several); their first when left out */
  teamId: z.string().min(1).max(64).optional(),
})
export type LeaderboardQuery = z.input<typeof leaderboardQuerySchema>

/** A person on a leaderboard: their rank (equal XP, equal rank), name and XP in the scope and period. */
export type LeaderboardRow = { rank: number; userId: string; name: string; xp: number; me: boolean }

export type Leaderboard = {
  scope: LeaderboardScope
  period: LeaderboardPeriod
  /** the days counted (inclusive), null for all time */
  from: string | null
  to: string | null
  /** the team, office or region ranked; null for the organisation, or when the person has none of that kind */
  place: { id: string; name: string } | null
  /** the person's teams to choose among (a coach's several) */
  teams: Array<{ id: string; name: string }>
  /** how many are ranked (those who take part, and the person) */
  total: number
  top: LeaderboardRow[]
  /** below the top: the five above and five below the person's own rank */
  around: LeaderboardRow[]
  /** the person's own rank (null without XP in the period) and whether others see them */
  me: { rank: number | null; xp: number; ranked: boolean }
}

/** A person's choice whether others see them in leaderboards. */
export const rankingInputSchema = z.strictObject({ ranked: z.boolean() })
