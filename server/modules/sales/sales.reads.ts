import { asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { maskPersonalNumber } from '../../../shared/rules/identity'
import { seesCompanyFigures } from '../../../shared/permissions/fields'
import {
  saleReportListQuerySchema,
  type SaleReportDetail,
  type SaleReportListItem,
  type SaleReportListQuery,
  type SaleReportSummary,
} from '../../../shared/schemas/sale-reports'
import type { SearchHit } from '../../../shared/schemas/search'
import type { Translate } from '../../../shared/schemas/errors'
import { businessMonth } from '../../../shared/rules/work'
import { activityLines, logActivity } from '../../platform/activity-log'
import { fileSummary } from '../../platform/files'
import type { Schema } from '../../db/client'
import { accessFilter, listSearch, orderedByValue, unindexed, withAccess, type SearchGroup } from '../../db/conditions'
import { keysetList, onPage } from '../../db/keyset-list'
import type { ListAnswer } from '../../../shared/schemas/pagination'
import { maskSsn } from './deviations'
import { shiftDay } from '../../../shared/rules/double-sales'
import { cappedCount } from '../../db/list-page'
import { customerContact, type SaleActor, type SalesContext } from './sales.context'
import type { SalesLifecycle } from './sales.lifecycle'

/** Back office's list of sale reports (and the global search's), within the reader's rules. */
export function saleReportList(ctx: SalesContext) {
  const { database, t, read, conditionColumns } = ctx

  /**
   * The sale reports this user may see (their rules' conditions in the WHERE clause), filtered, sorted and a page
   * at a time. The free text searches the customer's name, the company and the order number, and the identity
   * number only for those who may see customers, through the trigram index. Long lists page by key (a cursor from
   * the previous answer) and count up to LIST_COUNT_CAP: every filter and sort has an index in the list's order
   * (server/db/schema/sales.ts), so a page reads about a page of rows at any depth (docs/benchmarks.md).
   */
  async function list(
    ability: AppAbility,
    q: SaleReportListQuery,
    translate: Translate,
    /** whose reports: back office's (`sale_reports`), or a seller's own sales (`sales`, the global search) */
    subject: 'sale_reports' | 'sales' = 'sale_reports',
  ): Promise<ListAnswer<SaleReportListItem>> {
    const { db } = database
    const filter = accessFilter(ability, 'view', subject, conditionColumns)
    const s = t.sales
    const p = (name: string) => sql.placeholder(name)
    // Every value is a placeholder and the key names which filters are present, so one prepared statement
    // serves every request of the same shape (server/db/prepared.ts).
    const values: Record<string, unknown> = { ...filter.params }
    const shape: string[] = [filter.shape]
    const conditions: Array<SQL | undefined> = []
    // The count's conditions: the same, but for the dates with a text search (below).
    const countConditions: Array<SQL | undefined> = []
    const add = (name: string, value: unknown, condition: SQL, forCount: SQL = condition) => {
      values[name] = value
      shape.push(name)
      conditions.push(condition)
      countConditions.push(forCount)
    }
    if (q.status?.length) {
      q.status.forEach((v, i) => (values[`st${i}`] = v))
      shape.push(`status${q.status.length}`)
      const byStatus = inArray(
        s.status,
        q.status.map((_, i) => p(`st${i}`)),
      )
      conditions.push(byStatus)
      countConditions.push(byStatus)
    }
    if (q.providerId) add('provider', q.providerId, eq(s.providerId, p('provider')))
    if (q.teamId) add('team', q.teamId, eq(s.teamId, p('team')))
    if (q.officeId) add('office', q.officeId, eq(s.officeId, p('office')))
    if (q.sellerId) add('seller', q.sellerId, eq(s.sellerId, p('seller')))
    // With a text search the count checks the dates on the rows the trigram index found (fewer than a month's sales
    // for any name), instead of walking the period's rows probing the matches (docs/benchmarks.md).
    // The page still walks the date index in its order, so an old period is a range of it, not a walk from today.
    const countDate = q.q ? unindexed(database.dialect, s.sellDate) : sql`${s.sellDate}`
    if (q.from) add('from', q.from, gte(s.sellDate, p('from')), sql`${countDate} >= ${p('from')}`)
    if (q.to) add('to', q.to, lte(s.sellDate, p('to')), sql`${countDate} <= ${p('to')}`)
    if (q.productId) {
      // IN rather than EXISTS: the planner may start from the product's lines when the product is rare.
      add(
        'product',
        q.productId,
        inArray(
          s.id,
          db
            .select({ id: t.saleLines.saleId })
            .from(t.saleLines)
            .where(eq(t.saleLines.productId, p('product'))),
        ),
      )
    }
    if (q.q) {
      const groups: SearchGroup[] = [{ columns: [s.customerName, s.companyName, s.externalOrderNumber], term: q.q }]
      // Only those who may read identity numbers find a sale by one (docs/decisions/058).
      const ssn = ability.can('view', 'identity_numbers') ? ssnSearchTerm(q.q) : null
      if (ssn) groups.push({ columns: [s.customerSsn], term: ssn })
      const table = { rowid: sql`${s}.rowid`, index: 'sales_search' }
      const search = await listSearch(database, table, groups, 'text')
      Object.assign(values, search.values)
      shape.push(search.shape)
      countConditions.push(search.count)
      conditions.push(search.page)
    }
    const sortKey = q.sortBy && Object.hasOwn(SALE_SORT, q.sortBy) ? (q.sortBy as keyof typeof SALE_SORT) : 'soldAt'
    // Newest first unless the list asks otherwise.
    const direction = q.sortBy ? q.orderBy : 'desc'
    const sortColumns = SALE_SORT[sortKey](t)
    // A product's sales are found through their lines: on PostgreSQL the order is given so that the planner starts
    // from those (orderedByValue), instead of walking every report probing its lines (docs/benchmarks.md).
    const orderColumns = q.productId ? sortColumns.map((c) => orderedByValue(database.dialect, c)) : sortColumns
    const where = withAccess(filter, ...conditions)
    const countWhere = withAccess(filter, ...countConditions)
    return keysetList(
      read,
      { name: 'saleReports', q, translate, shape: shape.join('|'), sortKey, direction, columns: orderColumns, values },
      {
        page: (page) => {
          // The page's ids first, from sales alone in the list's order (a range of one index, at any depth), then
          // the names for those rows only. Joined in one query, the planners may start from the fifty providers and
          // sort a million rows; a subquery with a LIMIT is not merged into the join by either database.
          const pageIds = onPage(db.select({ id: s.id }).from(s), where, page).as('page_ids')
          return db
            .select({
              id: s.id,
              status: s.status,
              version: s.version,
              deviationType: s.deviationType,
              soldAt: s.soldAt,
              sellDate: s.sellDate,
              customerName: s.customerName,
              companyName: s.companyName,
              sellerFirst: t.users.firstName,
              sellerLast: t.users.lastName,
              teamName: t.teams.name,
              providerName: t.providers.name,
              orderValueOre: s.orderValueOre,
              externalOrderNumber: s.externalOrderNumber,
            })
            .from(pageIds)
            .innerJoin(s, eq(s.id, pageIds.id))
            .innerJoin(t.users, eq(t.users.id, s.sellerId))
            .innerJoin(t.providers, eq(t.providers.id, s.providerId))
            .leftJoin(t.teams, eq(t.teams.id, s.teamId))
            .orderBy(...page.orderBy)
        },
        count: () => cappedCount(db, s, countWhere),
        items: (rows) => rows.map(({ sellerFirst, sellerLast, ...r }) => ({ ...r, sellerName: `${sellerFirst} ${sellerLast}` })),
        keyOf: SALE_SORT_KEY[sortKey],
      },
    )
  }

  return { list }
}

/** Back office's other reads of sale reports: the global search, the dashboard's counts, a report opened, its identity number. */
export function saleReportReads(ctx: SalesContext, { list }: ReturnType<typeof saleReportList>) {
  const { database, t, ports, read, conditionColumns } = ctx
  return {
    list,
    /**
     * The global search's sale reports (docs/decisions/061): as the list's search finds them (customer, company,
     * order number; an identity number only for those who may read them), newest first, within the reader's rules.
     */
    async search(ability: AppAbility, q: string, limit: number, translate: Translate): Promise<{ hits: SearchHit[]; more: boolean }> {
      const answer = await list(ability, saleReportListQuerySchema.parse({ q, itemsPerPage: limit }), translate)
      return {
        hits: answer.items.map((r) => ({
          kind: 'saleReport' as const,
          id: r.id,
          title: r.companyName ? `${r.companyName} (${r.customerName})` : r.customerName,
          details: [r.providerName, r.sellerName, r.externalOrderNumber].filter((x): x is string => !!x),
          date: r.sellDate,
          status: r.status,
        })),
        more: answer.total > answer.items.length,
      }
    },

    /**
     * A seller's own sales in the global search (issue 70): by customer, company or order number, as their sales
     * list finds them, within their own rules (`view sales`), newest first. Titled by the customer: a seller looks
     * for "Berg", not for a report.
     */
    async searchOwn(ability: AppAbility, q: string, limit: number, translate: Translate): Promise<{ hits: SearchHit[]; more: boolean }> {
      const answer = await list(ability, saleReportListQuerySchema.parse({ q, itemsPerPage: limit }), translate, 'sales')
      return {
        hits: answer.items.map((r) => ({
          kind: 'sale' as const,
          id: r.id,
          title: r.companyName ? `${r.companyName} (${r.customerName})` : r.customerName,
          details: [r.providerName, r.externalOrderNumber].filter((x): x is string => !!x),
          date: r.sellDate,
          status: r.status,
        })),
        more: answer.total > answer.items.length,
      }
    },

    /**
     * The sale-report dashboard (spec section 2): reports of the period and how many are absence, reports this
     * month, and e-sign quotes signed of sent — the reports within the user's rules, each count from an index.
     */
    async summary(ability: AppAbility, q: { from?: string; to?: string }, now: number): Promise<SaleReportSummary> {
      const { db } = database
      const month = businessMonth(now)
      const monthStart = `${month}-01`
      const monthEnd = shiftDay(`${businessMonth(shiftDay(monthStart, 31))}-01`, -1)
      const from = q.from ?? monthStart
      const to = q.to ?? monthEnd
      const filter = accessFilter(ability, 'view', 'sale_reports', conditionColumns)
      const s = t.sales
      const p = (name: string) => sql.placeholder(name)
      // The rules' conditions are placeholders (server/db/conditions.ts): each count is a statement prepared per shape.
      const values = { ...filter.params, from, to, monthStart, monthEnd, absence: 'absence' }
      const countOf = async (name: string, conditions: () => SQL[]) => {
        const [row] = await read(
          `saleReports.summary.${name}|${filter.shape}`,
          () =>
            db
              .select({ n: count() })
              .from(s)
              .where(withAccess(filter, ...conditions())),
          values,
        )
        return row?.n ?? 0
      }
      const [reports, absence, thisMonth, esign] = await Promise.all([
        countOf('period', () => [gte(s.sellDate, p('from')), lte(s.sellDate, p('to'))]),
        countOf('absence', () => [eq(s.status, p('absence')), gte(s.sellDate, p('from')), lte(s.sellDate, p('to'))]),
        countOf('month', () => [gte(s.sellDate, p('monthStart')), lte(s.sellDate, p('monthEnd'))]),
        ports.esignCounts(db, from, to),
      ])
      return { from, to, reports, absence, thisMonth, esignTotal: esign.total, esignSigned: esign.signed }
    },
  }
}

/** A sale report opened by back office, and its identity number read (and logged). */
export function saleReportDetail(ctx: SalesContext, { mayView, nextFor }: Pick<SalesLifecycle, 'mayView' | 'nextFor'>) {
  const { database, t, files, ports } = ctx
  return {
    /**
     * The customer's full identity number (or organisation number) of a sale this reader may see, for one who may read
     * identity numbers (docs/decisions/058); each reading is logged on the sale. Null when there is no such sale.
     */
    async identity(actor: SaleActor, saleId: string, now = Date.now()): Promise<{ number: string | null } | null> {
      return database.transaction(async (tx) => {
        const [sale] = await tx.select().from(t.sales).where(eq(t.sales.id, saleId))
        if (!sale || !mayView(actor, sale)) return null
        await logActivity(tx, t, { at: now, actorId: actor.id, entity: 'sale_report', entityId: sale.id, action: 'identity_read' })
        return { number: sale.customerType === 'private' ? sale.customerSsn : sale.orgNumber }
      })
    },

    /**
     * A sale report as back office opens it, or null when there is none this user may see: names of the people and
     * places, lines, history with who moved it, the moves this user may make, and the customer's identity number
     * masked (docs/decisions/058).
     */
    async detail(actor: SaleActor, saleId: string): Promise<SaleReportDetail | null> {
      const { db } = database
      const [row] = await db
        .select({
          sale: t.sales,
          sellerFirst: t.users.firstName,
          sellerLast: t.users.lastName,
          teamName: t.teams.name,
          officeName: t.offices.name,
          providerName: t.providers.name,
        })
        .from(t.sales)
        .innerJoin(t.users, eq(t.users.id, t.sales.sellerId))
        .innerJoin(t.providers, eq(t.providers.id, t.sales.providerId))
        .leftJoin(t.teams, eq(t.teams.id, t.sales.teamId))
        .leftJoin(t.offices, eq(t.offices.id, t.sales.officeId))
        .where(eq(t.sales.id, saleId))
      if (!row || !mayView(actor, row.sale)) return null
      const s = row.sale
      const [lines, history, [file], deviationRows, orderRegistration, activity] = await Promise.all([
        db.select().from(t.saleLines).where(eq(t.saleLines.saleId, saleId)).orderBy(asc(t.saleLines.position)),
        db
          .select({
            status: t.saleStatusHistory.status,
            note: t.saleStatusHistory.note,
            at: t.saleStatusHistory.at,
            byId: t.saleStatusHistory.byUserId,
            first: t.users.firstName,
            last: t.users.lastName,
          })
          .from(t.saleStatusHistory)
          .leftJoin(t.users, eq(t.users.id, t.saleStatusHistory.byUserId))
          .where(eq(t.saleStatusHistory.saleId, saleId))
          .orderBy(asc(t.saleStatusHistory.at), asc(t.saleStatusHistory.id)),
        files.describeMany(db, s.checklistFileId ? [s.checklistFileId] : []),
        db
          .select({ id: t.saleDeviations.id, type: t.saleDeviations.type, state: t.saleDeviations.state, openedAt: t.saleDeviations.openedAt })
          .from(t.saleDeviations)
          .where(eq(t.saleDeviations.saleId, saleId))
          .orderBy(desc(t.saleDeviations.openedAt)),
        actor.ability.can('view', 'order_registrations') ? ports.orderOfSale(db, s.id) : null,
        activityLines(database, 'sale_report', s.id),
      ])
      const detail: SaleReportDetail = {
        id: s.id,
        status: s.status,
        version: s.version,
        allowedNext: nextFor(actor, s),
        deviationType: s.deviationType,
        deviationReason: s.deviationReason,
        seller: { id: s.sellerId, name: `${row.sellerFirst} ${row.sellerLast}` },
        team: s.teamId && row.teamName ? { id: s.teamId, name: row.teamName } : null,
        office: s.officeId && row.officeName ? { id: s.officeId, name: row.officeName } : null,
        provider: { id: s.providerId, name: row.providerName },
        customer: {
          type: s.customerType,
          name: s.customerName,
          // Masked for every reader (docs/decisions/058): the full number is asked for with `identity`, and logged.
          ssn: s.customerSsn ? maskPersonalNumber(s.customerSsn) : null,
          ...customerContact(s),
        },
        position: s.lat !== null && s.lng !== null ? { lat: s.lat, lng: s.lng, accuracy: s.accuracy } : null,
        message: s.message,
        externalOrderNumber: s.externalOrderNumber,
        soldAt: s.soldAt,
        sellDate: s.sellDate,
        orderValueOre: s.orderValueOre,
        sellerCommissionOre: s.sellerCommissionOre,
        ...(seesCompanyFigures(actor.ability) ? { companyCommissionOre: s.companyCommissionOre, companyCostOre: s.companyCostOre } : {}),
        lines: lines.map((l) => ({
          productId: l.productId,
          productName: l.productName,
          quantity: l.quantity,
          priceOre: l.priceOre,
          sellerCommissionOre: l.sellerCommissionOre,
        })),
        checklistFile: file ? fileSummary(file) : null,
        deviations: deviationRows,
        statusHistory: history.map((h) => ({
          status: h.status,
          note: h.note,
          at: h.at,
          by: h.byId ? { id: h.byId, name: `${h.first ?? ''} ${h.last ?? ''}`.trim() } : null,
        })),
        orderRegistration,
        // A correction logs the identity number: masked for those who may not see customers' numbers.
        activity: activity.map((a) => ({ ...a, before: maskSsn(a.before), after: maskSsn(a.after) })),
        createdAt: s.createdAt,
        updatedAt: s.updatedAt,
      }
      return detail
    },
  }
}

/** Each sort's columns, ending with the id so the order is total; each has an index in this order. */
const SALE_SORT = {
  soldAt: (t: Schema) => [t.sales.sellDate, t.sales.soldAt, t.sales.id],
  orderValue: (t: Schema) => [t.sales.orderValueOre, t.sales.id],
  customer: (t: Schema) => [t.sales.customerName, t.sales.id],
  status: (t: Schema) => [t.sales.status, t.sales.sellDate, t.sales.soldAt, t.sales.id],
}
/** A list row's sort key for each sort, in the order of SALE_SORT's columns (for the cursors). */
const SALE_SORT_KEY: Record<keyof typeof SALE_SORT, (r: SaleReportListItem) => Array<string | number>> = {
  soldAt: (r) => [r.sellDate, r.soldAt, r.id],
  orderValue: (r) => [r.orderValueOre, r.id],
  customer: (r) => [r.customerName, r.id],
  status: (r) => [r.status, r.sellDate, r.soldAt, r.id],
}

/**
 * The identity-number part of a search: numbers are stored as twelve digits (YYYYMMDDNNNN), so a search typed with
 * a dash, a plus or spaces ("811218-9876") is searched by its digits, from six of them. Anything with other
 * characters is not an identity number.
 */
function ssnSearchTerm(q: string): string | null {
  if (!/^[\d\s+-]+$/.test(q)) return null
  const digits = q.replace(/\D/g, '')
  return digits.length >= 6 ? digits : null
}
