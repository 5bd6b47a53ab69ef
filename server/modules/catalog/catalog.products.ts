import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { CreateProductInput, ProductDetail, ProductListItem, ProductListQuery, UpdateProductInput } from '../../../shared/schemas/catalog'
import type { Translate } from '../../../shared/schemas/errors'
import type { ListAnswer } from '../../../shared/schemas/pagination'
import type {} from '../../db/client'
import { containsTerm } from '../../db/conditions'
import { notFound, validationError } from '../../lib/errors'
import { activityLines, changedFields } from '../../platform/activity-log'
import type {} from '../../platform/deps'

import type { Actor, CatalogAdminContext, ProductRow } from './catalog.admin-context'

/** Products: the list (the company's figures only for those who may see them), a product's page, create, edit, archive. */
export function productAdmin(ctx: CatalogAdminContext) {
  const { database, db, t, changed, conflict, providerRow, productItem, productQuery, productRow, categoryExists, withCategoryNames, productNameTaken } = ctx
  return {
    // ── Products ──

    async listProducts(ability: AppAbility, q: ProductListQuery): Promise<ListAnswer<ProductListItem>> {
      const conditions: SQL[] = []
      if (q.active !== 'all') conditions.push(eq(t.products.active, q.active === 'true'))
      if (q.providerId) conditions.push(eq(t.products.providerId, q.providerId))
      if (q.categoryId) conditions.push(eq(t.products.categoryId, q.categoryId))
      if (q.q) conditions.push(containsTerm(t.products.name, q.q))
      const where = conditions.length ? and(...conditions) : undefined
      const sorts = {
        name: sql`lower(${t.products.name})`,
        provider: sql`lower(${t.providers.name})`,
        price: t.products.priceOre,
        sellerCommission: t.products.sellerCommissionOre,
        category: sql`lower(coalesce(${t.productCategories.name}, ''))`,
      }
      const sort = sorts[(q.sortBy ?? 'name') as keyof typeof sorts]
      const [rows, [total]] = await Promise.all([
        productQuery(db)
          .where(where)
          .orderBy(q.orderBy === 'desc' ? desc(sort) : asc(sort), asc(t.products.name), asc(t.products.id))
          .limit(q.itemsPerPage)
          .offset((q.page - 1) * q.itemsPerPage),
        db.select({ n: count() }).from(t.products).where(where),
      ])
      return { items: (rows as ProductRow[]).map((r) => productItem(r, ability)), total: total?.n ?? 0, page: q.page, itemsPerPage: q.itemsPerPage }
    },

    async productDetail(ability: AppAbility, id: string): Promise<ProductDetail | null> {
      const row = await productRow(db, id)
      if (!row) return null
      return { ...productItem(row, ability), createdAt: row.createdAt, updatedAt: row.updatedAt, activity: await activityLines(database, 'product', id) }
    },

    async createProduct(actor: Actor, input: CreateProductInput, translate: Translate, now = Date.now()) {
      return database.transaction(async (tx) => {
        const provider = await providerRow(tx, input.providerId)
        if (!provider) throw validationError({ providerId: [translate('catalog.errors.providerMissing')] })
        await categoryExists(tx, input.categoryId, translate)
        if (await productNameTaken(tx, input.providerId, input.name)) throw validationError({ name: [translate('catalog.errors.productNameTaken')] })
        const id = crypto.randomUUID()
        const row = { id, ...input, active: true, version: 1, createdAt: now, updatedAt: now }
        await tx.insert(t.products).values(row)
        const { createdAt: _c, updatedAt: _u, version: _v, ...fields } = row
        const logged = await withCategoryNames(tx, { before: {}, after: fields })
        await changed(tx, actor, 'product', id, 'created', null, logged.after, now)
        return { id }
      })
    },

    async updateProduct(actor: Actor, id: string, input: UpdateProductInput, translate: Translate, now = Date.now()) {
      return database.transaction(async (tx) => {
        const [row] = await tx.select().from(t.products).where(eq(t.products.id, id))
        if (!row) throw notFound()
        if (row.version !== input.version) conflict(productItem((await productRow(tx, id))!, actor.ability))
        const { version: _v, ...fields } = input
        if (fields.categoryId !== undefined && fields.categoryId !== row.categoryId) await categoryExists(tx, fields.categoryId, translate)
        if (fields.name !== undefined && (await productNameTaken(tx, row.providerId, fields.name, id)))
          throw validationError({ name: [translate('catalog.errors.productNameTaken')] })
        const diff = changedFields(row, fields)
        if (Object.keys(diff.after).length === 0) return { version: row.version }
        const version = row.version + 1
        const done = await tx
          .update(t.products)
          .set({ ...diff.after, version, updatedAt: now })
          .where(and(eq(t.products.id, id), eq(t.products.version, row.version)))
          .returning({ id: t.products.id })
        if (done.length === 0) conflict(null)
        const logged = await withCategoryNames(tx, diff)
        await changed(tx, actor, 'product', id, 'updated', logged.before, logged.after, now)
        return { version }
      })
    },

    async archiveProduct(actor: Actor, id: string, input: { active: boolean; version: number }, now = Date.now()) {
      return database.transaction(async (tx) => {
        const [row] = await tx.select().from(t.products).where(eq(t.products.id, id))
        if (!row) throw notFound()
        if (row.version !== input.version) conflict(productItem((await productRow(tx, id))!, actor.ability))
        if (row.active === input.active) return { version: row.version }
        const version = row.version + 1
        await tx.update(t.products).set({ active: input.active, version, updatedAt: now }).where(eq(t.products.id, id))
        await changed(tx, actor, 'product', id, input.active ? 'restored' : 'archived', { active: row.active }, { active: input.active }, now)
        return { version }
      })
    },
  }
}
