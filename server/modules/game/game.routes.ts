import { Hono, type Context } from 'hono'
import {
  badgeInputSchema,
  badgePreviewSchema,
  badgeUpdateSchema,
  coinAdjustmentSchema,
  competitionInputSchema,
  competitionUpdateSchema,
  gameIdParamSchema,
  leaderboardQuerySchema,
  levelDeleteSchema,
  levelInputSchema,
  levelUpdateSchema,
  purchaseCancelSchema,
  purchaseDecisionSchema,
  purchaseInputSchema,
  purchasesQuerySchema,
  rankingInputSchema,
  rewardInputSchema,
  rewardUpdateSchema,
} from '../../../shared/schemas/game'
import { access, notImpersonating } from '../../lib/access'
import { actorOf, type AppEnv } from '../../lib/context'
import { validate } from '../../lib/validate'
import type { GamePlayer, GameService } from './game.service'

/** The signed-in person as the game sees them: their id and places. */
function playerOf(c: Context<AppEnv>): GamePlayer {
  const u = c.var.auth!.userData
  return { id: u.id, teamIds: u.teamIds, officeId: u.officeId, regionId: u.regionId }
}

/**
 * The sales game (docs/decisions/052): what the signed-in person has earned, their level, their ledger and the
 * leaderboards.
 */
export function gameRoutes(game: GameService) {
  return (
    new Hono<AppEnv>()
      .get('/game/me', access.can('view', 'salesflow'), async (c) => c.json(await game.standings.me(c.var.auth!.userData.id), 200))
      .get('/game/leaderboard', access.can('view', 'salesflow'), validate('query', leaderboardQuerySchema), async (c) =>
        c.json(await game.board.leaderboard(playerOf(c), c.req.valid('query'), Date.now(), c.var.auth!.ability), 200),
      )
      .get('/game/players/:id', access.can('view', 'salesflow'), validate('param', gameIdParamSchema), async (c) =>
        c.json(await game.standings.playerOf(actorOf(c), c.req.valid('param').id), 200),
      )
      .get('/game/shop', access.can('view', 'salesflow'), async (c) => c.json(await game.shop.players.shopOf(c.var.auth!.userData.id), 200))
      // A purchase spends the person's coins: theirs to make, not an admin's acting as them (decision 054).
      .post('/game/purchases', access.can('view', 'salesflow'), notImpersonating, validate('json', purchaseInputSchema), async (c) => {
        const { purchase, created } = await game.shop.players.buy(c.var.auth!.userData.id, c.req.valid('json'), Date.now())
        return c.json(purchase, created ? 201 : 200)
      })
      .post(
        '/game/purchases/:id/cancel',
        access.can('view', 'salesflow'),
        validate('param', gameIdParamSchema),
        validate('json', purchaseCancelSchema),
        async (c) => c.json(await game.shop.players.cancel(c.var.auth!.userData.id, c.req.valid('param').id, c.req.valid('json').version, Date.now()), 200),
      )
      .get('/game/admin/rewards', access.can('view', 'salesflow_admin'), async (c) => c.json({ items: await game.shop.rewards.allRewards() }, 200))
      .post('/game/admin/rewards', access.can('update', 'salesflow_admin'), validate('json', rewardInputSchema), async (c) =>
        c.json(await game.shop.rewards.createReward(c.var.auth!.userData.id, c.req.valid('json'), Date.now()), 201),
      )
      .put(
        '/game/admin/rewards/:id',
        access.can('update', 'salesflow_admin'),
        validate('param', gameIdParamSchema),
        validate('json', rewardUpdateSchema),
        async (c) => {
          const { version, reward } = c.req.valid('json')
          return c.json(await game.shop.rewards.updateReward(c.var.auth!.userData.id, c.req.valid('param').id, version, reward, Date.now()), 200)
        },
      )
      .get('/game/admin/purchases', access.can('view', 'salesflow_admin'), validate('query', purchasesQuerySchema), async (c) =>
        c.json({ items: await game.shop.purchasing.purchases(c.req.valid('query').status) }, 200),
      )
      .post(
        '/game/admin/purchases/:id/decision',
        access.can('update', 'salesflow_admin'),
        validate('param', gameIdParamSchema),
        validate('json', purchaseDecisionSchema),
        async (c) => c.json(await game.shop.purchasing.decide(c.var.auth!.userData.id, c.req.valid('param').id, c.req.valid('json'), Date.now()), 200),
      )
      .post('/game/admin/adjustments', access.can('update', 'salesflow_admin'), validate('json', coinAdjustmentSchema), async (c) =>
        c.json(await game.shop.purchasing.adjust(c.var.auth!.userData.id, c.req.valid('json'), Date.now()), 200),
      )
      .get('/game/admin/levels', access.can('view', 'salesflow_admin'), async (c) => c.json({ items: await game.levels.list() }, 200))
      .post('/game/admin/levels', access.can('update', 'salesflow_admin'), validate('json', levelInputSchema), async (c) =>
        c.json(await game.levels.create(c.var.auth!.userData.id, c.req.valid('json'), c.var.t, Date.now()), 201),
      )
      .put(
        '/game/admin/levels/:id',
        access.can('update', 'salesflow_admin'),
        validate('param', gameIdParamSchema),
        validate('json', levelUpdateSchema),
        async (c) => {
          const { version, level } = c.req.valid('json')
          return c.json(await game.levels.update(c.var.auth!.userData.id, c.req.valid('param').id, version, level, c.var.t, Date.now()), 200)
        },
      )
      .delete(
        '/game/admin/levels/:id',
        access.can('update', 'salesflow_admin'),
        validate('param', gameIdParamSchema),
        validate('json', levelDeleteSchema),
        async (c) => {
          await game.levels.remove(c.var.auth!.userData.id, c.req.valid('param').id, c.req.valid('json').version, Date.now())
          return c.json({ ok: true }, 200)
        },
      )
      .get('/game/competitions', access.can('view', 'salesflow'), async (c) =>
        c.json({ items: await game.competitions.reads.list(playerOf(c), c.var.auth!.ability.can('view', 'salesflow_admin'), Date.now()) }, 200),
      )
      .get('/game/competitions/:id', access.can('view', 'salesflow'), validate('param', gameIdParamSchema), async (c) =>
        c.json(
          await game.competitions.reads.standing(playerOf(c), c.var.auth!.ability.can('view', 'salesflow_admin'), c.req.valid('param').id, Date.now()),
          200,
        ),
      )
      .post('/game/admin/competitions', access.can('update', 'salesflow_admin'), validate('json', competitionInputSchema), async (c) =>
        c.json(await game.competitions.admin.create(c.var.auth!.userData.id, c.req.valid('json'), Date.now()), 201),
      )
      .put(
        '/game/admin/competitions/:id',
        access.can('update', 'salesflow_admin'),
        validate('param', gameIdParamSchema),
        validate('json', competitionUpdateSchema),
        async (c) => {
          const { version, competition } = c.req.valid('json')
          return c.json(await game.competitions.admin.update(c.var.auth!.userData.id, c.req.valid('param').id, version, competition, Date.now()), 200)
        },
      )
      .get('/game/badges', access.can('view', 'salesflow'), async (c) => c.json({ items: await game.badges.awards.mine(c.var.auth!.userData.id) }, 200))
      .get('/game/admin/badges', access.can('view', 'salesflow_admin'), async (c) => c.json({ items: await game.badges.admin.list() }, 200))
      .post('/game/admin/badges/preview', access.can('view', 'salesflow_admin'), validate('json', badgePreviewSchema), async (c) => {
        const { period, rule } = c.req.valid('json')
        return c.json(await game.badges.awards.preview(period, rule, Date.now()), 200)
      })
      .post('/game/admin/badges', access.can('update', 'salesflow_admin'), validate('json', badgeInputSchema), async (c) =>
        c.json(await game.badges.admin.create(c.var.auth!.userData.id, c.req.valid('json'), Date.now()), 201),
      )
      .put(
        '/game/admin/badges/:id',
        access.can('update', 'salesflow_admin'),
        validate('param', gameIdParamSchema),
        validate('json', badgeUpdateSchema),
        async (c) => {
          const { version, badge } = c.req.valid('json')
          return c.json(await game.badges.admin.update(c.var.auth!.userData.id, c.req.valid('param').id, version, badge, Date.now()), 200)
        },
      )
      .put('/game/me/ranking', access.can('view', 'salesflow'), notImpersonating, validate('json', rankingInputSchema), async (c) =>
        c.json(await game.board.setRanked(c.var.auth!.userData.id, c.req.valid('json').ranked, Date.now()), 200),
      )
  )
}
