import { Hono } from 'hono'
import { activitySearchSchema } from '../../../shared/schemas/activity'
import { access } from '../../lib/access'
import type { AppEnv } from '../../lib/context'
import { validate } from '../../lib/validate'
import type { Deps } from '../../platform/deps'
import { activityService, type ActivityNames } from './activity.service'

/** The activity-log search: for those who may view the log (admins; decision 035). */
export function activityRoutes(deps: Deps, names: ActivityNames) {
  const activity = activityService(deps.database, names)
  return new Hono<AppEnv>().get('/activity-log', access.can('view', 'activity_log'), validate('query', activitySearchSchema), async (c) =>
    c.json(await activity.search(c.req.valid('query')), 200),
  )
}
