import type { LeaderboardQuery } from '../../../../shared/schemas/game'
import { call, rpc } from '../../../lib/api-client'

/** The sales game (docs/decisions/052): the signed-in person's XP, coins, levels and ledger, and the leaderboards. */
export const getGameMe = (signal?: AbortSignal) => call(rpc.game.me.$get(undefined, { init: { signal } }))
export const getLeaderboard = (query: LeaderboardQuery, signal?: AbortSignal) => call(rpc.game.leaderboard.$get({ query }, { init: { signal } }))
export const setRanked = (ranked: boolean) => call(rpc.game.me.ranking.$put({ json: { ranked } }))
export const getShop = (signal?: AbortSignal) => call(rpc.game.shop.$get(undefined, { init: { signal } }))
export const buyReward = (id: string, variantId: string) => call(rpc.game.purchases.$post({ json: { id, variantId } }))
export const cancelPurchase = (id: string, version: number) => call(rpc.game.purchases[':id'].cancel.$post({ param: { id }, json: { version } }))
