import { z } from 'zod'
import { calendarDay } from './period'

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
export type LeaderboardRow = {
  rank: number
  userId: string
  name: string
  xp: number
  me: boolean
  /** the viewer may open this person's game (their own, or as their coach or manager) */
  open: boolean
}

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

// ── The rewards shop (decision 052) ──

/** A purchase: requested (coins and item reserved), then approved (handed out), rejected or cancelled (both refunded). */
export const GAME_PURCHASE_STATUSES = ['requested', 'approved', 'rejected', 'cancelled'] as const
export type GamePurchaseStatus = (typeof GAME_PURCHASE_STATUSES)[number]

/** The most a reward may cost, and the most of one variant in stock. */
export const MAX_REWARD_PRICE = 1_000_000
export const MAX_VARIANT_STOCK = 100_000

const version = z.number().int().min(1)
const label = z.string().trim().max(40)

/** A variant as the admin edits it: its size and colour (either or both may be empty), its stock; `id` and `version` for an existing one. */
export const rewardVariantInputSchema = z.strictObject({
  id: z.uuid().optional(),
  version: version.optional(),
  size: label.nullish().transform((v) => v || null),
  colour: label.nullish().transform((v) => v || null),
  stock: z.number().int().min(0, { error: 'validation.game.stockNotNegative' }).max(MAX_VARIANT_STOCK),
  active: z.boolean().default(true),
})

/** A reward as the admin edits it: at least one variant (a reward without sizes or colours has one without either). */
export const rewardInputSchema = z
  .strictObject({
    name: z.string().trim().min(1, { error: 'validation.required' }).max(120),
    description: z.string().trim().max(1000).default(''),
    priceCoins: z.number().int().min(1, { error: 'validation.game.pricePositive' }).max(MAX_REWARD_PRICE),
    active: z.boolean().default(true),
    variants: z.array(rewardVariantInputSchema).min(1, { error: 'validation.game.oneVariant' }).max(50),
  })
  .refine((r) => new Set(r.variants.map((v) => `${v.size ?? ''}|${v.colour ?? ''}`.toLowerCase())).size === r.variants.length, {
    error: 'validation.game.variantTwice',
    path: ['variants'],
  })
export type RewardInput = z.input<typeof rewardInputSchema>
export const rewardUpdateSchema = z.strictObject({ version, reward: rewardInputSchema })
export type RewardUpdate = z.input<typeof rewardUpdateSchema>

/** Buying one of a variant: `id` is the purchase's, chosen by the app, so a repeated request buys once. */
export const purchaseInputSchema = z.strictObject({ id: z.uuid(), variantId: z.uuid() })
export const purchaseCancelSchema = z.strictObject({ version })
export const purchaseDecisionSchema = z
  .strictObject({ version, decision: z.enum(['approve', 'reject']), reason: z.string().trim().max(500).nullish() })
  .refine((d) => d.decision === 'approve' || !!d.reason, { error: 'validation.game.rejectReason', path: ['reason'] })
export type PurchaseDecision = z.input<typeof purchaseDecisionSchema>
export const purchasesQuerySchema = z.strictObject({ status: z.enum(GAME_PURCHASE_STATUSES).optional() })
export const gameIdParamSchema = z.strictObject({ id: z.uuid() })

export type RewardVariant = { id: string; size: string | null; colour: string | null; stock: number; active: boolean; version: number }
export type Reward = {
  id: string
  name: string
  description: string
  priceCoins: number
  active: boolean
  version: number
  variants: RewardVariant[]
}
export type GamePurchase = {
  id: string
  userId: string
  userName: string
  rewardId: string
  rewardName: string
  variant: { size: string | null; colour: string | null }
  priceCoins: number
  status: GamePurchaseStatus
  reason: string | null
  decidedByName: string | null
  decidedAt: number | null
  createdAt: number
  version: number
}
/** The shop as a player sees it: their coins, the rewards on offer, their purchases. */
export type GameShop = { coins: number; rewards: Reward[]; purchases: GamePurchase[] }

/** An admin's adjustment of a person's Key Coins, with the reason the person sees. */
export const coinAdjustmentSchema = z.strictObject({
  userId: z.uuid(),
  coins: z
    .number()
    .int()
    .min(-MAX_REWARD_PRICE)
    .max(MAX_REWARD_PRICE)
    .refine((n) => n !== 0, { error: 'validation.game.adjustNotZero' }),
  reason: z.string().trim().min(1, { error: 'validation.game.adjustReason' }).max(500),
})
export type CoinAdjustment = z.input<typeof coinAdjustmentSchema>

/** A level as the admin edits it: its number (unique), name, the XP it needs and its benefits (text the seller reads). */
export const levelInputSchema = z.strictObject({
  number: z.number().int().min(1).max(999),
  name: z.string().trim().min(1, { error: 'validation.required' }).max(60),
  requiredXp: z.number().int().min(0).max(100_000_000),
  benefits: z.string().trim().max(1000).default(''),
})
export type LevelInput = z.input<typeof levelInputSchema>
export const levelUpdateSchema = z.strictObject({ version, level: levelInputSchema })
export const levelDeleteSchema = z.strictObject({ version })
/** A level as the admin sees it: with its version and how many have reached it. */
export type AdminLevel = GameLevel & { version: number; reachedBy: number }

// ── Competitions (decision 052) ──

/** What a competition counts: XP earned, approved sales, or the approved sales' order value. */
export const COMPETITION_METRICS = ['xp', 'approved_sales', 'order_value'] as const
export type CompetitionMetric = (typeof COMPETITION_METRICS)[number]
/** Who competes: sellers, teams or offices (within the chosen offices, or the whole organisation). */
export const COMPETITION_KINDS = ['sellers', 'teams', 'offices'] as const
export type CompetitionKind = (typeof COMPETITION_KINDS)[number]
/** draft (admins only, not counted) → hidden (running, admins only: a test) → published → finished (by the end job). */
export const COMPETITION_STATES = ['draft', 'hidden', 'published', 'finished'] as const
export type CompetitionState = (typeof COMPETITION_STATES)[number]
/** A prize for a rank: Key Coins (to a seller) and/or a text ("Middag för laget"). */
export type CompetitionPrize = { rank: number; coins: number | null; text: string }
/** A row of a standing: a seller, team or office, its rank (equal value, equal rank) and its value. */
export type CompetitionStandingRow = { rank: number; id: string; name: string; value: number }

const businessDay = calendarDay

export const competitionInputSchema = z
  .strictObject({
    name: z.string().trim().min(1, { error: 'validation.required' }).max(120),
    description: z.string().trim().max(2000).default(''),
    metric: z.enum(COMPETITION_METRICS),
    kind: z.enum(COMPETITION_KINDS),
    officeIds: z.array(z.uuid()).max(100).default([]),
    from: businessDay,
    to: businessDay,
    prizes: z
      .array(
        z.strictObject({
          rank: z.number().int().min(1).max(10),
          coins: z
            .number()
            .int()
            .min(1)
            .max(MAX_REWARD_PRICE)
            .nullish()
            .transform((v) => v ?? null),
          text: z.string().trim().max(200).default(''),
        }),
      )
      .max(10)
      .default([]),
    state: z.enum(['draft', 'hidden', 'published']).default('draft'),
  })
  .refine((c) => c.to >= c.from, { error: 'validation.game.periodOrder', path: ['to'] })
  .refine((c) => new Set(c.prizes.map((p) => p.rank)).size === c.prizes.length, { error: 'validation.game.prizeTwice', path: ['prizes'] })
  .refine((c) => c.prizes.every((p) => p.coins !== null || p.text !== ''), { error: 'validation.game.prizeEmpty', path: ['prizes'] })
  // Coins go to a person's ledger: a team or an office wins a prize in words.
  .refine((c) => c.kind === 'sellers' || c.prizes.every((p) => p.coins === null), { error: 'validation.game.coinsToSellers', path: ['prizes'] })
export type CompetitionInput = z.input<typeof competitionInputSchema>
export const competitionUpdateSchema = z.strictObject({ version, competition: competitionInputSchema })

/** A competition as the screens show it; `phase` from its period and today (upcoming, ongoing, ended). */
export type Competition = {
  id: string
  name: string
  description: string
  metric: CompetitionMetric
  kind: CompetitionKind
  officeIds: string[]
  from: string
  to: string
  prizes: CompetitionPrize[]
  state: CompetitionState
  phase: 'upcoming' | 'ongoing' | 'ended'
  finishedAt: number | null
  version: number
}
/** A competition's standing: live while it runs, frozen once finished; the viewer's own row (or their team's, office's). */
export type CompetitionStanding = {
  competition: Competition
  rows: CompetitionStandingRow[]
  total: number
  frozen: boolean
  mine: CompetitionStandingRow | null
}

// ── Badges (decision 052) ──

/**
 * What a badge's rule may test, per person over the badge's period: approved orders, their order value (kronor), XP,
 * the regret rate (percent of the decided sales that were regretted) and the quality mean score (0–100).
 */
export const BADGE_FIELDS = ['approved_orders', 'order_value', 'xp', 'regret_rate', 'quality_score'] as const
export type BadgeField = (typeof BADGE_FIELDS)[number]
export const BADGE_OPERATORS = ['>=', '>', '<=', '<', '='] as const
export type BadgeOperator = (typeof BADGE_OPERATORS)[number]
/** The periods a badge is earned in (once each): a day, an ISO week, a month, or once for all time. */
export const BADGE_PERIODS = ['day', 'week', 'month', 'all'] as const
export type BadgePeriod = (typeof BADGE_PERIODS)[number]

export const badgeConditionSchema = z.strictObject({
  field: z.enum(BADGE_FIELDS),
  operator: z.enum(BADGE_OPERATORS),
  value: z.number().min(0).max(1_000_000_000),
})
export const badgeRuleSchema = z.strictObject({
  combine: z.enum(['and', 'or']).default('and'),
  conditions: z.array(badgeConditionSchema).min(1, { error: 'validation.game.oneCondition' }).max(5),
})
export type BadgeRule = z.output<typeof badgeRuleSchema>
export const badgeInputSchema = z.strictObject({
  name: z.string().trim().min(1, { error: 'validation.required' }).max(80),
  description: z.string().trim().max(500).default(''),
  period: z.enum(BADGE_PERIODS),
  rule: badgeRuleSchema,
  coins: z.number().int().min(0).max(MAX_REWARD_PRICE).default(0),
  active: z.boolean().default(true),
})
export type BadgeInput = z.input<typeof badgeInputSchema>
export const badgeUpdateSchema = z.strictObject({ version, badge: badgeInputSchema })
export const badgePreviewSchema = z.strictObject({ period: z.enum(BADGE_PERIODS), rule: badgeRuleSchema })
export type BadgePreviewInput = z.input<typeof badgePreviewSchema>

export type Badge = { id: string; name: string; description: string; period: BadgePeriod; rule: BadgeRule; coins: number; active: boolean; version: number }
/**
 * A rule's preview for the admin: the statement it runs (parameterised, read only) with its parameters, how many meet
 * it in the current period, and over the periods so far (the last 30 days, 12 weeks or 12 months; all time once) how
 * many awards it would have made to how many people.
 */
export type BadgePreview = { sql: string; params: unknown[]; current: number; periods: number; awards: number; people: number }
/** A badge as a player sees it: the badge, how many times they earned it, and the last period they did. */
export type PlayerBadge = { badge: Badge; earned: number; lastPeriod: string | null }
