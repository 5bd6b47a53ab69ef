import { eq, inArray, lte, sql } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { maskPersonalNumber } from '../../../shared/rules/identity'
import type { DoubleSaleListItem, DoubleSaleListQuery } from '../../../shared/schemas/double-sales'
import type { ListAnswer } from '../../../shared/schemas/pagination'
import type { Translate } from '../../../shared/schemas/errors'
import { accessFilter, withAccess } from '../../db/conditions'
import { keysetList, onPage, listFilter } from '../../db/keyset-list'
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
    const { values, shape, conditions, add } = listFilter(filter)
    add('window', doubleWindowDays, lte(d.daysApart, p('window')))
    const state = q.state ?? 'open'
    add('pending', state === 'open' ? 1 : 0, eq(d.pending, p('pending')))
    if (state !== 'open') add('state', state, eq(d.state, p('state')))
    if (q.providerId) add('provider', q.providerId, eq(d.providerId, p('provider')))
    if (q.teamId) add('team', q.teamId, eq(d.teamId, p('team')))
    if (q.officeId) add('office', q.officeId, eq(d.officeId, p('office')))
    if (q.sellerId) add('seller', q.sellerId, eq(d.sellerId, p('seller')))
    // Newest found first unless asked otherwise.
    const direction = q.sortBy ? q.orderBy : 'desc'
    const where = withAccess(filter, ...conditions)
    return keysetList(
      read,
      { name: 'doubles', q, translate, shape: shape.join('|'), sortKey: 'detectedAt', direction, columns: [d.detectedAt, d.id], values },
      {
        page: (page) => onPage(db.select().from(d), where, page),
        count: () => cappedCount(db, d, where),
        items: (rows) => pairsOf(rows),
        keyOf: (r) => [r.detectedAt, r.id],
      },
    )
  }

  /** Both sales of each pair on the page, with their sellers and providers: at most twice a page of rows. */
  async function pairsOf(rows: Array<typeof d.$inferSelect>): Promise<DoubleSaleListItem[]> {
    const { db } = database
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
    return items
  }
  return {
    list,
  }
}
