import { Hono } from 'hono'
import { candidateOwnDetailsSchema, candidateTokenSchema, signContractSchema } from '../../../shared/schemas/candidates'
import { access } from '../../lib/access'
import { dispositionOf } from '../../lib/disposition'
import { clientIp } from '../../lib/client-ip'
import type { AppEnv } from '../../lib/context'
import { validate } from '../../lib/validate'
import type { Deps } from '../../platform/deps'
import { addressThrottle } from '../../platform/rate-limits'
import type { CandidatesService } from './candidates.service'

/** A candidate's pages ask at most this often from one address (a token cannot be guessed; this keeps anyone from trying). */
export const PUBLIC_CANDIDATE_THROTTLE = { points: 120, durationS: 10 * 60 }

/**
 * The candidate's own pages (docs/decisions/070): no account, a token in the address, throttled per address — their
 * details form, the contract to read and sign — and the e-signing service's webhook (its HMAC is its credential).
 */
export function candidatesPublicRoutes({ env, database }: Pick<Deps, 'env' | 'database'>, candidates: CandidatesService) {
  const throttle = addressThrottle(database, 'candidate', PUBLIC_CANDIDATE_THROTTLE, env.trustProxy)
  return (
    new Hono<AppEnv>()
      .get('/public/candidates/:token', access.public(), validate('param', candidateTokenSchema), async (c) => {
        await throttle(c)
        c.header('Cache-Control', 'no-store')
        return c.json(await candidates.preonboarding.page(c.req.valid('param').token), 200)
      })
      .post('/public/candidates/:token', access.public(), validate('param', candidateTokenSchema), validate('json', candidateOwnDetailsSchema), async (c) => {
        await throttle(c)
        await candidates.preonboarding.submit(c.req.valid('param').token, c.req.valid('json'))
        return c.body(null, 204)
      })
      .get('/public/candidates/:token/contract', access.public(), validate('param', candidateTokenSchema), async (c) => {
        await throttle(c)
        c.header('Cache-Control', 'no-store')
        return c.json(await candidates.signing.signingPage(c.req.valid('param').token), 200)
      })
      .get('/public/candidates/:token/contract.pdf', access.public(), validate('param', candidateTokenSchema), async (c) => {
        await throttle(c)
        const pdf = await candidates.signing.signingPdf(c.req.valid('param').token)
        c.header('Content-Type', 'application/pdf')
        c.header('Content-Disposition', dispositionOf('inline', pdf.name))
        c.header('Cache-Control', 'no-store')
        c.header('X-Content-Type-Options', 'nosniff')
        return c.body(new Uint8Array(pdf.bytes), 200)
      })
      .post('/public/candidates/:token/sign', access.public(), validate('param', candidateTokenSchema), validate('json', signContractSchema), async (c) => {
        await throttle(c)
        const signed = await candidates.signing.sign(c.req.valid('param').token, c.req.valid('json'), {
          ip: clientIp(c, env.trustProxy),
          userAgent: c.req.header('user-agent') ?? null,
          translate: c.var.t,
        })
        return c.json(signed, 200)
      })
      // The e-signing service's deliveries: the body is read as sent, its HMAC checked before anything else.
      .post('/public/esign/webhook', access.public(), async (c) => {
        const body = await c.req.text()
        const answer = await candidates.signing.webhooks.webhook(body, c.req.header('x-docuseal-signature'))
        return c.json(answer, 200)
      })
  )
}
