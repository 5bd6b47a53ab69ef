import { asc, desc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { LOOKUP_LIMIT, lookupQuerySchema, type LookupAnswer } from '../../../shared/schemas/lookups'
import type { AnyColumn } from 'drizzle-orm'
import type { ActionOrManage, SubjectOrAll } from '../../../shared/permissions/catalogue'
import type { AppAbility } from '../../../shared/permissions/ability'
import { accessFilter, type AccessFilter } from '../../db/conditions'
import { lookupItems, lookupWhere } from '../../db/lookup'
import { preparedReads } from '../../db/prepared'
import { access } from '../../lib/access'
import { actorOf, type AppEnv } from '../../lib/context'
import { validate } from '../../lib/validate'
import type { Deps } from '../../platform/deps'
import {
  applyCommissionsSchema,
  archiveSchema,
  catalogIdParamSchema,
  copyProductsSchema,
  createCategorySchema,
  createProductSchema,
  createProviderSchema,
  productListQuerySchema,
  providerListQuerySchema,
  updateCategorySchema,
  updateProductSchema,
  updateProviderSchema,
} from '../../../shared/schemas/catalog'
import { forbidden, found } from '../../lib/errors'
import type { CatalogAdmin } from './catalog.admin'

/**
 * The catalog's routes: the choices of providers and products that filters and forms offer, and keeping the
 * catalog — providers, products, product categories and their commissions (docs/decisions/027).
 */
/**
 * Who may read the choices of providers and products: whoever keeps the catalog, and whoever reads a list filtered by
 * them (sale reports, deviations and double sales, quality surveys and statistics, orders, profitability). The names
 * are the catalog's, not anyone's data; someone who holds a rule on providers or products gets what it allows.
 */
const CATALOG_CHOICE_READERS: Array<[ActionOrManage, SubjectOrAll]> = [
  ['view', 'sale_reports'],
  ['view', 'sale_quality_surveys'],
  ['view', 'stats'],
  ['view', 'order_registrations'],
  ['view', 'finance_profitability_providers'],
  ['view', 'finance_profitability_teams'],
  ['view', 'finance_profitability_sellers'],
  ['view', 'finance_profitability_managers'],
]

/** The reader's filter on a catalog table: their own rules on it, or all of it for a reader of a list it filters. */
function catalogChoices(ability: AppAbility, subject: 'providers' | 'products', columns: Record<string, AnyColumn>): AccessFilter {
  if (ability.can('view', subject)) return accessFilter(ability, 'view', subject, columns)
  return { kind: 'all', shape: 'all', params: {} }
}

export function catalogRoutes({ database }: Deps, admin: CatalogAdmin) {
  const { db, t } = database
  const read = preparedReads(database)
  return (
    new Hono<AppEnv>()
      .get('/lookups/providers', access.canAny(['view', 'providers'], ...CATALOG_CHOICE_READERS), validate('query', lookupQuerySchema), async (c) => {
        const filter = catalogChoices(c.var.auth!.ability, 'providers', { id: t.providers.id })
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
      .get('/lookups/products', access.canAny(['view', 'products'], ...CATALOG_CHOICE_READERS), validate('query', lookupQuerySchema), async (c) => {
        const filter = catalogChoices(c.var.auth!.ability, 'products', { id: t.products.id, providerId: t.products.providerId })
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
      // ── Providers ──
      .get('/providers', access.can('view', 'providers'), validate('query', providerListQuerySchema), async (c) => {
        return c.json(await admin.providers.listProviders(c.req.valid('query')), 200)
      })
      .post('/providers', access.can('create', 'providers'), validate('json', createProviderSchema), async (c) => {
        const input = c.req.valid('json')
        // Copying products creates products: that needs their permission too.
        if (input.copyProductsFrom && !c.var.auth!.ability.can('create', 'products')) throw forbidden()
        return c.json(await admin.providers.createProvider(actorOf(c), input, c.var.t), 201)
      })
      .get('/providers/:id', access.can('view', 'providers'), validate('param', catalogIdParamSchema), async (c) => {
        return c.json(found(await admin.providers.providerDetail(c.var.auth!.ability, c.req.valid('param').id)), 200)
      })
      .patch(
        '/providers/:id',
        access.can('update', 'providers'),
        validate('param', catalogIdParamSchema),
        validate('json', updateProviderSchema),
        async (c) => {
          return c.json(await admin.providers.updateProvider(actorOf(c), c.req.valid('param').id, c.req.valid('json'), c.var.t), 200)
        },
      )
      .post('/providers/:id/active', access.can('delete', 'providers'), validate('param', catalogIdParamSchema), validate('json', archiveSchema), async (c) => {
        return c.json(await admin.providers.archiveProvider(actorOf(c), c.req.valid('param').id, c.req.valid('json')), 200)
      })
      .post(
        '/providers/:id/copy-products',
        access.can('create', 'products'),
        validate('param', catalogIdParamSchema),
        validate('json', copyProductsSchema),
        async (c) => c.json(await admin.providers.copyProducts(actorOf(c), c.req.valid('param').id, c.req.valid('json').fromProviderId, c.var.t), 200),
      )
      // ── Products ──
      .get('/products', access.can('view', 'products'), validate('query', productListQuerySchema), async (c) => {
        return c.json(await admin.products.listProducts(c.var.auth!.ability, c.req.valid('query')), 200)
      })
      .post('/products', access.can('create', 'products'), validate('json', createProductSchema), async (c) => {
        return c.json(await admin.products.createProduct(actorOf(c), c.req.valid('json'), c.var.t), 201)
      })
      .get('/products/:id', access.can('view', 'products'), validate('param', catalogIdParamSchema), async (c) => {
        return c.json(found(await admin.products.productDetail(c.var.auth!.ability, c.req.valid('param').id)), 200)
      })
      .patch('/products/:id', access.can('update', 'products'), validate('param', catalogIdParamSchema), validate('json', updateProductSchema), async (c) => {
        return c.json(await admin.products.updateProduct(actorOf(c), c.req.valid('param').id, c.req.valid('json'), c.var.t), 200)
      })
      .post('/products/:id/active', access.can('delete', 'products'), validate('param', catalogIdParamSchema), validate('json', archiveSchema), async (c) => {
        return c.json(await admin.products.archiveProduct(actorOf(c), c.req.valid('param').id, c.req.valid('json')), 200)
      })
      // ── Product categories and their commissions (kept with the products) ──
      .get('/product-categories', access.can('view', 'products'), async (c) => c.json({ items: await admin.categories.listCategories() }, 200))
      .post('/product-categories', access.can('create', 'products'), validate('json', createCategorySchema), async (c) => {
        return c.json(await admin.categories.createCategory(actorOf(c), c.req.valid('json'), c.var.t), 201)
      })
      .get('/product-categories/:id/activity', access.can('view', 'products'), validate('param', catalogIdParamSchema), async (c) => {
        return c.json({ items: found(await admin.categories.categoryActivity(c.req.valid('param').id)) }, 200)
      })
      .patch(
        '/product-categories/:id',
        access.can('update', 'products'),
        validate('param', catalogIdParamSchema),
        validate('json', updateCategorySchema),
        async (c) => c.json(await admin.categories.updateCategory(actorOf(c), c.req.valid('param').id, c.req.valid('json'), c.var.t), 200),
      )
      .post(
        '/product-categories/:id/active',
        access.can('delete', 'products'),
        validate('param', catalogIdParamSchema),
        validate('json', archiveSchema),
        async (c) => c.json(await admin.categories.updateCategory(actorOf(c), c.req.valid('param').id, c.req.valid('json'), c.var.t), 200),
      )
      .post(
        '/product-categories/:id/apply-commissions',
        access.can('update', 'products'),
        validate('param', catalogIdParamSchema),
        validate('json', applyCommissionsSchema),
        async (c) => c.json(await admin.categories.applyCommissions(actorOf(c), c.req.valid('param').id, c.req.valid('json').version), 200),
      )
  )
}
