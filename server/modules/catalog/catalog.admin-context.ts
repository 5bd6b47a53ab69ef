import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { seesCompanyFigures } from '../../../shared/permissions/fields'
import { productsToCopy, type ProviderType } from '../../../shared/rules/catalog'
import type { ProductListItem, ProviderListItem } from '../../../shared/schemas/catalog'
import type { Translate } from '../../../shared/schemas/errors'
import type {} from '../../../shared/schemas/pagination'
import type { Db } from '../../db/client'
import { ApiError, validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { Deps } from '../../platform/deps'

export type Actor = { id: string; ability: AppAbility }
type Kind = 'provider' | 'product' | 'product_category'
export type ProductRow = Required<ProductListItem> & { createdAt: number; updatedAt: number }

/** A version conflict: the row as it is now, for the editor to show. */
function conflict(current: unknown): never {
  throw new ApiError(409, 'version_conflict', { details: { current } })
}

type ProviderRow = Awaited<ReturnType<ReturnType<typeof catalogAdminContext>['providerRow']>> & object

function providerItem(r: ProviderRow, productCount: number): ProviderListItem {
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

/** A product's columns as the catalog lists it, with its provider's and category's names. */
function productColumnsOf(t: Deps['database']['t']) {
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

/** What the catalog's parts share: the database, the change log and event, the conflict answer, and the providers' and products' rows and list items. */
export function catalogAdminContext({ database, events }: Pick<Deps, 'database' | 'events'>) {
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

  const productCounts = db
    .select({ providerId: t.products.providerId, n: count().as('n') })
    .from(t.products)
    .where(eq(t.products.active, true))
    .groupBy(t.products.providerId)
    .as('pc')

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

  const productColumns = () => productColumnsOf(t)

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
    database,
    db,
    t,
    changed,
    conflict,
    productCounts,
    providerItem,
    providerRow,
    nameTaken,
    productColumns,
    productItem,
    productQuery,
    productRow,
    categoryExists,
    withCategoryNames,
    productNameTaken,
    copyInto,
  }
}
export type CatalogAdminContext = ReturnType<typeof catalogAdminContext>
