import type {
  BadgeInput,
  BadgePreviewInput,
  CoinAdjustment,
  CompetitionInput,
  GamePurchaseStatus,
  LeaderboardQuery,
  LevelInput,
  PurchaseDecision,
  RewardInput,
} from '../../../../shared/schemas/game'
import { call, rpc } from '../../../lib/api-client'

/** The sales game (docs/decisions/052): the signed-in person's XP, coins, levels and ledger, and the leaderboards. */
export const getGameMe = (signal?: AbortSignal) => call(rpc.game.me.$get(undefined, { init: { signal } }))
export const getLeaderboard = (query: LeaderboardQuery, signal?: AbortSignal) => call(rpc.game.leaderboard.$get({ query }, { init: { signal } }))
export const setRanked = (ranked: boolean) => call(rpc.game.me.ranking.$put({ json: { ranked } }))
export const getShop = (signal?: AbortSignal) => call(rpc.game.shop.$get(undefined, { init: { signal } }))
export const buyReward = (id: string, variantId: string) => call(rpc.game.purchases.$post({ json: { id, variantId } }))
export const cancelPurchase = (id: string, version: number) => call(rpc.game.purchases[':id'].cancel.$post({ param: { id }, json: { version } }))

// ── The game's administration (view / update salesflow_admin) ──
export const getAdminPurchases = (status: GamePurchaseStatus | undefined, signal?: AbortSignal) =>
  call(rpc.game.admin.purchases.$get({ query: status ? { status } : {} }, { init: { signal } }))
export const decidePurchase = (id: string, json: PurchaseDecision) => call(rpc.game.admin.purchases[':id'].decision.$post({ param: { id }, json }))
export const getAdminRewards = (signal?: AbortSignal) => call(rpc.game.admin.rewards.$get(undefined, { init: { signal } }))
export const createReward = (json: RewardInput) => call(rpc.game.admin.rewards.$post({ json }))
export const updateReward = (id: string, version: number, reward: RewardInput) =>
  call(rpc.game.admin.rewards[':id'].$put({ param: { id }, json: { version, reward } }))
export const getAdminLevels = (signal?: AbortSignal) => call(rpc.game.admin.levels.$get(undefined, { init: { signal } }))
export const createLevel = (json: LevelInput) => call(rpc.game.admin.levels.$post({ json }))
export const updateLevel = (id: string, version: number, level: LevelInput) =>
  call(rpc.game.admin.levels[':id'].$put({ param: { id }, json: { version, level } }))
export const deleteLevel = (id: string, version: number) => call(rpc.game.admin.levels[':id'].$delete({ param: { id }, json: { version } }))
export const adjustCoins = (json: CoinAdjustment) => call(rpc.game.admin.adjustments.$post({ json }))
export const getCompetitions = (signal?: AbortSignal) => call(rpc.game.competitions.$get(undefined, { init: { signal } }))
export const getCompetition = (id: string, signal?: AbortSignal) => call(rpc.game.competitions[':id'].$get({ param: { id } }, { init: { signal } }))
export const createCompetition = (json: CompetitionInput) => call(rpc.game.admin.competitions.$post({ json }))
export const updateCompetition = (id: string, version: number, competition: CompetitionInput) =>
  call(rpc.game.admin.competitions[':id'].$put({ param: { id }, json: { version, competition } }))
export const getPlayer = (id: string, signal?: AbortSignal) => call(rpc.game.players[':id'].$get({ param: { id } }, { init: { signal } }))
export const getMyBadges = (signal?: AbortSignal) => call(rpc.game.badges.$get(undefined, { init: { signal } }))
export const getAdminBadges = (signal?: AbortSignal) => call(rpc.game.admin.badges.$get(undefined, { init: { signal } }))
export const previewBadge = (json: BadgePreviewInput) => call(rpc.game.admin.badges.preview.$post({ json }))
export const createBadge = (json: BadgeInput) => call(rpc.game.admin.badges.$post({ json }))
export const updateBadge = (id: string, version: number, badge: BadgeInput) =>
  call(rpc.game.admin.badges[':id'].$put({ param: { id }, json: { version, badge } }))
