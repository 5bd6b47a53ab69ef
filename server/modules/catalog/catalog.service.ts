import { asc, count, eq, inArray, max, sql } from 'drizzle-orm'
import type { CatalogProduct, CatalogProvider } from '../../../shared/rules/sale'
import type { PatchOp } from '../../../shared/schemas/sync'
import type { Database, Db } from '../../db/client'
import { preparedWrites } from '../../db/prepared'
import type { ReferenceSource } from '../../lib/sync-contract'

/**
 * The catalog area: providers and their products. Other areas read it through here (a sale's checks and
 * amounts), never by querying its tables; devices receive it whole as reference data.
 */
export function catalogService(database: Database) {
  const { t } = database
  const read = preparedWrites(database)

  async function forSaleNow(tx: Db, providerId: string, productIds: string[]) {
    const [provider] = await read.rows(
      tx,
      'catalog.provider',
      (db) =>
        db
          .select({ id: t.providers.id, active: t.providers.active, requireExternalOrderNumber: t.providers.requireExternalOrderNumber })
          .from(t.providers)
          .where(eq(t.providers.id, sql.placeholder('id'))),
      { id: providerId },
    )
    const rows =
      productIds.length > 0
        ? await read.rows(
            tx,
            `catalog.products.${productIds.length}`,
            (db) =>
              db
                .select()
                .from(t.products)
                .where(
                  inArray(
                    t.products.id,
                    productIds.map((_, i) => sql.placeholder(`p${i}`)),
                  ),
                ),
            Object.fromEntries(productIds.map((id, i) => [`p${i}`, id])),
          )
        : []
    return {
      provider: provider as CatalogProvider | undefined,
      productsById: new Map<string, CatalogProduct & { name: string }>(rows.map((p) => [p.id, p])),
    }
  }

  return {
    /**
     * A sale's provider and the products it names, as the sale rules need them (shared/rules/sale.ts). Asked for
     * every sale a device pushes: both reads are prepared once (per number of products).
     */
    forSale(tx: Db, providerId: string, productIds: string[]) {
      // Read once per transaction (a push's sales, a batch's events) for the same products; nothing that runs in one changes the catalog.
      return database.reuse(`catalog.forSale:${providerId}:${productIds.join(',')}`, () => forSaleNow(tx, providerId, productIds))
    },

    /** A provider as other areas need it (the orders area: does it require order numbers?). */
    async provider(db: Db, id: string) {
      const [row] = await db
        .select({ id: t.providers.id, name: t.providers.name, requireExternalOrderNumber: t.providers.requireExternalOrderNumber })
        .from(t.providers)
        .where(eq(t.providers.id, id))
      return row
    },

    /** Providers' names by id. */
    async providerNames(db: Db, ids: string[]) {
      if (ids.length === 0) return new Map<string, string>()
      const rows = await db.select({ id: t.providers.id, name: t.providers.name }).from(t.providers).where(inArray(t.providers.id, ids))
      return new Map(rows.map((r) => [r.id, r.name]))
    },

    /** Products' names by id. */
    async productNames(db: Db, ids: string[]) {
      if (ids.length === 0) return new Map<string, string>()
      const rows = await db.select({ id: t.products.id, name: t.products.name }).from(t.products).where(inArray(t.products.id, ids))
      return new Map(rows.map((r) => [r.id, r.name]))
    },

    /** Products' game points by id (the sales game fixes a sale's points from them, docs/decisions/052). */
    async gamePoints(db: Db, ids: string[]) {
      if (ids.length === 0) return new Map<string, number>()
      // Once per transaction for the same products (a batch of sale events).
      return database.reuse(`catalog.gamePoints:${ids.join(',')}`, async () => {
        const rows = await db.select({ id: t.products.id, points: t.products.gamePoints }).from(t.products).where(inArray(t.products.id, ids))
        return new Map(rows.map((r) => [r.id, r.points]))
      })
    },

    /** Every product, active or not, by name (the BI assistant recognises them in a question). */
    async productList(db: Db) {
      return db.select({ id: t.products.id, name: t.products.name }).from(t.products).orderBy(asc(t.products.name))
    },

    /** Every provider, active or not, by name (the org area's coach groups work for providers). */
    async providerList(db: Db) {
      return db.select({ id: t.providers.id, name: t.providers.name, active: t.providers.active }).from(t.providers).orderBy(asc(t.providers.name))
    },

    /** Every device holds the active catalog whole; inactive rows travel as deletions. */
    pullSource: {
      async stamp(tx) {
        const [[prov], [prod]] = await Promise.all([
          tx.select({ n: count(), at: max(t.providers.updatedAt) }).from(t.providers),
          tx.select({ n: count(), at: max(t.products.updatedAt) }).from(t.products),
        ])
        return `${prov?.n ?? 0}-${prov?.at ?? 0}/${prod?.n ?? 0}-${prod?.at ?? 0}`
      },
      async ops(tx) {
        const patch: PatchOp[] = []
        const providers = await tx.select().from(t.providers)
        const activeProviders = new Set(providers.filter((p) => p.active).map((p) => p.id))
        for (const p of providers) {
          if (p.active) {
            patch.push({
              op: 'put',
              table: 'providers',
              key: p.id,
              value: { id: p.id, name: p.name, type: p.type, requireExternalOrderNumber: p.requireExternalOrderNumber, active: p.active },
            })
          } else patch.push({ op: 'del', table: 'providers', key: p.id })
        }
        for (const p of await tx.select().from(t.products)) {
          if (p.active && activeProviders.has(p.providerId)) {
            const { createdAt: _c, updatedAt: _u, ...value } = p
            patch.push({ op: 'put', table: 'products', key: p.id, value })
          } else patch.push({ op: 'del', table: 'products', key: p.id })
        }
        return patch
      },
    } satisfies ReferenceSource,
  }
}
export type CatalogService = ReturnType<typeof catalogService>
