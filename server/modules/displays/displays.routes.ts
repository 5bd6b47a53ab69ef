import { Hono, type Context } from 'hono'
import { displayIdSchema, displaySetupSchema, pairDisplaySchema, displayVersionSchema } from '../../../shared/schemas/displays'
import { access } from '../../lib/access'
import { clientIp } from '../../lib/client-ip'
import { actorOf, type AppEnv } from '../../lib/context'
import { wire, type RealtimeConfig } from '../../../shared/realtime'
import { broadcastingAuthSchema } from '../../../shared/schemas/realtime'
import { ApiError, unauthenticated } from '../../lib/errors'
import { validate } from '../../lib/validate'
import type { Deps } from '../../platform/deps'
import { addressThrottle } from '../../platform/rate-limits'
import { displaySession } from './displays.live'
import type { DisplaysService } from './displays.service'

/** A kiosk asks for a pairing code at most this often from one address; a wrong credential spends from the same. */
export const DISPLAY_PAIRING_THROTTLE = { points: 30, durationS: 10 * 60 }

/**
 * The office screens (docs/decisions/101): a kiosk asks for a code (no sign-in, throttled per address) and asks how it
 * stands with its credential; admins and managers list, pair, change and revoke screens (`update displays`, within
 * their offices).
 */
export function displaysRoutes({ env, database, realtime }: Pick<Deps, 'env' | 'database' | 'realtime'>, displays: DisplaysService) {
  const throttle = addressThrottle(database, 'display', DISPLAY_PAIRING_THROTTLE, env.trustProxy)
  /** The screen this request's credential names; a wrong one spends from the address's throttle and is a 401. */
  const screenOf = async (c: Context<AppEnv>) => {
    const row = await displays.credential.verify(c.req.header('authorization'), clientIp(c, env.trustProxy), Date.now())
    if (row) return row
    await throttle(c)
    throw unauthenticated()
  }
  return (
    new Hono<AppEnv>()
      .post('/public/displays', access.public(), async (c) => {
        await throttle(c)
        return c.json(await displays.pairing.request(Date.now()), 201)
      })
      .get('/display/status', access.public(), async (c) => {
        const row = await screenOf(c)
        return c.json(await displays.credential.status(row, Date.now()), 200)
      })
      // What the screen shows: a screen not (or no longer) paired has nothing to show (409, it asks its status).
      .get('/display/scenes', access.public(), async (c) => {
        const row = await screenOf(c)
        if (row.state !== 'paired') throw new ApiError(409, 'invalid_transition')
        c.header('cache-control', 'no-store')
        return c.json(await displays.scenes.of(row, Date.now()), 200)
      })
      // How the screen reaches the realtime channel: the app's settings, with the screen's own auth endpoint.
      .get('/display/realtime', access.public(), async (c) => {
        await screenOf(c)
        return c.json({ ...realtime.clientConfig, authEndpoint: '/api/display/broadcasting/auth' } satisfies RealtimeConfig, 200)
      })
      // The screen's own channel, signed for its socket; the socket is bound to the screen, so a revocation closes it.
      .post('/display/broadcasting/auth', access.public(), validate('form', broadcastingAuthSchema), async (c) => {
        const row = await screenOf(c)
        const { socket_id, channel_name } = c.req.valid('form')
        if (row.state !== 'paired' || channel_name !== wire.display(row.id)) throw new ApiError(403, 'forbidden')
        realtime.bindSession(socket_id, { sessionId: displaySession(row.id), userId: displaySession(row.id) })
        return c.json(realtime.authorizeChannel(socket_id, channel_name), 200)
      })
      .get('/displays', access.can('view', 'displays'), async (c) => c.json(await displays.reads.list(c.var.auth!.ability), 200))
      .post('/displays/pair', access.can('update', 'displays'), validate('json', pairDisplaySchema), async (c) =>
        c.json(await displays.pairing.pair(actorOf(c), c.req.valid('json'), { now: Date.now(), translate: c.var.t }), 201),
      )
      .put(
        '/displays/:id',
        access.can('update', 'displays'),
        validate('param', displayIdSchema),
        validate('json', displaySetupSchema.extend(displayVersionSchema.shape)),
        async (c) =>
          c.json(await displays.pairing.change(actorOf(c), c.req.valid('param').id, c.req.valid('json'), { now: Date.now(), translate: c.var.t }), 200),
      )
      .post('/displays/:id/revoke', access.can('update', 'displays'), validate('param', displayIdSchema), validate('json', displayVersionSchema), async (c) =>
        c.json(await displays.pairing.revoke(actorOf(c), c.req.valid('param').id, c.req.valid('json').version, { now: Date.now() }), 200),
      )
  )
}
