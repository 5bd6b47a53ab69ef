import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type {} from '../../../shared/permissions/ability'
import { commissionChange } from '../../../shared/rules/catalog'
import type { CategoryItem, CreateCategoryInput, UpdateCategoryInput } from '../../../shared/schemas/catalog'
import type { Translate } from '../../../shared/schemas/errors'
import type {} from '../../../shared/schemas/pagination'
import type {} from '../../db/client'
import { notFound, validationError } from '../../lib/errors'
import { activityLines, changedFields, logActivity } from '../../platform/activity-log'
import type {} from '../../platform/deps'

import type { Actor, CatalogAdminContext } from './catalog.admin-context'

/** Product categories: the list, a category's log, create, edit, and applying its commissions to its products. */
export function categoryAdmin(ctx: CatalogAdminContext) {
  const { database, db, t, changed, conflict, nameTaken } = ctx
  return {
    // ── Categories and their commissions ──

    async listCategories(): Promise<CategoryItem[]> {
      const [cats, prods] = await Promise.all([
        db.select().from(t.productCategories).orderBy(desc(t.productCategories.active), asc(t.productCategories.name)),
        db
          .select({ categoryId: t.products.categoryId, seller: t.products.sellerCommissionOre, company: t.products.companyCommissionOre })
          .from(t.products)
          .where(and(eq(t.products.active, true), sql`${t.products.categoryId} is not null`)),
      ])
      return cats.map((c) => {
        const mine = prods.filter((p) => p.categoryId === c.id)
        return {
          id: c.id,
          name: c.name,
          sellerCommissionOre: c.sellerCommissionOre,
          companyCommissionOre: c.companyCommissionOre,
          active: c.active,
          version: c.version,
          productCount: mine.length,
          differingCount: mine.filter((p) => commissionChange(c, { active: true, sellerCommissionOre: p.seller, companyCommissionOre: p.company })).length,
        }
      })
    },

    async categoryActivity(id: string) {
      const [row] = await db.select({ id: t.productCategories.id }).from(t.productCategories).where(eq(t.productCategories.id, id))
      return row ? activityLines(database, 'product_category', id) : null
    },

    async createCategory(actor: Actor, input: CreateCategoryInput, translate: Translate, now = Date.now()) {
      return database.transaction(async (tx) => {
        if (await nameTaken(tx, t.productCategories, input.name)) throw validationError({ name: [translate('catalog.errors.nameTaken')] })
        const id = crypto.randomUUID()
        await tx.insert(t.productCategories).values({ id, ...input, active: true, version: 1, createdAt: now, updatedAt: now })
        await changed(tx, actor, 'product_category', id, 'created', null, input, now)
        return { id }
      })
    },

    async updateCategory(actor: Actor, id: string, input: UpdateCategoryInput & { active?: boolean }, translate: Translate, now = Date.now()) {
      return database.transaction(async (tx) => {
        const [row] = await tx.select().from(t.productCategories).where(eq(t.productCategories.id, id))
        if (!row) throw notFound()
        if (row.version !== input.version) conflict(row)
        const { version: _v, ...fields } = input
        if (fields.name !== undefined && (await nameTaken(tx, t.productCategories, fields.name, id)))
          throw validationError({ name: [translate('catalog.errors.nameTaken')] })
        const diff = changedFields(row, fields)
        if (Object.keys(diff.after).length === 0) return { version: row.version }
        const version = row.version + 1
        await tx
          .update(t.productCategories)
          .set({ ...diff.after, version, updatedAt: now })
          .where(eq(t.productCategories.id, id))
        const action = fields.active === undefined || Object.keys(diff.after).length > 1 ? 'updated' : fields.active ? 'restored' : 'archived'
        await changed(tx, actor, 'product_category', id, action, diff.before, diff.after, now)
        return { version }
      })
    },

    /** Sets every active product of the category to the category's commissions; each product's change is logged. */
    async applyCommissions(actor: Actor, id: string, version: number, now = Date.now()) {
      return database.transaction(async (tx) => {
        const [cat] = await tx.select().from(t.productCategories).where(eq(t.productCategories.id, id))
        if (!cat) throw notFound()
        if (cat.version !== version) conflict(cat)
        const products = await tx
          .select()
          .from(t.products)
          .where(and(eq(t.products.categoryId, id), eq(t.products.active, true)))
        let updated = 0
        for (const p of products) {
          const change = commissionChange(cat, p)
          if (!change) continue
          await tx
            .update(t.products)
            .set({ ...change, version: p.version + 1, updatedAt: now })
            .where(eq(t.products.id, p.id))
          const diff = changedFields(p, change)
          await changed(tx, actor, 'product', p.id, 'updated', diff.before, { ...diff.after, fromCategory: cat.name }, now)
          updated++
        }
        await logActivity(tx, t, {
          at: now,
          actorId: actor.id,
          entity: 'product_category',
          entityId: id,
          action: 'commissions_applied',
          after: { products: updated },
        })
        return { updated }
      })
    },
  }
}
