import { Hono } from 'hono'
import { access } from '../../lib/access'
import type { AppEnv } from '../../lib/context'
import type { GameService } from './game.service'

/** The sales game (docs/decisions/052): what the signed-in person has earned, their level and their ledger. */
export function gameRoutes(game: GameService) {
  return new Hono<AppEnv>().get('/game/me', access.can('view', 'salesflow'), async (c) => c.json(await game.me(c.var.auth!.userData.id), 200))
}
