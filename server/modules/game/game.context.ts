import type { Deps } from '../../platform/deps'
import { gameBadges } from './game.badges'
import { gameCompetitions } from './game.competitions'
import { gameShop } from './game.shop'
import { type GamePorts, gameBase } from './game.context-base'
import { gameLedgerBook } from './game.ledger-book'
import { gameSaleRows } from './game.sale-rows'

/**
 * What the game's parts share: the base (tables, ports, quality steps, the XP ranking), the ledger's booking, the
 * game's rows of sales, and the sub-areas built on the booking (shop, levels, badges, competitions).
 */
export function gameContext(
  { database, events, jobs, realtime }: Pick<Deps, 'database' | 'events' | 'jobs'> & Partial<Pick<Deps, 'realtime'>>,
  ports: GamePorts,
) {
  const base = gameBase({ database, events, jobs, realtime }, ports)
  const ledger = gameLedgerBook(base)
  const saleRows = gameSaleRows(base, ledger)
  const { book } = ledger

  const shop = gameShop(database, book, ports.names)
  const badges = gameBadges({ database, events, jobs }, book)
  const competitions = gameCompetitions({ database, events, jobs }, book, { names: ports.names, placeNames: ports.placeNames })
  return { ...base, ledger, saleRows, shop, badges, competitions }
}
export type GameContext = ReturnType<typeof gameContext>
