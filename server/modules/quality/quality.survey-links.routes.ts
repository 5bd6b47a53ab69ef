import { Hono, type Context } from 'hono'
import QRCode from 'qrcode'
import { publicAnswerSchema, qualityIdSchema, qualitySaleIdSchema, surveyLanguageSchema, surveyTokenSchema } from '../../../shared/schemas/quality'
import { access } from '../../lib/access'
import { actorOf, type AppEnv } from '../../lib/context'
import type { Deps } from '../../platform/deps'
import { addressThrottle } from '../../platform/rate-limits'
import { validate } from '../../lib/validate'
import type { QualityService } from './quality.service'

/** The customer's page asks at most this often from one address (a token cannot be guessed; this keeps anyone from trying). */
export const PUBLIC_SURVEY_THROTTLE = { points: 60, durationS: 10 * 60 }

/**
 * The surveys' links: the customer's page (a token, no sign-in, throttled per address), a link sent to the customer,
 * and the seller's QR code at the door.
 */
export function qualitySurveyLinkRoutes({ env, database }: Pick<Deps, 'env' | 'database'>, quality: QualityService) {
  // Links go out at the app's first origin (APP_ORIGINS), else at the one the request came to.
  const origin = (c: Context) => env.appOrigins[0] ?? new URL(c.req.url).origin
  const throttle = addressThrottle(database, 'survey', PUBLIC_SURVEY_THROTTLE, env.trustProxy)
  return (
    new Hono<AppEnv>()
      // The customer's side: a token, no sign-in.
      .get('/public/surveys/:token', access.public(), validate('param', surveyTokenSchema), async (c) => {
        await throttle(c)
        return c.json(await quality.intake.public.questions(c.req.valid('param').token), 200)
      })
      .post('/public/surveys/:token', access.public(), validate('param', surveyTokenSchema), validate('json', publicAnswerSchema), async (c) => {
        await throttle(c)
        await quality.intake.public.answer(c.req.valid('param').token, c.req.valid('json').answers, { now: Date.now(), translate: c.var.t })
        return c.body(null, 204)
      })
      .post(
        '/quality/surveys/:id/send-link',
        access.can('update', 'sale_quality_surveys'),
        validate('param', qualityIdSchema),
        validate('json', surveyLanguageSchema),
        async (c) => {
          const sent = await quality.surveys.outcomes.sendLink(actorOf(c), c.req.valid('param').id, c.req.valid('json'), {
            now: Date.now(),
            translate: c.var.t,
            origin: origin(c),
          })
          return c.json(sent, 201)
        },
      )
      // The seller at the door: a QR code of their sale's survey, when the sampling queued it.
      .post(
        '/quality/sales/:saleId/door-code',
        access.can('update', 'sales'),
        validate('param', qualitySaleIdSchema),
        validate('json', surveyLanguageSchema),
        async (c) => {
          const code = await quality.surveys.outcomes.doorCode(actorOf(c), c.req.valid('param').saleId, c.req.valid('json'), {
            now: Date.now(),
            translate: c.var.t,
            origin: origin(c),
          })
          const qrSvg = await QRCode.toString(code.url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
          return c.json({ ...code, qrSvg }, 201)
        },
      )
  )
}
