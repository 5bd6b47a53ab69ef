import { subject } from '@casl/ability'
import { and, asc, desc, eq, exists, gte, inArray, lte, sql, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { DOUBLE_WINDOW_DEFAULT_DAYS, DOUBLE_WINDOW_MAX_DAYS, daysApart, shiftDay } from '../../../shared/rules/double-sales'
import { maskPersonalNumber } from '../../../shared/rules/identity'
import type {
  ConfirmDoubleSaleInput,
  DismissDoubleSaleInput,
  DoubleSaleListItem,
  DoubleSaleListQuery,
  SaleSettings,
} from '../../../shared/schemas/double-sales'
import { LIST_COUNT_CAP, type ListAnswer } from '../../../shared/schemas/pagination'
import type { Translate } from '../../../shared/schemas/errors'
import type { Database, Db, Schema } from '../../db/client'
import { accessFilter, withAccess } from '../../db/conditions'
import { decodeCursor, keysetPage, keysetQuery, type Cursor } from '../../db/keyset'
import { literalLimit, preparedReads, preparedWrites } from '../../db/prepared'
import { ApiError, notFound, validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import { cappedCount } from '../../db/list-page'

/**
 * Possible double sales (docs/decisions/025, 056). Found by the sales service when a sale arrives or is corrected
 * (`find`, in its transaction): the nearest earlier and the nearest later sale of the same customer, provider and
 * product within the longest window each make a pair with it, once. Back office lists the open ones within the window it has set, confirms one
 * (the chosen sale becomes regret through the lifecycle, decision 022) or dismisses the pair.
 */

type SaleRow = Schema['sales']['$inferSelect']
const SETTINGS_ID = 'global'

export function doubleSales(database: Database) {
  const { t } = database
  const d = t.saleDoubles
  const read = preparedReads(database)
  const write = preparedWrites(database)
  /** The fields rule conditions on `sale_reports` may use: the later sale's. */
  const conditionColumns = { sellerId: d.sellerId, teamId: d.teamId, officeId: d.officeId }

  async function settings(db: Db): Promise<SaleSettings> {
    const [row] = await db.select().from(t.saleSettings).where(eq(t.saleSettings.id, SETTINGS_ID))
    return { doubleWindowDays: row?.doubleWindowDays ?? DOUBLE_WINDOW_DEFAULT_DAYS }
  }

  /** The pair of sales as stored: the later one first (by sell date, time and id). */
  const later = (a: SaleRow, b: SaleRow) => {
    const ka = [a.sellDate, a.soldAt, a.id] as const
    const kb = [b.sellDate, b.soldAt, b.id] as const
    return ka[0] !== kb[0] ? ka[0] > kb[0] : ka[1] !== kb[1] ? ka[1] > kb[1] : ka[2] > kb[2]
  }

  return {
    settings: () => settings(database.db),

    async updateSettings(tx: Db, actorId: string, input: SaleSettings, at: number): Promise<SaleSettings> {
      const before = await settings(tx)
      await tx
        .insert(t.saleSettings)
        .values({ id: SETTINGS_ID, doubleWindowDays: input.doubleWindowDays, updatedAt: at, updatedById: actorId })
        .onConflictDoUpdate({ target: t.saleSettings.id, set: { doubleWindowDays: input.doubleWindowDays, updatedAt: at, updatedById: actorId } })
      await logActivity(tx, t, { at, actorId, entity: 'sale_settings', entityId: SETTINGS_ID, action: 'updated', before, after: { ...input } })
      return input
    },

    /**
     * The pairs `sale` makes with its neighbours: the nearest earlier and the nearest later sale of its customer and
     * provider sharing one of its products, within the longest window (decision 056). Each pair is stored once (a
     * second look, after a correction, adds only new ones). At most two reads of one index row each and two rows
     * written, however many sales the customer has: a housing association's thousandth order costs what its
     * first did, and its orders form a chain of pairs back office walks through.
     */
    async find(tx: Db, sale: SaleRow, productIds: readonly string[], at: number): Promise<number> {
      if (!sale.customerKey || productIds.length === 0) return 0
      const position = sql`(${t.sales.sellDate}, ${t.sales.soldAt}, ${t.sales.id})`
      const own = sql`(${sql.placeholder('sellDate')}, ${sql.placeholder('soldAt')}, ${sql.placeholder('id')})`
      const products = productIds.map((_, i) => sql.placeholder(`p${i}`))
      const values: Record<string, unknown> = {
        key: sale.customerKey,
        provider: sale.providerId,
        from: shiftDay(sale.sellDate, -DOUBLE_WINDOW_MAX_DAYS),
        to: shiftDay(sale.sellDate, DOUBLE_WINDOW_MAX_DAYS),
        sellDate: sale.sellDate,
        soldAt: sale.soldAt,
        id: sale.id,
        ...Object.fromEntries(productIds.map((id, i) => [`p${i}`, id])),
      }
      // Prepared once per side and number of products: it runs for every sale a device pushes.
      const nearest = async (side: 'earlier' | 'later') => {
        const earlier = side === 'earlier'
        const [row] = await write.rows(
          tx,
          `doubles.nearest.${side}.${productIds.length}`,
          (db) =>
            db
              .select()
              .from(t.sales)
              .where(
                and(
                  eq(t.sales.customerKey, sql.placeholder('key') as never),
                  eq(t.sales.providerId, sql.placeholder('provider') as never),
                  earlier ? gte(t.sales.sellDate, sql.placeholder('from') as never) : lte(t.sales.sellDate, sql.placeholder('to') as never),
                  // A row value comparison on the index's own columns: a walk from this sale outwards, one row at a time.
                  earlier ? sql`${position} < ${own}` : sql`${position} > ${own}`,
                  exists(
                    db
                      .select({ one: sql`1` })
                      .from(t.saleLines)
                      .where(and(eq(t.saleLines.saleId, t.sales.id), inArray(t.saleLines.productId, products as never[]))),
                  ),
                ),
              )
              .orderBy(
                ...(earlier ? [desc(t.sales.sellDate), desc(t.sales.soldAt), desc(t.sales.id)] : [asc(t.sales.sellDate), asc(t.sales.soldAt), asc(t.sales.id)]),
              )
              .limit(1),
          values,
        )
        return row as SaleRow | undefined
      }
      const neighbours = [await nearest('earlier'), await nearest('later')].filter((x): x is SaleRow => x !== undefined)
      if (neighbours.length === 0) return 0
      const pairs = neighbours.map((other) => {
        const [a, b] = later(sale, other) ? [sale, other] : [other, sale]
        return {
          id: crypto.randomUUID(),
          saleId: a.id,
          otherSaleId: b.id,
          customerKey: sale.customerKey!,
          providerId: a.providerId,
          sellerId: a.sellerId,
          teamId: a.teamId,
          officeId: a.officeId,
          daysApart: daysApart(a.sellDate, b.sellDate),
          detectedAt: at,
          state: 'open' as const,
          pending: 1,
        }
      })
      await tx
        .insert(d)
        .values(pairs)
        .onConflictDoNothing({ target: [d.saleId, d.otherSaleId] })
      return pairs.length
    },

    /**
     * Confirms a pair: the chosen sale (one of the two) becomes regret through `moveToRegret` (the lifecycle's
     * rules, version and 409s), unless it already is; the pair is closed with who, when and which. 404 for a pair
     * the user may not see, 409 `already_decided` for one that is no longer open, 400 for a sale not in the pair.
     */
    async confirm(
      tx: Db,
      actor: { id: string; ability: AppAbility },
      id: string,
      input: ConfirmDoubleSaleInput,
      ctx: { now: number; translate: Translate },
      moveToRegret: (saleId: string, version: number, reason: string) => Promise<void>,
    ) {
      const pair = await openPair(tx, actor, id, ctx.translate)
      if (input.regretSaleId !== pair.saleId && input.regretSaleId !== pair.otherSaleId) {
        throw validationError({ regretSaleId: [ctx.translate('validation.doubleSale.notInPair')] })
      }
      const [regretted] = await tx.select({ status: t.sales.status }).from(t.sales).where(eq(t.sales.id, input.regretSaleId))
      if (regretted?.status !== 'regret') await moveToRegret(input.regretSaleId, input.version, input.reason)
      await tx
        .update(d)
        .set({ state: 'confirmed', pending: 0, decidedAt: ctx.now, decidedById: actor.id, regretSaleId: input.regretSaleId, note: input.reason })
        .where(eq(d.id, id))
      await logActivity(tx, t, {
        at: ctx.now,
        actorId: actor.id,
        entity: 'double_sale',
        entityId: id,
        action: 'confirmed',
        before: { state: 'open' },
        after: { state: 'confirmed', regretSaleId: input.regretSaleId },
        reason: input.reason,
      })
    },

    /** Dismisses a pair: two sales, not one twice. Same refusals as confirming. */
    async dismiss(tx: Db, actor: { id: string; ability: AppAbility }, id: string, input: DismissDoubleSaleInput, ctx: { now: number; translate: Translate }) {
      await openPair(tx, actor, id, ctx.translate)
      const note = input.note ?? null
      await tx.update(d).set({ state: 'dismissed', pending: 0, decidedAt: ctx.now, decidedById: actor.id, note }).where(eq(d.id, id))
      await logActivity(tx, t, {
        at: ctx.now,
        actorId: actor.id,
        entity: 'double_sale',
        entityId: id,
        action: 'dismissed',
        before: { state: 'open' },
        after: { state: 'dismissed' },
        reason: note,
      })
    },

    list,
  }

  async function openPair(tx: Db, actor: { ability: AppAbility }, id: string, translate: Translate) {
    const [pair] = await tx.select().from(d).where(eq(d.id, id))
    // Seen by whoever sees the later sale's report (its seller, team and office are on the pair).
    const seen = pair && actor.ability.can('view', subject('sale_reports', { sellerId: pair.sellerId, teamId: pair.teamId, officeId: pair.officeId }) as never)
    if (!pair || !seen) throw notFound()
    if (pair.pending !== 1) {
      throw new ApiError(409, 'already_decided', { params: { state: translate(`doubleSales.states.${pair.state}`) }, details: { state: pair.state } })
    }
    return pair
  }

  /**
   * The pairs this user may see (their rules on sale reports, by the later sale), open ones unless another state is
   * named, within the window set, newest found first; each with both sales.
   */
  async function list(ability: AppAbility, q: DoubleSaleListQuery, translate: Translate): Promise<ListAnswer<DoubleSaleListItem>> {
    const { db } = database
    const filter = accessFilter(ability, 'view', 'sale_reports', conditionColumns)
    const p = (name: string) => sql.placeholder(name)
    const { doubleWindowDays } = await settings(db)
    const values: Record<string, unknown> = { ...filter.params, window: doubleWindowDays }
    const shape: string[] = [filter.shape]
    const conditions: Array<SQL | undefined> = [lte(d.daysApart, p('window') as never)]
    const add = (name: string, value: unknown, condition: SQL) => {
      values[name] = value
      shape.push(name)
      conditions.push(condition)
    }
    const state = q.state ?? 'open'
    add('pending', state === 'open' ? 1 : 0, eq(d.pending, p('pending') as never))
    if (state !== 'open') add('state', state, eq(d.state, p('state') as never))
    if (q.providerId) add('provider', q.providerId, eq(d.providerId, p('provider') as never))
    if (q.teamId) add('team', q.teamId, eq(d.teamId, p('team') as never))
    if (q.officeId) add('office', q.officeId, eq(d.officeId, p('office') as never))
    if (q.sellerId) add('seller', q.sellerId, eq(d.sellerId, p('seller') as never))
    // Newest found first unless asked otherwise.
    const direction = q.sortBy ? q.orderBy : 'desc'
    const sortColumns = [d.detectedAt, d.id]
    let cursor: Cursor | null = null
    if (q.cursor) {
      cursor = decodeCursor(q.cursor, sortColumns.length)
      if (!cursor) throw validationError({ cursor: [translate('validation.invalidFormat')] })
    }
    const page = keysetQuery(sortColumns, direction, cursor)
    const where = withAccess(filter, ...conditions)
    const key = shape.join('|')
    const [rows, [counted]] = await Promise.all([
      read(
        `doubles.rows|${key}|${direction}|${page.shape}|${q.itemsPerPage}`,
        () =>
          db
            .select()
            .from(d)
            .where(and(where, page.condition))
            .orderBy(...page.orderBy)
            .limit(literalLimit(q.itemsPerPage + 1))
            .offset(p('offset') as never),
        { ...values, ...page.values, offset: cursor ? 0 : (q.page - 1) * q.itemsPerPage },
      ),
      read(`doubles.count|${key}`, () => cappedCount(db, d, where), values),
    ])
    // Both sales of each pair on the page, with their sellers and providers: at most twice a page of rows.
    const saleIds = [...new Set(rows.flatMap((r) => [r.saleId, r.otherSaleId]))]
    const sales = saleIds.length
      ? await db
          .select({
            id: t.sales.id,
            status: t.sales.status,
            version: t.sales.version,
            sellDate: t.sales.sellDate,
            soldAt: t.sales.soldAt,
            orderValueOre: t.sales.orderValueOre,
            customerName: t.sales.customerName,
            customerKey: t.sales.customerKey,
            providerName: t.providers.name,
            first: t.users.firstName,
            last: t.users.lastName,
          })
          .from(t.sales)
          .innerJoin(t.users, eq(t.users.id, t.sales.sellerId))
          .innerJoin(t.providers, eq(t.providers.id, t.sales.providerId))
          .where(inArray(t.sales.id, saleIds))
      : []
    const byId = new Map(sales.map((s) => [s.id, s]))
    const pairSale = (id: string) => {
      const s = byId.get(id)!
      return {
        id,
        status: s.status,
        version: s.version,
        sellDate: s.sellDate,
        soldAt: s.soldAt,
        sellerName: `${s.first} ${s.last}`,
        orderValueOre: s.orderValueOre,
      }
    }
    const items: DoubleSaleListItem[] = rows.map((r) => {
      const a = byId.get(r.saleId)!
      const number = r.customerKey.slice(1)
      return {
        id: r.id,
        state: r.state,
        daysApart: r.daysApart,
        detectedAt: r.detectedAt,
        customerName: a.customerName,
        // Masked for every reader; the full number of the later sale on request, logged (docs/decisions/058).
        customerNumber: r.customerKey.startsWith('p') ? maskPersonalNumber(number) : number,
        providerName: a.providerName,
        later: pairSale(r.saleId),
        earlier: pairSale(r.otherSaleId),
        decidedAt: r.decidedAt,
        regretSaleId: r.regretSaleId,
        note: r.note,
      }
    })
    const paged = keysetPage(items, q.itemsPerPage, cursor, q.page, (r) => [r.detectedAt, r.id])
    const n = counted?.n ?? 0
    return { ...paged, total: Math.min(n, LIST_COUNT_CAP), totalCapped: n > LIST_COUNT_CAP, page: q.page, itemsPerPage: q.itemsPerPage }
  }
}

export type DoubleSales = ReturnType<typeof doubleSales>
