import { Hono, type Context } from 'hono'
import {
  termsCreateSchema,
  termsDeleteQuerySchema,
  termsIdSchema,
  termsPeopleQuerySchema,
  termsUpdateSchema,
  termsVersionOnlySchema,
} from '../../../shared/schemas/terms'
import type { SessionAnswer } from '../../../shared/schemas/auth'
import { access, notImpersonating } from '../../lib/access'
import type { AppEnv } from '../../lib/context'
import { found } from '../../lib/errors'
import { validate } from '../../lib/validate'
import type { TermsService } from './terms.service'

/**
 * Terms of use (docs/decisions/039): the admin screen's versions (view and update terms_of_use), and the signed-in
 * person's answer to the version in force.
 */
export function termsRoutes(
  terms: TermsService,
  session: { answerFor: (userId: string) => Promise<SessionAnswer | null>; end: (c: Context, sessionId: string) => Promise<void> },
) {
  return (
    new Hono<AppEnv>()
      // The person's side: the text to answer, in their language; accept (the session answers afresh); decline
      // (recorded, then signed out).
      .get('/terms/current', access.signedIn(), async (c) => c.json({ terms: await terms.answers.currentText(c.var.lang) }, 200))
      .post('/terms/:id/accept', access.signedIn(), notImpersonating, validate('param', termsIdSchema), async (c) => {
        const auth = c.var.auth!
        await terms.answers.answer(auth.userData.id, c.req.valid('param').id, 'accepted')
        return c.json(found(await session.answerFor(auth.userData.id)), 200)
      })
      .post('/terms/:id/decline', access.signedIn(), notImpersonating, validate('param', termsIdSchema), async (c) => {
        const auth = c.var.auth!
        await terms.answers.answer(auth.userData.id, c.req.valid('param').id, 'declined')
        await session.end(c, auth.sessionId)
        return c.body(null, 204)
      })
      // The admin screen.
      .get('/terms', access.can('view', 'terms_of_use'), async (c) => c.json({ items: await terms.list() }, 200))
      .post('/terms', access.can('update', 'terms_of_use'), validate('json', termsCreateSchema), async (c) =>
        c.json(await terms.versions.create({ id: c.var.auth!.userData.id }, c.req.valid('json').texts), 201),
      )
      .put('/terms/:id', access.can('update', 'terms_of_use'), validate('param', termsIdSchema), validate('json', termsUpdateSchema), async (c) => {
        const input = c.req.valid('json')
        return c.json(await terms.versions.update({ id: c.var.auth!.userData.id }, c.req.valid('param').id, input.texts, input.version), 200)
      })
      .delete('/terms/:id', access.can('update', 'terms_of_use'), validate('param', termsIdSchema), validate('query', termsDeleteQuerySchema), async (c) => {
        await terms.versions.remove({ id: c.var.auth!.userData.id }, c.req.valid('param').id, c.req.valid('query').version)
        return c.body(null, 204)
      })
      .post('/terms/:id/publish', access.can('update', 'terms_of_use'), validate('param', termsIdSchema), validate('json', termsVersionOnlySchema), async (c) =>
        c.json(await terms.versions.publish({ id: c.var.auth!.userData.id }, c.req.valid('param').id, c.req.valid('json').version), 200),
      )
      .get('/terms/:id/people', access.can('view', 'terms_of_use'), validate('param', termsIdSchema), validate('query', termsPeopleQuerySchema), async (c) => {
        const q = c.req.valid('query')
        return c.json(await terms.versions.people(c.req.valid('param').id, q.answer, q.q, q.offset), 200)
      })
  )
}
