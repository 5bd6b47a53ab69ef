import { and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { maskPersonalNumber } from '../../../shared/rules/identity'
import type { DoubleSaleListItem, DoubleSaleListQuery } from '../../../shared/schemas/double-sales'
import { LIST_COUNT_CAP, type ListAnswer } from '../../../shared/schemas/pagination'
import type { Translate } from '../../../shared/schemas/errors'
import { accessFilter, withAccess } from '../../db/conditions'
import { keysetPage, keysetQuery, cursorOf, pageOffset } from '../../db/keyset'
import { literalLimit } from '../../db/prepared'
import { cappedCount } from '../../db/list-page'
import type { DoubleSalesContext } from './double-sales.context'

/** The list of pairs within the reader's rules, with its filters and counts. */
export function doubleSaleList(ctx: DoubleSalesContext) {
  const { database, conditionColumns, settings, d, read, t } = ctx

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
    const cursor = cursorOf(q, sortColumns.length, translate)
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
        { ...values, ...page.values, offset: pageOffset(q, cursor) },
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
  return {
    list,
  }
}
