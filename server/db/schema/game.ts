import * as p from 'drizzle-orm/pg-core'
import * as s from 'drizzle-orm/sqlite-core'
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
import { pq, sq } from './columns'

/**
 * The sales game (issue 20, docs/decisions/052): the game's own view of each sale, the ledger of XP and Key Coins
 * (never edited: a balance is a sum of rows), the sums kept beside it for the screens, levels and who reached them,
 * and the game's settings. Built only from the sales and quality areas' events. Each table twice, SQLite then
 * PostgreSQL (conventions in ./sqlite.ts).
 */

/**
 * A sale as the game sees it: its points fixed when first seen, its status and quality score as the newest event
 * applied left them.
 */
export const gameSales = s.sqliteTable(
  'game_sales',
  {
    saleId: s.text('sale_id').primaryKey(),
    sellerId: s.text('seller_id').notNull(),
    teamId: s.text('team_id'),
    officeId: s.text('office_id'),
    sellDate: s.text('sell_date').notNull(),
    points: s.integer('points').notNull(),
    /** the sale's order value when first seen (a competition's metric) */
    orderValueOre: s.integer('order_value_ore').notNull().default(0),
    status: s.text('status').$type<SaleStatus>().notNull(),
    scoreTenths: s.integer('score_tenths'),
    /** the newest event applied to it: an older one delivered again (at least once) changes nothing */
    lastEventId: s.integer('last_event_id').notNull().default(0),
    updatedAt: sq.updatedAt(),
  },
  (t) => [
    s.index('game_sales_seller').on(t.sellerId, t.sellDate),
    s.index('game_sales_date').on(t.sellDate, t.status, t.sellerId, t.teamId, t.officeId, t.orderValueOre),
  ],
)

export const gameSalesPg = p.pgTable(
  'game_sales',
  {
    saleId: p.text('sale_id').primaryKey(),
    sellerId: p.text('seller_id').notNull(),
    teamId: p.text('team_id'),
    officeId: p.text('office_id'),
    sellDate: p.text('sell_date').notNull(),
    points: p.integer('points').notNull(),
    orderValueOre: p.bigint('order_value_ore', { mode: 'number' }).notNull().default(0),
    status: p.text('status').$type<SaleStatus>().notNull(),
    scoreTenths: p.integer('score_tenths'),
    /** the newest event applied to it: an older one delivered again (at least once) changes nothing */
    lastEventId: p.integer('last_event_id').notNull().default(0),
    updatedAt: pq.updatedAt(),
  },
  (t) => [
    p.index('game_sales_seller').on(t.sellerId, t.sellDate),
    p.index('game_sales_date').on(t.sellDate, t.status, t.sellerId, t.teamId, t.officeId, t.orderValueOre),
  ],
)

/**
 * Every movement of XP or coins: who, how much, why (`kind`), for which sale or other thing (`refId`), the reason
 * shown to the seller, when and by whom. No update or delete path exists for it.
 */
export const gameLedger = s.sqliteTable(
  'game_ledger',
  {
    id: sq.id(),
    userId: s.text('user_id').notNull(),
    kind: s.text('kind').$type<GameLedgerKind>().notNull(),
    xp: s.integer('xp').notNull(),
    coins: s.integer('coins').notNull(),
    saleId: s.text('sale_id'),
    refId: s.text('ref_id'),
    reason: s.text('reason'),
    /** the event that wrote the row, if one did (one row per event at most: a replayed event writes none) */
    eventId: s.integer('event_id').unique(),
    teamId: s.text('team_id'),
    officeId: s.text('office_id'),
    day: s.text('day').notNull(),
    at: s.integer('at').notNull(),
    byUserId: s.text('by_user_id'),
  },
  (t) => [s.index('game_ledger_user').on(t.userId, t.at), s.index('game_ledger_sale').on(t.saleId)],
)

export const gameLedgerPg = p.pgTable(
  'game_ledger',
  {
    id: pq.id(),
    userId: p.text('user_id').notNull(),
    kind: p.text('kind').$type<GameLedgerKind>().notNull(),
    xp: p.integer('xp').notNull(),
    coins: p.integer('coins').notNull(),
    saleId: p.text('sale_id'),
    refId: p.text('ref_id'),
    reason: p.text('reason'),
    eventId: p.integer('event_id').unique(),
    teamId: p.text('team_id'),
    officeId: p.text('office_id'),
    day: p.text('day').notNull(),
    at: pq.ms('at').notNull(),
    byUserId: p.text('by_user_id'),
  },
  (t) => [p.index('game_ledger_user').on(t.userId, t.at), p.index('game_ledger_sale').on(t.saleId)],
)

/** A person's XP and coins: the sums of their ledger rows, kept in the transaction of each row. */
export const gameTotals = s.sqliteTable(
  'game_totals',
  {
    userId: s.text('user_id').primaryKey(),
    xp: s.integer('xp').notNull(),
    coins: s.integer('coins').notNull(),
    updatedAt: sq.updatedAt(),
  },
  (t) => [s.index('game_totals_xp').on(t.xp)],
)

export const gameTotalsPg = p.pgTable(
  'game_totals',
  {
    userId: p.text('user_id').primaryKey(),
    xp: p.integer('xp').notNull(),
    coins: p.integer('coins').notNull(),
    updatedAt: pq.updatedAt(),
  },
  (t) => [p.index('game_totals_xp').on(t.xp)],
)

/**
 * XP per day (of the row), person, and the team and office of the sale or the person ('' for none): the leaderboards'
 * weeks and months. Kept in the transaction of each ledger row; a row whose XP reaches 0 is removed.
 */
export const gameXpDays = s.sqliteTable(
  'game_xp_days',
  {
    day: s.text('day').notNull(),
    userId: s.text('user_id').notNull(),
    teamId: s.text('team_id').notNull(),
    officeId: s.text('office_id').notNull(),
    xp: s.integer('xp').notNull(),
  },
  (t) => [
    s.primaryKey({ columns: [t.day, t.userId, t.teamId, t.officeId] }),
    s.index('game_xp_days_team').on(t.teamId, t.day, t.userId, t.xp),
    s.index('game_xp_days_office').on(t.officeId, t.day, t.userId, t.xp),
    s.index('game_xp_days_day').on(t.day, t.userId, t.xp),
  ],
)

export const gameXpDaysPg = p.pgTable(
  'game_xp_days',
  {
    day: p.text('day').notNull(),
    userId: p.text('user_id').notNull(),
    teamId: p.text('team_id').notNull(),
    officeId: p.text('office_id').notNull(),
    xp: p.integer('xp').notNull(),
  },
  (t) => [
    p.primaryKey({ columns: [t.day, t.userId, t.teamId, t.officeId] }),
    p.index('game_xp_days_team').on(t.teamId, t.day, t.userId, t.xp),
    p.index('game_xp_days_office').on(t.officeId, t.day, t.userId, t.xp),
    p.index('game_xp_days_day').on(t.day, t.userId, t.xp),
  ],
)

/**
 * XP per month (YYYY-MM), person, team and office, kept beside game_xp_days: the leaderboards' all time of a team,
 * an office or a region sums a person's months instead of their days.
 */
export const gameXpMonths = s.sqliteTable(
  'game_xp_months',
  {
    month: s.text('month').notNull(),
    userId: s.text('user_id').notNull(),
    teamId: s.text('team_id').notNull(),
    officeId: s.text('office_id').notNull(),
    xp: s.integer('xp').notNull(),
  },
  (t) => [
    s.primaryKey({ columns: [t.month, t.userId, t.teamId, t.officeId] }),
    s.index('game_xp_months_team').on(t.teamId, t.month, t.userId, t.xp),
    s.index('game_xp_months_office').on(t.officeId, t.month, t.userId, t.xp),
    s.index('game_xp_months_month').on(t.month, t.userId, t.xp),
  ],
)

export const gameXpMonthsPg = p.pgTable(
  'game_xp_months',
  {
    month: p.text('month').notNull(),
    userId: p.text('user_id').notNull(),
    teamId: p.text('team_id').notNull(),
    officeId: p.text('office_id').notNull(),
    xp: p.integer('xp').notNull(),
  },
  (t) => [
    p.primaryKey({ columns: [t.month, t.userId, t.teamId, t.officeId] }),
    p.index('game_xp_months_team').on(t.teamId, t.month, t.userId, t.xp),
    p.index('game_xp_months_office').on(t.officeId, t.month, t.userId, t.xp),
    p.index('game_xp_months_month').on(t.month, t.userId, t.xp),
  ],
)

/** A person's choices in the game: whether others see them in leaderboards (they always see their own rank). */
export const gamePlayers = s.sqliteTable('game_players', {
  userId: s.text('user_id').primaryKey(),
  ranked: s.integer('ranked', { mode: 'boolean' }).notNull().default(true),
  updatedAt: sq.updatedAt(),
})

export const gamePlayersPg = p.pgTable('game_players', {
  userId: p.text('user_id').primaryKey(),
  ranked: p.boolean('ranked').notNull().default(true),
  updatedAt: pq.updatedAt(),
})

/** The levels: a number, a name, the XP it needs and its benefits (text shown to the seller). */
export const gameLevels = s.sqliteTable('game_levels', {
  id: sq.id(),
  number: s.integer('number').notNull().unique(),
  name: s.text('name').notNull(),
  requiredXp: s.integer('required_xp').notNull(),
  benefits: s.text('benefits').notNull().default(''),
  version: s.integer('version').notNull().default(1),
  createdAt: sq.createdAt(),
  updatedAt: sq.updatedAt(),
})

export const gameLevelsPg = p.pgTable('game_levels', {
  id: pq.id(),
  number: p.integer('number').notNull().unique(),
  name: p.text('name').notNull(),
  requiredXp: p.integer('required_xp').notNull(),
  benefits: p.text('benefits').notNull().default(''),
  version: p.integer('version').notNull().default(1),
  createdAt: pq.createdAt(),
  updatedAt: pq.updatedAt(),
})

/** Who reached which level when (once each): the celebration and notification are made from it. */
export const gameLevelsReached = s.sqliteTable(
  'game_levels_reached',
  {
    userId: s.text('user_id').notNull(),
    levelId: s.text('level_id').notNull(),
    at: s.integer('at').notNull(),
  },
  (t) => [s.primaryKey({ columns: [t.userId, t.levelId] })],
)

export const gameLevelsReachedPg = p.pgTable(
  'game_levels_reached',
  {
    userId: p.text('user_id').notNull(),
    levelId: p.text('level_id').notNull(),
    at: pq.ms('at').notNull(),
  },
  (t) => [p.primaryKey({ columns: [t.userId, t.levelId] })],
)

/** The game's settings (one row, id 'global'): the quality weighting of XP. */
export const gameSettings = s.sqliteTable('game_settings', {
  id: s.text('id').primaryKey(),
  qualitySteps: s.text('quality_steps', { mode: 'json' }).$type<QualityStep[]>().notNull(),
  version: s.integer('version').notNull(),
  updatedAt: sq.updatedAt(),
  updatedById: s.text('updated_by_id'),
})

export const gameSettingsPg = p.pgTable('game_settings', {
  id: p.text('id').primaryKey(),
  qualitySteps: p.jsonb('quality_steps').$type<QualityStep[]>().notNull(),
  version: p.integer('version').notNull(),
  updatedAt: pq.updatedAt(),
  updatedById: p.text('updated_by_id'),
})

/** A reward of the shop: its price in Key Coins; its variants (size, colour) each hold their own stock. */
export const gameRewards = s.sqliteTable('game_rewards', {
  id: sq.id(),
  name: s.text('name').notNull(),
  description: s.text('description').notNull().default(''),
  priceCoins: s.integer('price_coins').notNull(),
  active: s.integer('active', { mode: 'boolean' }).notNull().default(true),
  version: s.integer('version').notNull().default(1),
  createdAt: sq.createdAt(),
  updatedAt: sq.updatedAt(),
})

export const gameRewardsPg = p.pgTable('game_rewards', {
  id: pq.id(),
  name: p.text('name').notNull(),
  description: p.text('description').notNull().default(''),
  priceCoins: p.integer('price_coins').notNull(),
  active: p.boolean('active').notNull().default(true),
  version: p.integer('version').notNull().default(1),
  createdAt: pq.createdAt(),
  updatedAt: pq.updatedAt(),
})

/**
 * A variant of a reward (a size, a colour, or neither) and its stock, which a purchase takes by a conditional update
 * (never below 0) and a cancelled or rejected one gives back; each change counts its version up.
 */
export const gameRewardVariants = s.sqliteTable(
  'game_reward_variants',
  {
    id: sq.id(),
    rewardId: s.text('reward_id').notNull(),
    size: s.text('size'),
    colour: s.text('colour'),
    stock: s.integer('stock').notNull(),
    position: s.integer('position').notNull().default(0),
    active: s.integer('active', { mode: 'boolean' }).notNull().default(true),
    version: s.integer('version').notNull().default(1),
  },
  (t) => [s.index('game_reward_variants_reward').on(t.rewardId, t.position)],
)

export const gameRewardVariantsPg = p.pgTable(
  'game_reward_variants',
  {
    id: pq.id(),
    rewardId: p.text('reward_id').notNull(),
    size: p.text('size'),
    colour: p.text('colour'),
    stock: p.integer('stock').notNull(),
    position: p.integer('position').notNull().default(0),
    active: p.boolean('active').notNull().default(true),
    version: p.integer('version').notNull().default(1),
  },
  (t) => [p.index('game_reward_variants_reward').on(t.rewardId, t.position)],
)

/**
 * A purchase: requested (the coins and the item reserved at once), then approved (handed out), rejected or cancelled
 * (both give the coins and the stock back). Its id is the one the buying app chose, so a repeated request buys once.
 */
export const gamePurchases = s.sqliteTable(
  'game_purchases',
  {
    id: sq.id(),
    userId: s.text('user_id').notNull(),
    rewardId: s.text('reward_id').notNull(),
    variantId: s.text('variant_id').notNull(),
    priceCoins: s.integer('price_coins').notNull(),
    status: s.text('status').$type<GamePurchaseStatus>().notNull(),
    reason: s.text('reason'),
    decidedById: s.text('decided_by_id'),
    decidedAt: s.integer('decided_at'),
    version: s.integer('version').notNull().default(1),
    createdAt: sq.createdAt(),
    updatedAt: sq.updatedAt(),
  },
  (t) => [s.index('game_purchases_user').on(t.userId, t.createdAt), s.index('game_purchases_status').on(t.status, t.createdAt)],
)

export const gamePurchasesPg = p.pgTable(
  'game_purchases',
  {
    id: pq.id(),
    userId: p.text('user_id').notNull(),
    rewardId: p.text('reward_id').notNull(),
    variantId: p.text('variant_id').notNull(),
    priceCoins: p.integer('price_coins').notNull(),
    status: p.text('status').$type<GamePurchaseStatus>().notNull(),
    reason: p.text('reason'),
    decidedById: p.text('decided_by_id'),
    decidedAt: pq.ms('decided_at'),
    version: p.integer('version').notNull().default(1),
    createdAt: pq.createdAt(),
    updatedAt: pq.updatedAt(),
  },
  (t) => [p.index('game_purchases_user').on(t.userId, t.createdAt), p.index('game_purchases_status').on(t.status, t.createdAt)],
)

/**
 * A competition (decision 052): its rules (metric, period in business days, who takes part, prizes), its state, and,
 * once finished, its standing frozen as it stood at the end.
 */
export const gameCompetitions = s.sqliteTable(
  'game_competitions',
  {
    id: sq.id(),
    name: s.text('name').notNull(),
    description: s.text('description').notNull().default(''),
    metric: s.text('metric').$type<CompetitionMetric>().notNull(),
    kind: s.text('kind').$type<CompetitionKind>().notNull(),
    officeIds: s.text('office_ids', { mode: 'json' }).$type<string[]>().notNull(),
    fromDay: s.text('from_day').notNull(),
    toDay: s.text('to_day').notNull(),
    prizes: s.text('prizes', { mode: 'json' }).$type<CompetitionPrize[]>().notNull(),
    state: s.text('state').$type<CompetitionState>().notNull(),
    standing: s.text('standing', { mode: 'json' }).$type<CompetitionStandingRow[]>(),
    /** when it was first published: players see it from then (a hidden test never is) */
    publishedAt: s.integer('published_at'),
    finishedAt: s.integer('finished_at'),
    version: s.integer('version').notNull().default(1),
    createdById: s.text('created_by_id'),
    createdAt: sq.createdAt(),
    updatedAt: sq.updatedAt(),
  },
  (t) => [s.index('game_competitions_state').on(t.state, t.toDay)],
)

export const gameCompetitionsPg = p.pgTable(
  'game_competitions',
  {
    id: pq.id(),
    name: p.text('name').notNull(),
    description: p.text('description').notNull().default(''),
    metric: p.text('metric').$type<CompetitionMetric>().notNull(),
    kind: p.text('kind').$type<CompetitionKind>().notNull(),
    officeIds: p.jsonb('office_ids').$type<string[]>().notNull(),
    fromDay: p.text('from_day').notNull(),
    toDay: p.text('to_day').notNull(),
    prizes: p.jsonb('prizes').$type<CompetitionPrize[]>().notNull(),
    state: p.text('state').$type<CompetitionState>().notNull(),
    standing: p.jsonb('standing').$type<CompetitionStandingRow[]>(),
    publishedAt: pq.ms('published_at'),
    finishedAt: pq.ms('finished_at'),
    version: p.integer('version').notNull().default(1),
    createdById: p.text('created_by_id'),
    createdAt: pq.createdAt(),
    updatedAt: pq.updatedAt(),
  },
  (t) => [p.index('game_competitions_state').on(t.state, t.toDay)],
)

/** A badge (decision 052): its rule over a period, and the Key Coins it gives (0: none). */
export const gameBadges = s.sqliteTable('game_badges', {
  id: sq.id(),
  name: s.text('name').notNull(),
  description: s.text('description').notNull().default(''),
  period: s.text('period').$type<BadgePeriod>().notNull(),
  rule: s.text('rule', { mode: 'json' }).$type<BadgeRule>().notNull(),
  coins: s.integer('coins').notNull().default(0),
  active: s.integer('active', { mode: 'boolean' }).notNull().default(true),
  version: s.integer('version').notNull().default(1),
  createdAt: sq.createdAt(),
  updatedAt: sq.updatedAt(),
})

export const gameBadgesPg = p.pgTable('game_badges', {
  id: pq.id(),
  name: p.text('name').notNull(),
  description: p.text('description').notNull().default(''),
  period: p.text('period').$type<BadgePeriod>().notNull(),
  rule: p.jsonb('rule').$type<BadgeRule>().notNull(),
  coins: p.integer('coins').notNull().default(0),
  active: p.boolean('active').notNull().default(true),
  version: p.integer('version').notNull().default(1),
  createdAt: pq.createdAt(),
  updatedAt: pq.updatedAt(),
})

/** A badge earned: once per badge, person and period key ('2026-W48', '2026-11', '2026-11-25', 'all'). */
export const gameBadgeAwards = s.sqliteTable(
  'game_badge_awards',
  {
    badgeId: s.text('badge_id').notNull(),
    userId: s.text('user_id').notNull(),
    periodKey: s.text('period_key').notNull(),
    at: s.integer('at').notNull(),
  },
  (t) => [s.primaryKey({ columns: [t.badgeId, t.userId, t.periodKey] }), s.index('game_badge_awards_user').on(t.userId, t.at)],
)

export const gameBadgeAwardsPg = p.pgTable(
  'game_badge_awards',
  {
    badgeId: p.text('badge_id').notNull(),
    userId: p.text('user_id').notNull(),
    periodKey: p.text('period_key').notNull(),
    at: pq.ms('at').notNull(),
  },
  (t) => [p.primaryKey({ columns: [t.badgeId, t.userId, t.periodKey] }), p.index('game_badge_awards_user').on(t.userId, t.at)],
)
