import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { seesCompanyFigures } from '../../../shared/permissions/fields'
import { commissionChange, productsToCopy, type ProviderType } from '../../../shared/rules/catalog'
import type {
  CategoryItem,
  CreateCategoryInput,
  CreateProductInput,
  CreateProviderInput,
  ProductDetail,
  ProductListItem,
  ProductListQuery,
  ProviderDetail,
  ProviderListItem,
  ProviderListQuery,
  UpdateCategoryInput,
  UpdateProductInput,
  UpdateProviderInput,
} from '../../../shared/schemas/catalog'
import type { Translate } from '../../../shared/schemas/errors'
import type { ListAnswer } from '../../../shared/schemas/pagination'
import type { Db } from '../../db/client'
import { containsTerm } from '../../db/conditions'
import { ApiError, notFound, validationError } from '../../lib/errors'
import { activityLines, changedFields, logActivity } from '../../platform/activity-log'
import type { Deps } from '../../platform/deps'

type Actor = { id: string; ability: AppAbility }
type Kind = 'provider' | 'product' | 'product_category'

/**
 * Keeping the catalog (docs/decisions/027): providers, products and product categories are created, edited and
 * archived here and nowhere else. Every change is one transaction with its activity-log line and a
 * `catalog.changed` event; an edit based on an older version than the row's is a 409 with the current row; a
 * name taken is a field error; nothing a sale refers to is ever deleted. Devices receive the change with their
 * next pull (the catalog's reference stamp moves with `updated_at`).
 */
export function catalogAdmin({ database, events }: Pick<Deps, 'database' | 'events'>) {
  const { db, t } = database

  async function changed(tx: Db, actor: Actor, kind: Kind, id: string, action: string, before: object | null, after: object | null, now: number) {
    await logActivity(tx, t, {
      at: now,
      actorId: actor.id,
      entity: kind,
      entityId: id,
      action,
      before: before as Record<string, unknown> | null,
      after: after as Record<string, unknown> | null,
    })
    await events.record(tx, 'catalog.changed', { entity: kind, id, action }, { actorId: actor.id, at: now })
  }

  function conflict(current: unknown): never {
    throw new ApiError(409, 'version_conflict', { details: { current } })
  }

  const productCounts = db
    .select({ providerId: t.products.providerId, n: count().as('n') })
    .from(t.products)
    .where(eq(t.products.active, true))
    .groupBy(t.products.providerId)
    .as('pc')

  function providerItem(r: typeof t.providers.$inferSelect, productCount: number): ProviderListItem {
    return {
      id: r.id,
      name: r.name,
      type: r.type as ProviderType,
      requireExternalOrderNumber: r.requireExternalOrderNumber,
      active: r.active,
      productCount,
      version: r.version,
    }
  }

  async function providerRow(tx: Db, id: string) {
    const [row] = await tx.select().from(t.providers).where(eq(t.providers.id, id))
    return row
  }

  async function nameTaken(tx: Db, table: typeof t.providers | typeof t.productCategories, name: string, except?: string) {
    const [row] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(sql`lower(${table.name}) = ${name.toLowerCase()}`, except ? ne(table.id, except) : undefined))
    return !!row
  }

  function productColumns() {
    return {
      id: t.products.id,
      name: t.products.name,
      providerId: t.products.providerId,
      providerName: t.providers.name,
      categoryId: t.products.categoryId,
      categoryName: t.productCategories.name,
      priceOre: t.products.priceOre,
      sellerCommissionOre: t.products.sellerCommissionOre,
      companyCommissionOre: t.products.companyCommissionOre,
      companyCostOre: t.products.companyCostOre,
      gamePoints: t.products.gamePoints,
      active: t.products.active,
      version: t.products.version,
      createdAt: t.products.createdAt,
      updatedAt: t.products.updatedAt,
    }
  }
  type ProductRow = Required<ProductListItem> & { createdAt: number; updatedAt: number }

  function productItem(r: ProductRow, ability: AppAbility): ProductListItem {
    const item: ProductListItem = {
      id: r.id,
      name: r.name,
      providerId: r.providerId,
      providerName: r.providerName,
      categoryId: r.categoryId,
      categoryName: r.categoryName,
      priceOre: r.priceOre,
      sellerCommissionOre: r.sellerCommissionOre,
      gamePoints: r.gamePoints,
      active: r.active,
      version: r.version,
    }
    if (seesCompanyFigures(ability)) {
      item.companyCommissionOre = r.companyCommissionOre
      item.companyCostOre = r.companyCostOre
    }
    return item
  }

  function productQuery(tx: Db) {
    return tx
      .select(productColumns())
      .from(t.products)
      .innerJoin(t.providers, eq(t.providers.id, t.products.providerId))
      .leftJoin(t.productCategories, eq(t.productCategories.id, t.products.categoryId))
  }

  async function productRow(tx: Db, id: string) {
    const [row] = await productQuery(tx).where(eq(t.products.id, id))
    return row as ProductRow | undefined
  }

  async function categoryExists(tx: Db, id: string | null | undefined, translate: Translate) {
    if (!id) return
    const [row] = await tx.select({ active: t.productCategories.active }).from(t.productCategories).where(eq(t.productCategories.id, id))
    if (!row || !row.active) throw validationError({ categoryId: [translate('catalog.errors.categoryMissing')] })
  }

  /** A log line's category ids as the categories' names too, so the log reads after a category is renamed or archived. */
  async function withCategoryNames(tx: Db, diff: { before: Record<string, unknown>; after: Record<string, unknown> }) {
    if (!('categoryId' in diff.after)) return diff
    const ids = [diff.before.categoryId, diff.after.categoryId].filter((x): x is string => typeof x === 'string')
    const rows = ids.length
      ? await tx.select({ id: t.productCategories.id, name: t.productCategories.name }).from(t.productCategories).where(inArray(t.productCategories.id, ids))
      : []
    const name = (id: unknown) => rows.find((r) => r.id === id)?.name ?? null
    return { before: { ...diff.before, category: name(diff.before.categoryId) }, after: { ...diff.after, category: name(diff.after.categoryId) } }
  }

  async function productNameTaken(tx: Db, providerId: string, name: string, except?: string) {
    const [row] = await tx
      .select({ id: t.products.id })
      .from(t.products)
      .where(and(eq(t.products.providerId, providerId), sql`lower(${t.products.name}) = ${name.toLowerCase()}`, except ? ne(t.products.id, except) : undefined))
    return !!row
  }

  async function copyInto(tx: Db, actor: Actor, targetId: string, fromId: string, translate: Translate, now: number, field: string) {
    const source = await providerRow(tx, fromId)
    if (!source) throw validationError({ [field]: [translate('catalog.errors.providerMissing')] })
    // One after the other: a PostgreSQL transaction is one connection.
    const from = await tx.select().from(t.products).where(eq(t.products.providerId, fromId)).orderBy(asc(t.products.name))
    const existing = await tx.select({ name: t.products.name }).from(t.products).where(eq(t.products.providerId, targetId))
    const copies = productsToCopy(from, existing)
    for (const p of copies) {
      const id = crypto.randomUUID()
      const row = {
        id,
        providerId: targetId,
        name: p.name,
        categoryId: p.categoryId,
        priceOre: p.priceOre,
        sellerCommissionOre: p.sellerCommissionOre,
        companyCommissionOre: p.companyCommissionOre,
        companyCostOre: p.companyCostOre,
        gamePoints: p.gamePoints,
        active: true,
        version: 1,
        createdAt: now,
        updatedAt: now,
      }
      await tx.insert(t.products).values(row)
      const { createdAt: _c, updatedAt: _u, version: _v, ...logged } = row
      await changed(tx, actor, 'product', id, 'created', null, { ...logged, copiedFrom: p.id }, now)
    }
    if (copies.length > 0) await tx.update(t.providers).set({ copyAllProducts: true, updatedAt: now }).where(eq(t.providers.id, targetId))
    return { copied: copies.length, source: source.name }
  }

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
export type CatalogAdmin = ReturnType<typeof catalogAdmin>
