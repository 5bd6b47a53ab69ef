import { Hono, type Context } from 'hono'
import {
  candidateIdParamSchema,
  candidateListQuerySchema,
  candidateNoteSchema,
  candidateSettingsSchema,
  candidateStepParamSchema,
  closeCandidateSchema,
  contractTemplateSchema,
  createCandidateSchema,
  reopenCandidateSchema,
  revealCandidateSchema,
  startStepSchema,
  updateCandidateSchema,
  type ContractTemplate,
} from '../../../shared/schemas/candidates'
import { access, recentSignIn } from '../../lib/access'
import { dispositionOf } from '../../lib/disposition'
import type { AppEnv } from '../../lib/context'
import { validate } from '../../lib/validate'
import type { Deps } from '../../platform/deps'
import type { CandidateActor } from './candidates.context'
import type { CandidatesService } from './candidates.service'

/**
 * Recruiting's routes for signed-in staff (docs/decisions/070): the list, a candidate's record, notes, closing, the
 * numbers in full, the steps, erasure and export; the contract templates and the settings. The candidate's own pages
 * are in candidates.public-routes.ts.
 */
export function candidatesRoutes({ env, files }: Pick<Deps, 'env' | 'files'>, candidates: CandidatesService) {
  const actor = (c: Context<AppEnv>): CandidateActor => ({ id: c.var.auth!.userData.id, ability: c.var.auth!.ability, language: c.var.lang })
  // Links go out at the app's first origin (APP_ORIGINS), else at the one the request came to.
  const origin = (c: Context) => env.appOrigins[0] ?? new URL(c.req.url).origin
  files.readPolicy('contract', (file, auth, db) => candidates.mayReadFile(file.id, auth.ability, db))
  return (
    new Hono<AppEnv>()
      .get('/candidates', access.can('view', 'candidates'), validate('query', candidateListQuerySchema), async (c) => {
        return c.json(await candidates.listing.list(c.var.auth!.ability, c.req.valid('query'), c.var.t), 200)
      })
      .post('/candidates', access.can('create', 'candidates'), validate('json', createCandidateSchema), async (c) => {
        return c.json(await candidates.records.create(actor(c), c.req.valid('json'), c.var.t), 201)
      })
      .get('/candidates/choices', access.can('view', 'candidates'), async (c) => c.json(await candidates.choices(), 200))
      .get('/candidates/settings', access.can('view', 'candidates'), async (c) => c.json(await candidates.privacy.settings(), 200))
      .put('/candidates/settings', access.can('admin', 'candidates'), validate('json', candidateSettingsSchema), async (c) => {
        return c.json(await candidates.privacy.updateSettings(actor(c), c.req.valid('json')), 200)
      })
      .get('/candidates/templates', access.can('admin', 'candidates'), async (c) => {
        const items: ContractTemplate[] = (await candidates.templates.templates()).map((r) => ({
          id: r.id,
          kind: r.kind,
          language: r.language,
          title: r.title,
          body: r.body,
          updatedAt: r.updatedAt,
          version: r.version,
        }))
        return c.json({ items }, 200)
      })
      .put('/candidates/templates', access.can('admin', 'candidates'), validate('json', contractTemplateSchema), async (c) => {
        return c.json(await candidates.templates.saveTemplate(actor(c), c.req.valid('json'), c.var.t), 200)
      })
      .get('/candidates/:id', access.can('view', 'candidates'), validate('param', candidateIdParamSchema), async (c) => {
        return c.json(await candidates.details.detail(actor(c), c.req.valid('param').id), 200)
      })
      .patch(
        '/candidates/:id',
        access.can('update', 'candidates'),
        validate('param', candidateIdParamSchema),
        validate('json', updateCandidateSchema),
        async (c) => c.json(await candidates.records.update(actor(c), c.req.valid('param').id, c.req.valid('json'), c.var.t), 200),
      )
      .post(
        '/candidates/:id/notes',
        access.can('update', 'candidates'),
        validate('param', candidateIdParamSchema),
        validate('json', candidateNoteSchema),
        async (c) => c.json(await candidates.records.addNote(actor(c), c.req.valid('param').id, c.req.valid('json').text), 201),
      )
      .post(
        '/candidates/:id/close',
        access.can('update', 'candidates'),
        validate('param', candidateIdParamSchema),
        validate('json', closeCandidateSchema),
        async (c) => c.json(await candidates.records.close(actor(c), c.req.valid('param').id, c.req.valid('json'), c.var.t), 200),
      )
      .post(
        '/candidates/:id/reopen',
        access.can('update', 'candidates'),
        validate('param', candidateIdParamSchema),
        validate('json', reopenCandidateSchema),
        async (c) => c.json(await candidates.records.reopen(actor(c), c.req.valid('param').id, c.req.valid('json'), c.var.t), 200),
      )
      // A POST, not a GET: reading the numbers in full is an act that is logged, and never cached or prefetched.
      .post(
        '/candidates/:id/private',
        access.can('view', 'candidate_private_data'),
        recentSignIn,
        validate('param', candidateIdParamSchema),
        validate('json', revealCandidateSchema),
        async (c) => c.json(await candidates.records.reveal(actor(c), c.req.valid('param').id, c.req.valid('json').fields), 200),
      )
      .post(
        '/candidates/:id/steps/:step',
        access.can('update', 'candidates'),
        validate('param', candidateStepParamSchema),
        validate('json', startStepSchema),
        async (c) => {
          const { id, step } = c.req.valid('param')
          const input = c.req.valid('json')
          const opts = { translate: c.var.t, origin: origin(c) }
          if (step !== 'accounts') {
            const check = step === 'preonboarding' ? undefined : candidates.templates.templateCheck(step, c.var.t)
            return c.json({ ...(await candidates.steps.start(actor(c), id, step, input, { ...opts, check })), password: null }, 202)
          }
          const prepared = await candidates.accounts.prepareStart(input.teamId, c.var.t)
          const started = await candidates.steps.start(actor(c), id, step, input, { ...opts, extra: prepared.extra, check: prepared.check })
          // The temporary password is shown this once: only its hash and a sealed copy for the directory are kept.
          c.header('Cache-Control', 'no-store')
          return c.json({ ...started, password: prepared.password }, 202)
        },
      )
      .post('/candidates/:id/erase', access.can('delete', 'candidates'), validate('param', candidateIdParamSchema), async (c) => {
        await candidates.privacy.erase(actor(c), c.req.valid('param').id, c.var.t)
        return c.body(null, 204)
      })
      .post('/candidates/:id/export', access.can('delete', 'candidates'), validate('param', candidateIdParamSchema), async (c) => {
        const data = await candidates.privacy.exportData(actor(c), c.req.valid('param').id)
        c.header('Cache-Control', 'no-store')
        c.header('Content-Disposition', dispositionOf('attachment', `candidate-${c.req.valid('param').id}.json`))
        return c.json(data, 200)
      })
  )
}
