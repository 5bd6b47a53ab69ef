import { Hono, type Context } from 'hono'
import {
  askRequestSchema,
  runRequestSchema,
  statIdParamSchema,
  statInputSchema,
  statUpdateSchema,
  type AssistantSettings,
} from '../../../shared/schemas/assistant'
import { access } from '../../lib/access'
import type { AppEnv } from '../../lib/context'
import { validate } from '../../lib/validate'
import type { AssistantActor, AssistantService } from './assistant.service'
import type { AssistantStats } from './assistant.stats'

/**
 * The BI assistant (issue 21, docs/decisions/053): questions from the chat (`view chat`) or the business
 * intelligence screen (`view business_intelligence`), and the saved statistics views (`view stats`).
 */
export function assistantRoutes(assistant: AssistantService, stats: AssistantStats) {
  const actor = (c: Context<AppEnv>): AssistantActor => {
    const { userData, ability } = c.var.auth!
    return { id: userData.id, ability, teamIds: userData.teamIds, officeId: userData.officeId, language: c.var.lang }
  }
  const asking = () => access.canAny(['view', 'chat'], ['view', 'business_intelligence'])
  return (
    new Hono<AppEnv>()
      .get('/assistant/settings', asking(), async (c) => c.json({ legacyCutoff: assistant.legacyCutoff } satisfies AssistantSettings, 200))
      .post('/assistant/ask', asking(), validate('json', askRequestSchema), async (c) =>
        c.json(await assistant.asking.ask(actor(c), c.req.valid('json'), c.var.t), 200),
      )
      .post('/assistant/run', asking(), validate('json', runRequestSchema), async (c) => {
        const { query, legacy } = c.req.valid('json')
        return c.json(await assistant.asking.runQuery(actor(c), query, c.var.t, { legacy }), 200)
      })
      .get('/assistant/stats', access.can('view', 'stats'), async (c) => c.json(await stats.list(actor(c)), 200))
      .get('/assistant/stats/roles', access.can('view', 'stats'), async (c) => c.json(await stats.roleChoices(), 200))
      .post('/assistant/stats', access.can('view', 'stats'), validate('json', statInputSchema), async (c) =>
        c.json(await stats.create(actor(c), c.req.valid('json'), c.var.t), 201),
      )
      // Opening a statistic runs it again under the opener's own rules, and counts against the person's quota as any
      // run does (uncounted, it let anyone run the assistant without limit).
      .get('/assistant/stats/:id', access.can('view', 'stats'), validate('param', statIdParamSchema), async (c) => {
        const who = actor(c)
        const stat = await stats.get(who, c.req.valid('param').id)
        const answer = await assistant.asking.runQuery(who, stat.query, c.var.t)
        return c.json({ stat, answer }, 200)
      })
      .put('/assistant/stats/:id', access.can('view', 'stats'), validate('param', statIdParamSchema), validate('json', statUpdateSchema), async (c) =>
        c.json(await stats.update(actor(c), c.req.valid('param').id, c.req.valid('json'), c.var.t), 200),
      )
      .delete('/assistant/stats/:id', access.can('view', 'stats'), validate('param', statIdParamSchema), async (c) => {
        await stats.remove(actor(c), c.req.valid('param').id)
        return c.body(null, 204)
      })
  )
}
