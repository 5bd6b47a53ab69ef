import type { Deps } from '../../platform/deps'
import { type GamePorts } from './game.context-base'
import { gameContext } from './game.context'
import { gameFeed } from './game.feed'
import { gameStandings } from './game.standings'
import { gameLeaderboard } from './game.leaderboard'
import { gameScreen } from './game.screen'

export { type GamePorts } from './game.context-base'

/**
 * The sales game (issue 20, docs/decisions/052). The game's own view of each sale from the sales and quality areas'
 * events, and the ledger of XP and Key Coins: for a sale it books the difference between what the sale earns now
 * and what its rows already sum to, so a replayed or repeated event books nothing. The sums the screens read (a
 * person's totals, XP per day) and the levels reached are kept in the same transaction.
 */
export function gameService(
  { database, events, jobs, realtime }: Pick<Deps, 'database' | 'events' | 'jobs'> & Partial<Pick<Deps, 'realtime'>>,
  ports: GamePorts,
) {
  const ctx = gameContext({ database, events, jobs, realtime }, ports)
  const { shop, levels, competitions, badges } = ctx
  return {
    feed: gameFeed(ctx),
    standings: gameStandings(ctx),
    board: gameLeaderboard(ctx),
    /** the game as an office screen shows it (issue 76) */
    screen: gameScreen(ctx),
    /** The rewards shop (decision 052): buying, cancelling, an admin's decisions, the rewards and their stock. */
    shop,
    /** The levels as an admin keeps them. */
    levels,
    /** Competitions: rules, live standings, the end. */
    competitions,
    /** Badges: rules, their preview, awards. */
    badges,
  }
}
export type GameService = ReturnType<typeof gameService>
export type { GamePlayer } from './game.types'
