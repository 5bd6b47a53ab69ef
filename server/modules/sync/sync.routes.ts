import { Hono } from 'hono'
import { SYNC_SCHEMA_MIN, SYNC_SCHEMA_VERSION, pullInputSchema, pushInputSchema } from '../../../shared/schemas/sync'
import { access } from '../../lib/access'
import { actorOf, type AppEnv } from '../../lib/context'
import type { Deps } from '../../platform/deps'
import { ApiError, validationError } from '../../lib/errors'
import type { SyncHooks, SyncParts } from '../../lib/sync-contract'
import { validate } from '../../lib/validate'
import { syncService } from './sync.service'
import { log } from '../../lib/log'

const mutationContent = (path: readonly string[]) => path.length === 3 && path[0] === 'mutations' && (path[2] === 'args' || path[2] === 'name')

/** The sync queue's endpoints (docs/decisions/008); what the mutations do and what travels come from the areas. */
export function syncRoutes({ database, metrics }: Deps, parts: SyncParts, hooks: SyncHooks = {}) {
  const sync = syncService(database, parts, hooks)
  const known = (name: string) => Object.hasOwn(parts.mutators, name)

  return (
    new Hono<AppEnv>()
      // A mutation's name and args are checked when it is applied, one by one: a bad one is a recorded
      // rejection of that mutation, never a refused batch that would leave the device's queue stuck.
      .post('/sync/push', access.signedIn(), validate('json', pushInputSchema, { opaque: mutationContent }), async (c) => {
        const auth = c.var.auth!
        const input = c.req.valid('json')
        // A device newer than this instance (a rolling upgrade under way): nothing applied, it comes again and
        // reaches an upgraded instance. One older than the oldest version still applied must update first.
        if (input.schemaVersion > SYNC_SCHEMA_VERSION) throw new ApiError(503, 'unavailable', { headers: { 'Retry-After': '5' } })
        if (input.schemaVersion < SYNC_SCHEMA_MIN) {
          throw validationError({ schemaVersion: [c.var.t('sync.schemaVersion', { expected: SYNC_SCHEMA_MIN })] })
        }
        try {
          const result = await sync.pushes.push(
            { id: auth.userData.id, ability: auth.ability, impersonated: !!auth.impersonator },
            input.clientId,
            input.mutations,
            c.var.t,
          )
          metrics.push(
            result,
            input.mutations.map((m) => m.name),
            known,
          )
          return c.json(result, 200)
        } catch (err) {
          if (err instanceof ApiError) throw err
          // Not the device's fault: the mutation's transaction was rolled back and nothing advanced; it comes again.
          log.error({ err }, '[sync] push failed, answered 503')
          throw new ApiError(503, 'unavailable', { headers: { 'Retry-After': '5' } })
        }
      })
      .post('/sync/pull', access.signedIn(), validate('json', pullInputSchema), async (c) => {
        const input = c.req.valid('json')
        const result = await sync.pulls.pull(actorOf(c), input.clientId, input.cookie, input.tables)
        metrics.pull(result.patch.length)
        return c.json(result, 200)
      })
  )
}
