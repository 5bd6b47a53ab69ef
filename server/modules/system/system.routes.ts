import { Hono } from 'hono'
import type { AppMeta } from '../../../shared/schemas/auth'
import { DEMO_ACCOUNTS } from '../../../shared/demo'
import { access } from '../../lib/access'
import type { AppEnv } from '../../lib/context'
import type { Deps } from '../../platform/deps'
import type { Env } from '../../env'

export const APP_VERSION = '0.1.0'

/** What the client needs to know before anyone signs in; also written into the served index (no round trip). */
export function appMetaOf(env: Env): AppMeta {
  return {
    demo: env.demoMode,
    maintenance: env.maintenance,
    version: APP_VERSION,
    demoAccounts: env.demoMode ? DEMO_ACCOUNTS.map((a) => a.email) : [],
  }
}

export function systemRoutes({ env, database, readiness }: Deps) {
  return (
    new Hono<AppEnv>()
      // The database answers (the check load balancers have used since the start; kept as it was).
      .get('/health', access.public(), async (c) => {
        const ok = await database.ping()
        c.header('Cache-Control', 'no-store')
        return ok ? c.json({ status: 'ok' }, 200) : c.json({ status: 'unavailable' }, 503)
      })
      // The process answers: an orchestrator restarts an instance only when this fails (docs/operations.md).
      .get('/health/live', access.public(), (c) => {
        c.header('Cache-Control', 'no-store')
        return c.json({ status: 'ok' }, 200)
      })
      // The instance should be sent work: each check with its reason, 503 while any fails.
      .get('/health/ready', access.public(), async (c) => {
        c.header('Cache-Control', 'no-store')
        const { ready, checks } = await readiness.check()
        return c.json({ status: ready ? 'ready' : 'notReady', checks }, ready ? 200 : 503)
      })
      .get('/meta', access.public(), (c) => c.json(appMetaOf(env), 200))
  )
}
