import { Hono } from 'hono'
import { leaderboardQuerySchema, rankingInputSchema } from '../../../shared/schemas/game'
import { access, notImpersonating } from '../../lib/access'
import type { AppEnv } from '../../lib/context'
import { validate } from '../../lib/validate'
import type { GameService } from './game.service'

/** The sales game (docs/decisions/052): what the signed-in person has earned, their level, their ledger and the leaderboards. */
export function gameRoutes(game: GameService) {
  return new Hono<AppEnv>()
    .get('/game/me', access.can('view', 'salesflow'), async (c) => c.json(await game.me(c.var.auth!.userData.id), 200))
    .get('/game/leaderboard', access.can('view', 'salesflow'), validate('query', leaderboardQuerySchema), async (c) => {
      const u = c.var.auth!.userData
      return c.json(await game.leaderboard({ id: u.id, teamIds: u.teamIds, officeId: u.officeId, regionId: u.regionId }, c.req.valid('query'), Date.now()), 200)
    })
    .put('/game/me/ranking', access.can('view', 'salesflow'), notImpersonating, validate('json', rankingInputSchema), async (c) =>
      c.json(await game.setRanked(c.var.auth!.userData.id, c.req.valid('json').ranked, Date.now()), 200),
    )
}
