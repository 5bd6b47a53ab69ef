import { Hono, type Context } from 'hono'
import { deleteCookie, setCookie } from 'hono/cookie'
import {
  offerAnswerSchema,
  offerEidSchema,
  offerEidStartSchema,
  offerRuleParamSchema,
  offerRuleSchema,
  offerSaleParamSchema,
  offersQuerySchema,
  offerStatsQuerySchema,
  offerTokenSchema,
  sendOfferSchema,
} from '../../../shared/schemas/offers'
import { access } from '../../lib/access'
import { clientIp } from '../../lib/client-ip'
import { actorOf, type AppEnv } from '../../lib/context'
import { requestCookieOf } from '../../lib/headers'
import { appOriginOf, isHttps } from '../../lib/origin'
import { validate } from '../../lib/validate'
import type { Deps } from '../../platform/deps'
import { addressThrottle } from '../../platform/rate-limits'
import { EID_PENDING_MS, EidRefused } from './offers.eid'
import type { OffersService } from './offers.service'

const EID_COOKIE = 'sk_offer_eid'
const EID_PATH = '/api/public/offers'

/** The customer's page asks at most this often from one address (a token cannot be guessed; this keeps anyone from trying). */
export const PUBLIC_OFFER_THROTTLE = { points: 60, durationS: 10 * 60 }

/**
 * Written offers (docs/decisions/094): a sale's offer side and sending one (the seller of the sale or back office,
 * `create sale_offers` within its conditions), the list and figures (`view sale_offers`), the rules per provider and
 * country and the eID broker (`update sale_offers`), and the customer's page behind a link (no sign-in, throttled per
 * address), with acceptance through the eID broker (docs/decisions/100).
 */
export function offersRoutes({ env, database }: Pick<Deps, 'env' | 'database'>, offers: OffersService) {
  // Links go out at the app's first origin (APP_ORIGINS), else at the one the request came to.
  const origin = (c: Context) => env.appOrigins[0] ?? new URL(c.req.url).origin
  const throttle = addressThrottle(database, 'offer', PUBLIC_OFFER_THROTTLE, env.trustProxy)
  // Where the eID broker sends the customer back: registered at the broker, so one of the app's origins.
  const eidCallback = (c: Context) => `${appOriginOf(c, env)}/api/public/offers/eid/callback`
  /** Back to the customer's page, which says how the acceptance through the eID broker went. */
  const toOffer = (c: Context, token: string | null, outcome: string) => c.redirect(token ? `/offer/${token}?eid=${outcome}` : `/offer/-?eid=${outcome}`, 303)
  return (
    new Hono<AppEnv>()
      .get('/offers', access.can('view', 'sale_offers'), validate('query', offersQuerySchema), async (c) =>
        c.json(await offers.reads.list(c.var.auth!.ability, c.req.valid('query')), 200),
      )
      .get('/offers/stats', access.can('view', 'sale_offers'), validate('query', offerStatsQuerySchema), async (c) =>
        c.json({ providers: await offers.reads.stats(c.var.auth!.ability, c.req.valid('query')) }, 200),
      )
      .get('/offers/sales/:saleId', access.can('view', 'sale_offers'), validate('param', offerSaleParamSchema), async (c) =>
        c.json(await offers.evidence.forSale(c.var.auth!.ability, c.req.valid('param').saleId), 200),
      )
      .post(
        '/offers/sales/:saleId',
        access.can('create', 'sale_offers'),
        validate('param', offerSaleParamSchema),
        validate('json', sendOfferSchema),
        async (c) => {
          const sent = await offers.sending.send(actorOf(c), c.req.valid('param').saleId, c.req.valid('json'), {
            now: Date.now(),
            translate: c.var.t,
            origin: origin(c),
          })
          return c.json(sent, 201)
        },
      )
      .get('/offer-rules', access.can('view', 'sale_offers'), async (c) => c.json({ items: await offers.rules.list() }, 200))
      .post('/offer-rules', access.can('update', 'sale_offers'), validate('json', offerRuleSchema), async (c) =>
        c.json(await offers.rules.create(c.var.auth!.userData.id, c.req.valid('json'), { now: Date.now(), translate: c.var.t }), 201),
      )
      .put('/offer-rules/:id', access.can('update', 'sale_offers'), validate('param', offerRuleParamSchema), validate('json', offerRuleSchema), async (c) =>
        c.json(await offers.rules.update(c.var.auth!.userData.id, c.req.valid('param').id, c.req.valid('json'), { now: Date.now(), translate: c.var.t }), 200),
      )
      .get('/offer-eid', access.can('view', 'sale_offers'), async (c) => c.json({ broker: await offers.eid.settings(eidCallback(c)) }, 200))
      .put('/offer-eid', access.can('update', 'sale_offers'), validate('json', offerEidSchema), async (c) =>
        c.json(await offers.eid.save(c.var.auth!.userData.id, c.req.valid('json'), { now: Date.now(), translate: c.var.t, redirectUri: eidCallback(c) }), 200),
      )
      // The broker sends the customer back here with a top-level GET (before `:token`, which this is not).
      .get('/public/offers/eid/callback', access.public(), async (c) => {
        await throttle(c)
        const pending = requestCookieOf(c, [EID_COOKIE])
        deleteCookie(c, EID_COOKIE, { path: EID_PATH })
        try {
          const token = await offers.customer.finishEid(new URL(c.req.url), pending, {
            now: Date.now(),
            redirectUri: eidCallback(c),
            ip: clientIp(c, env.trustProxy),
            userAgent: c.req.header('user-agent') ?? null,
          })
          return toOffer(c, token, 'accepted')
        } catch (err) {
          if (err instanceof EidRefused) return toOffer(c, err.token, err.outcome)
          throw err
        }
      })
      // Accepting through the eID broker: the way out, with the pending acceptance in a cookie of its own.
      .get('/public/offers/:token/eid', access.public(), validate('param', offerTokenSchema), validate('query', offerEidStartSchema), async (c) => {
        await throttle(c)
        const { token } = c.req.valid('param')
        try {
          const { location, pending } = await offers.customer.startEid(token, c.req.valid('query').documentHash, {
            now: Date.now(),
            redirectUri: eidCallback(c),
          })
          setCookie(c, EID_COOKIE, pending, {
            httpOnly: true,
            // The broker sends the customer back with a top-level GET: a Lax cookie goes with it.
            sameSite: 'Lax',
            secure: isHttps(c, env.trustProxy),
            path: EID_PATH,
            maxAge: EID_PENDING_MS / 1000,
          })
          return c.redirect(location, 302)
        } catch (err) {
          if (err instanceof EidRefused) return toOffer(c, token, err.outcome)
          throw err
        }
      })
      .get('/public/offers/:token', access.public(), validate('param', offerTokenSchema), async (c) => {
        await throttle(c)
        return c.json(await offers.customer.read(c.req.valid('param').token, Date.now()), 200)
      })
      .post('/public/offers/:token', access.public(), validate('param', offerTokenSchema), validate('json', offerAnswerSchema), async (c) => {
        await throttle(c)
        const answered = await offers.customer.answer(c.req.valid('param').token, c.req.valid('json'), {
          now: Date.now(),
          ip: clientIp(c, env.trustProxy),
          userAgent: c.req.header('user-agent') ?? null,
        })
        return c.json(answered, 200)
      })
  )
}
