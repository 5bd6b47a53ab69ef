import { asc, desc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { LOOKUP_LIMIT, lookupQuerySchema, type LookupAnswer } from '../../../shared/schemas/lookups'
import { accessFilter } from '../../db/conditions'
import { lookupItems, lookupWhere } from '../../db/lookup'
import { preparedReads } from '../../db/prepared'
import { access } from '../../lib/access'
import type { AppEnv } from '../../lib/context'
import { validate } from '../../lib/validate'
import type { Deps } from '../../platform/deps'

/** The catalog's routes: for now the choices of providers and products that filters and forms offer. */
export function catalogRoutes({ database }: Deps) {
  const { db, t } = database
  const read = preparedReads(database)
  return new Hono<AppEnv>()
    .get('/lookups/providers', access.can('view', 'providers'), validate('query', lookupQuerySchema), async (c) => {
      const filter = accessFilter(c.var.auth!.ability, 'view', 'providers', { id: t.providers.id })
      const { where, values, shape } = lookupWhere(filter, c.req.valid('query'), { id: t.providers.id, search: [t.providers.name] })
      const rows = await read(
        `providers.lookup|${shape}`,
        () =>
          db
            .select({ id: t.providers.id, label: t.providers.name, hint: t.providers.type, active: t.providers.active })
            .from(t.providers)
            .where(where)
            // Active ones first: an archived provider stays findable, for old sales.
            .orderBy(desc(t.providers.active), asc(t.providers.name))
            .limit(LOOKUP_LIMIT),
        values,
      )
      return c.json({ items: lookupItems(rows) } satisfies LookupAnswer, 200)
    })
    .get('/lookups/products', access.can('view', 'products'), validate('query', lookupQuerySchema), async (c) => {
      const filter = accessFilter(c.var.auth!.ability, 'view', 'products', { id: t.products.id, providerId: t.products.providerId })
      const { where, values, shape } = lookupWhere(filter, c.req.valid('query'), {
        id: t.products.id,
        search: [t.products.name],
        parent: t.products.providerId,
      })
      const rows = await read(
        `products.lookup|${shape}`,
        () =>
          db
            .select({ id: t.products.id, label: t.products.name, hint: t.providers.name, active: t.products.active })
            .from(t.products)
            .innerJoin(t.providers, eq(t.providers.id, t.products.providerId))
            .where(where)
            .orderBy(desc(t.products.active), asc(t.products.name))
            .limit(LOOKUP_LIMIT),
        values,
      )
      return c.json({ items: lookupItems(rows) } satisfies LookupAnswer, 200)
    })
}
