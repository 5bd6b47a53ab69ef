import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { CreateProviderInput, ProviderDetail, ProviderListItem, ProviderListQuery, UpdateProviderInput } from '../../../shared/schemas/catalog'
import type { Translate } from '../../../shared/schemas/errors'
import type { ListAnswer } from '../../../shared/schemas/pagination'
import type {} from '../../db/client'
import { containsTerm } from '../../db/conditions'
import { notFound, validationError } from '../../lib/errors'
import { activityLines, changedFields } from '../../platform/activity-log'
import type {} from '../../platform/deps'

import type { Actor, CatalogAdminContext, ProductRow } from './catalog.admin-context'

/** Providers: the list, a provider's page, create, edit, archive, and copying another provider's products. */
export function providerAdmin(ctx: CatalogAdminContext) {
  const { database, db, t, changed, conflict, productCounts, providerItem, providerRow, nameTaken, productItem, productQuery, copyInto } = ctx
  return {
    // ── Providers ──

    async listProviders(q: ProviderListQuery): Promise<ListAnswer<ProviderListItem>> {
      const conditions: SQL[] = []
      if (q.active !== 'all') conditions.push(eq(t.providers.active, q.active === 'true'))
      if (q.type) conditions.push(eq(t.providers.type, q.type))
      if (q.q) conditions.push(containsTerm(t.providers.name, q.q))
      const where = conditions.length ? and(...conditions) : undefined
      const n = sql<number>`coalesce(${productCounts.n}, 0)`.mapWith(Number)
      const sort = q.sortBy === 'type' ? t.providers.type : q.sortBy === 'products' ? n : sql`lower(${t.providers.name})`
      const [rows, [total]] = await Promise.all([
        db
          .select({ p: t.providers, n })
          .from(t.providers)
          .leftJoin(productCounts, eq(productCounts.providerId, t.providers.id))
          .where(where)
          .orderBy(q.orderBy === 'desc' ? desc(sort) : asc(sort), asc(t.providers.name))
          .limit(q.itemsPerPage)
          .offset((q.page - 1) * q.itemsPerPage),
        db.select({ n: count() }).from(t.providers).where(where),
      ])
      return { items: rows.map((r) => providerItem(r.p, r.n)), total: total?.n ?? 0, page: q.page, itemsPerPage: q.itemsPerPage }
    },

    async providerDetail(ability: AppAbility, id: string): Promise<ProviderDetail | null> {
      const row = await providerRow(db, id)
      if (!row) return null
      const products = (
        (await productQuery(db).where(eq(t.products.providerId, id)).orderBy(desc(t.products.active), asc(t.products.name))) as ProductRow[]
      ).map((p) => productItem(p, ability))
      return {
        ...providerItem(row, products.filter((p) => p.active).length),
        copyAllProducts: row.copyAllProducts,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        products,
        activity: await activityLines(database, 'provider', id),
      }
    },

    async createProvider(actor: Actor, input: CreateProviderInput, translate: Translate, now = Date.now()) {
      return database.transaction(async (tx) => {
        if (await nameTaken(tx, t.providers, input.name)) throw validationError({ name: [translate('catalog.errors.nameTaken')] })
        const id = crypto.randomUUID()
        const row = {
          id,
          name: input.name,
          type: input.type,
          requireExternalOrderNumber: input.requireExternalOrderNumber,
          copyAllProducts: false,
          active: true,
          version: 1,
          createdAt: now,
          updatedAt: now,
        }
        await tx.insert(t.providers).values(row)
        await changed(
          tx,
          actor,
          'provider',
          id,
          'created',
          null,
          { name: row.name, type: row.type, requireExternalOrderNumber: row.requireExternalOrderNumber },
          now,
        )
        const copied = input.copyProductsFrom ? (await copyInto(tx, actor, id, input.copyProductsFrom, translate, now, 'copyProductsFrom')).copied : 0
        return { id, copied }
      })
    },

    async updateProvider(actor: Actor, id: string, input: UpdateProviderInput, translate: Translate, now = Date.now()) {
      return database.transaction(async (tx) => {
        const row = await providerRow(tx, id)
        if (!row) throw notFound()
        if (row.version !== input.version) conflict(providerItem(row, 0))
        const { version: _v, ...fields } = input
        if (fields.name !== undefined && (await nameTaken(tx, t.providers, fields.name, id)))
          throw validationError({ name: [translate('catalog.errors.nameTaken')] })
        const diff = changedFields(row, fields)
        if (Object.keys(diff.after).length === 0) return { version: row.version }
        const version = row.version + 1
        const done = await tx
          .update(t.providers)
          .set({ ...diff.after, version, updatedAt: now })
          .where(and(eq(t.providers.id, id), eq(t.providers.version, row.version)))
          .returning({ id: t.providers.id })
        if (done.length === 0) conflict(null)
        await changed(tx, actor, 'provider', id, 'updated', diff.before, diff.after, now)
        return { version }
      })
    },

    async archiveProvider(actor: Actor, id: string, input: { active: boolean; version: number }, now = Date.now()) {
      return database.transaction(async (tx) => {
        const row = await providerRow(tx, id)
        if (!row) throw notFound()
        if (row.version !== input.version) conflict(providerItem(row, 0))
        if (row.active === input.active) return { version: row.version }
        const version = row.version + 1
        await tx.update(t.providers).set({ active: input.active, version, updatedAt: now }).where(eq(t.providers.id, id))
        await changed(tx, actor, 'provider', id, input.active ? 'restored' : 'archived', { active: row.active }, { active: input.active }, now)
        return { version }
      })
    },

    async copyProducts(actor: Actor, id: string, fromProviderId: string, translate: Translate, now = Date.now()) {
      if (id === fromProviderId) throw validationError({ fromProviderId: [translate('catalog.errors.copySelf')] })
      return database.transaction(async (tx) => {
        if (!(await providerRow(tx, id))) throw notFound()
        return copyInto(tx, actor, id, fromProviderId, translate, now, 'fromProviderId')
      })
    },
  }
}
