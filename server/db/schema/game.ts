import type { QualityStep } from '../../../shared/rules/game'

import type { SaleStatus } from '../../../shared/rules/sale'

import type {
  BadgePeriod,
  BadgeRule,
  CompetitionKind,
  CompetitionMetric,
  CompetitionPrize,
  CompetitionStandingRow,
  CompetitionState,
  GameLedgerKind,
  GamePurchaseStatus,
} from '../../../shared/schemas/game'

import { table } from './table'

/**
 * The sales game (issue 20, docs/decisions/052): the game's own view of each sale, the ledger of XP and Key Coins
 * (never edited: a balance is a sum of rows), the sums kept beside it for the screens, levels and who reached them,
 * and the game's settings. Built only from the sales and quality areas' events. Each table once for both databases (./table.ts; conventions in ./sqlite.ts).
 */

/**
 * A sale as the game sees it: its points fixed when first seen, its status and quality score as the newest event
 * applied left them.
 */
export const [gameSales, gameSalesPg] = table(
  'game_sales',
  (k) => ({
    saleId: k.text('sale_id').primaryKey(),
    sellerId: k.text('seller_id').notNull(),
    teamId: k.text('team_id'),
    officeId: k.text('office_id'),
    sellDate: k.text('sell_date').notNull(),
    points: k.integer('points').notNull(),
    /** the sale's order value when first seen (a competition's metric) */
    orderValueOre: k.bigint('order_value_ore').notNull().default(0),
    status: k.text('status').$type<SaleStatus>().notNull(),
    scoreTenths: k.integer('score_tenths'),
    /** the newest event applied to it: an older one delivered again (at least once) changes nothing */
    lastEventId: k.integer('last_event_id').notNull().default(0),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [
    k.index('game_sales_seller').on(t.sellerId, t.sellDate),
    k.index('game_sales_date').on(t.sellDate, t.status, t.sellerId, t.teamId, t.officeId, t.orderValueOre),
  ],
)

/**
 * Every movement of XP or coins: who, how much, why (`kind`), for which sale or other thing (`refId`), the reason
 * shown to the seller, when and by whom. No update or delete path exists for it.
 */
export const [gameLedger, gameLedgerPg] = table(
  'game_ledger',
  (k) => ({
    id: k.id(),
    userId: k.text('user_id').notNull(),
    kind: k.text('kind').$type<GameLedgerKind>().notNull(),
    xp: k.integer('xp').notNull(),
    coins: k.integer('coins').notNull(),
    saleId: k.text('sale_id'),
    refId: k.text('ref_id'),
    reason: k.text('reason'),
    /** the event that wrote the row, if one did (one row per event at most: a replayed event writes none) */
    eventId: k.integer('event_id').unique(),
    teamId: k.text('team_id'),
    officeId: k.text('office_id'),
    day: k.text('day').notNull(),
    at: k.ms('at').notNull(),
    byUserId: k.text('by_user_id'),
  }),
  (t, k) => [k.index('game_ledger_user').on(t.userId, t.at), k.index('game_ledger_sale').on(t.saleId)],
)

/** A person's XP and coins: the sums of their ledger rows, kept in the transaction of each row. */
export const [gameTotals, gameTotalsPg] = table(
  'game_totals',
  (k) => ({
    userId: k.text('user_id').primaryKey(),
    xp: k.integer('xp').notNull(),
    coins: k.integer('coins').notNull(),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [k.index('game_totals_xp').on(t.xp)],
)

/**
 * XP per day (of the row), person, and the team and office of the sale or the person ('' for none): the leaderboards'
 * weeks and months. Kept in the transaction of each ledger row; a row whose XP reaches 0 is removed.
 */
export const [gameXpDays, gameXpDaysPg] = table(
  'game_xp_days',
  (k) => ({
    day: k.text('day').notNull(),
    userId: k.text('user_id').notNull(),
    teamId: k.text('team_id').notNull(),
    officeId: k.text('office_id').notNull(),
    xp: k.integer('xp').notNull(),
  }),
  (t, k) => [
    k.primaryKey({ columns: [t.day, t.userId, t.teamId, t.officeId] }),
    k.index('game_xp_days_team').on(t.teamId, t.day, t.userId, t.xp),
    k.index('game_xp_days_office').on(t.officeId, t.day, t.userId, t.xp),
    k.index('game_xp_days_day').on(t.day, t.userId, t.xp),
  ],
)

/**
 * XP per month (YYYY-MM), person, team and office, kept beside game_xp_days: the leaderboards' all time of a team,
 * an office or a region sums a person's months instead of their days.
 */
export const [gameXpMonths, gameXpMonthsPg] = table(
  'game_xp_months',
  (k) => ({
    month: k.text('month').notNull(),
    userId: k.text('user_id').notNull(),
    teamId: k.text('team_id').notNull(),
    officeId: k.text('office_id').notNull(),
    xp: k.integer('xp').notNull(),
  }),
  (t, k) => [
    k.primaryKey({ columns: [t.month, t.userId, t.teamId, t.officeId] }),
    k.index('game_xp_months_team').on(t.teamId, t.month, t.userId, t.xp),
    k.index('game_xp_months_office').on(t.officeId, t.month, t.userId, t.xp),
    k.index('game_xp_months_month').on(t.month, t.userId, t.xp),
  ],
)

/** A person's choices in the game: whether others see them in leaderboards (they always see their own rank). */
export const [gamePlayers, gamePlayersPg] = table('game_players', (k) => ({
  userId: k.text('user_id').primaryKey(),
  ranked: k.bool('ranked').notNull().default(true),
  updatedAt: k.updatedAt(),
}))

/** The levels: a number, a name, the XP it needs and its benefits (text shown to the seller). */
export const [gameLevels, gameLevelsPg] = table('game_levels', (k) => ({
  id: k.id(),
  number: k.integer('number').notNull().unique(),
  name: k.text('name').notNull(),
  requiredXp: k.integer('required_xp').notNull(),
  benefits: k.text('benefits').notNull().default(''),
  version: k.integer('version').notNull().default(1),
  createdAt: k.createdAt(),
  updatedAt: k.updatedAt(),
}))

/** Who reached which level when (once each): the celebration and notification are made from it. */
export const [gameLevelsReached, gameLevelsReachedPg] = table(
  'game_levels_reached',
  (k) => ({
    userId: k.text('user_id').notNull(),
    levelId: k.text('level_id').notNull(),
    at: k.ms('at').notNull(),
  }),
  (t, k) => [k.primaryKey({ columns: [t.userId, t.levelId] })],
)

/** The game's settings (one row, id 'global'): the quality weighting of XP. */
export const [gameSettings, gameSettingsPg] = table('game_settings', (k) => ({
  id: k.text('id').primaryKey(),
  qualitySteps: k.json('quality_steps').$type<QualityStep[]>().notNull(),
  version: k.integer('version').notNull(),
  updatedAt: k.updatedAt(),
  updatedById: k.text('updated_by_id'),
}))

/** A reward of the shop: its price in Key Coins; its variants (size, colour) each hold their own stock. */
export const [gameRewards, gameRewardsPg] = table('game_rewards', (k) => ({
  id: k.id(),
  name: k.text('name').notNull(),
  description: k.text('description').notNull().default(''),
  priceCoins: k.integer('price_coins').notNull(),
  active: k.bool('active').notNull().default(true),
  version: k.integer('version').notNull().default(1),
  createdAt: k.createdAt(),
  updatedAt: k.updatedAt(),
}))

/**
 * A variant of a reward (a size, a colour, or neither) and its stock, which a purchase takes by a conditional update
 * (never below 0) and a cancelled or rejected one gives back; each change counts its version up.
 */
export const [gameRewardVariants, gameRewardVariantsPg] = table(
  'game_reward_variants',
  (k) => ({
    id: k.id(),
    rewardId: k.text('reward_id').notNull(),
    size: k.text('size'),
    colour: k.text('colour'),
    stock: k.integer('stock').notNull(),
    position: k.integer('position').notNull().default(0),
    active: k.bool('active').notNull().default(true),
    version: k.integer('version').notNull().default(1),
  }),
  (t, k) => [k.index('game_reward_variants_reward').on(t.rewardId, t.position)],
)

/**
 * A purchase: requested (the coins and the item reserved at once), then approved (handed out), rejected or cancelled
 * (both give the coins and the stock back). Its id is the one the buying app chose, so a repeated request buys once.
 */
export const [gamePurchases, gamePurchasesPg] = table(
  'game_purchases',
  (k) => ({
    id: k.id(),
    userId: k.text('user_id').notNull(),
    rewardId: k.text('reward_id').notNull(),
    variantId: k.text('variant_id').notNull(),
    priceCoins: k.integer('price_coins').notNull(),
    status: k.text('status').$type<GamePurchaseStatus>().notNull(),
    reason: k.text('reason'),
    decidedById: k.text('decided_by_id'),
    decidedAt: k.ms('decided_at'),
    version: k.integer('version').notNull().default(1),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [k.index('game_purchases_user').on(t.userId, t.createdAt), k.index('game_purchases_status').on(t.status, t.createdAt)],
)

/**
 * A competition (decision 052): its rules (metric, period in business days, who takes part, prizes), its state, and,
 * once finished, its standing frozen as it stood at the end.
 */
export const [gameCompetitions, gameCompetitionsPg] = table(
  'game_competitions',
  (k) => ({
    id: k.id(),
    name: k.text('name').notNull(),
    description: k.text('description').notNull().default(''),
    metric: k.text('metric').$type<CompetitionMetric>().notNull(),
    kind: k.text('kind').$type<CompetitionKind>().notNull(),
    officeIds: k.json('office_ids').$type<string[]>().notNull(),
    fromDay: k.text('from_day').notNull(),
    toDay: k.text('to_day').notNull(),
    prizes: k.json('prizes').$type<CompetitionPrize[]>().notNull(),
    state: k.text('state').$type<CompetitionState>().notNull(),
    standing: k.json('standing').$type<CompetitionStandingRow[]>(),
    /** when it was first published: players see it from then (a hidden test never is) */
    publishedAt: k.ms('published_at'),
    finishedAt: k.ms('finished_at'),
    version: k.integer('version').notNull().default(1),
    createdById: k.text('created_by_id'),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [k.index('game_competitions_state').on(t.state, t.toDay)],
)

/** A badge (decision 052): its rule over a period, and the Key Coins it gives (0: none). */
export const [gameBadges, gameBadgesPg] = table('game_badges', (k) => ({
  id: k.id(),
  name: k.text('name').notNull(),
  description: k.text('description').notNull().default(''),
  period: k.text('period').$type<BadgePeriod>().notNull(),
  rule: k.json('rule').$type<BadgeRule>().notNull(),
  coins: k.integer('coins').notNull().default(0),
  active: k.bool('active').notNull().default(true),
  version: k.integer('version').notNull().default(1),
  createdAt: k.createdAt(),
  updatedAt: k.updatedAt(),
}))

/** A badge earned: once per badge, person and period key ('2026-W48', '2026-11', '2026-11-25', 'all'). */
export const [gameBadgeAwards, gameBadgeAwardsPg] = table(
  'game_badge_awards',
  (k) => ({
    badgeId: k.text('badge_id').notNull(),
    userId: k.text('user_id').notNull(),
    periodKey: k.text('period_key').notNull(),
    at: k.ms('at').notNull(),
  }),
  (t, k) => [k.primaryKey({ columns: [t.badgeId, t.userId, t.periodKey] }), k.index('game_badge_awards_user').on(t.userId, t.at)],
)
