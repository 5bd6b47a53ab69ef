import { subject } from '@casl/ability'
import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { SALE_STATUSES, type DeviationType, type SaleStatus } from '../../../shared/rules/sale'
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
import { allowedNext, CORRECTIONS, transitionProblem, uncorrectableFields, type Mover, type TransitionInput } from '../../../shared/rules/sale-lifecycle'
import type { Translate } from '../../../shared/schemas/errors'
import { checkoutBlocking } from '../../../shared/rules/checkout'
import { saleAmounts, saleCatalogViolations, type CatalogProduct, type CatalogProvider } from '../../../shared/rules/sale'
import { businessDay, businessMonth } from '../../../shared/rules/work'
import type { SaleCorrection, SaleData } from '../../../shared/schemas/sales'
import { MAX_CLOCK_SKEW_MS, Rejection, type MutatorContext } from '../../lib/sync-contract'
import { activityLines, logActivity, preparedActivityLog } from '../../platform/activity-log'
import { fileSummary } from '../../platform/files'
import type { Db, Schema } from '../../db/client'
import { accessFilter, denseTerm, orderedByValue, trigramContains, unindexed, withAccess, type SearchGroup } from '../../db/conditions'
import { decodeCursor, keysetPage, keysetQuery, type Cursor } from '../../db/keyset'
import { LIST_COUNT_CAP, type ListAnswer } from '../../../shared/schemas/pagination'
import { literalLimit, placeholderRows, placeholdersOf, preparedReads, preparedWrites } from '../../db/prepared'
import { nextChangeVersion } from '../../db/change-counter'
import { ApiError, forbidden, notFound, validationError } from '../../lib/errors'
import type { Deps } from '../../platform/deps'
import type { SaleCustomer } from '../../platform/event-types'
import { deviationReads, deviationWrites, maskSsn } from './deviations'
import { doubleSales } from './double-sales'
import { customerKeyOf, shiftDay } from '../../../shared/rules/double-sales'
import { MATCH_DATE_TOLERANCE_DAYS, type MatchableSale } from '../../../shared/rules/orders'
import type { ConfirmDoubleSaleInput } from '../../../shared/schemas/double-sales'
import { cappedCount } from '../../db/list-page'
import { saleSummary, saleAnalytics, summaryReads } from './sales.summary'

/** What the sales area asks other areas (wired in server/composition/areas.ts; no area imports another). */
export type SalesPorts = {
  /** the catalog area: the sale's provider and the products it names */
  catalogForSale(
    tx: Db,
    providerId: string,
    productIds: string[],
  ): Promise<{ provider: CatalogProvider | undefined; productsById: ReadonlyMap<string, CatalogProduct & { name: string }> }>
  /** the time-reports area: the seller's checkouts of a day */
  checkoutsOfDay(tx: Db, userId: string, date: string): Promise<Array<{ date: string; checkedOutAt: number }>>
  /** the orders area: quotes sent for e-signing with an order date in the period, and how many are signed */
  esignCounts(db: Db, from: string, to: string): Promise<{ total: number; signed: number }>
  /** the orders area: the order registration matched to a sale */
  orderOfSale(db: Db, saleId: string): Promise<SaleReportDetail['orderRegistration']>
}

/**
 * The sales area's one write path for sale reports: every way a sale report is created or changed (a device's
 * sync, later back office and imports) goes through here, so its rules, its activity-log line and its event are
 * written once. Writes run in the caller's transaction.
 */
export function salesService({ database, events, files }: Pick<Deps, 'database' | 'events' | 'files'>, ports: SalesPorts) {
  const { t } = database

  /** A move of a sale report: its history line (the reason the seller reads) and the `sale.statusChanged` event. */
  async function recordMove(
    tx: Db,
    sale: typeof t.sales.$inferSelect,
    move: { to: SaleStatus; deviationType: DeviationType | null; reason: string | null },
    byUserId: string | null,
    at: number,
  ) {
    await tx.insert(t.saleStatusHistory).values({ id: crypto.randomUUID(), saleId: sale.id, status: move.to, note: move.reason, byUserId, at })
    await events.record(
      tx,
      'sale.statusChanged',
      {
        saleId: sale.id,
        sellerId: sale.sellerId,
        teamId: sale.teamId,
        officeId: sale.officeId,
        providerId: sale.providerId,
        soldAt: sale.soldAt,
        sellerCommissionOre: sale.sellerCommissionOre,
        from: sale.status,
        ...move,
        byUserId,
      },
      { actorId: byUserId, at },
    )
  }

  /**
   * A move the lifecycle allows, written whole: the status and the deviation's fields with a new change-counter
   * value (so the seller's device pulls it), the log line, the history line and event, and the deviation records.
   * `actorId` null is the system (an order import). Refused with 409 when the sale changed since it was read.
   */
  async function applyMove(tx: Db, sale: typeof t.sales.$inferSelect, input: TransitionInput, actorId: string | null, byBackoffice: boolean, now: number) {
    const version = await nextChangeVersion(tx, t, sale.sellerId)
    const deviation = input.to === 'deviation'
    const changed = await tx
      .update(t.sales)
      .set({
        status: input.to,
        deviationType: deviation ? input.deviationType : null,
        deviationReason: deviation ? input.reason : null,
        version,
        updatedAt: now,
      })
      .where(and(eq(t.sales.id, sale.id), eq(t.sales.version, sale.version)))
      .returning({ id: t.sales.id })
    // Changed by another transaction after we read it (PostgreSQL's serializable isolation retries most of these).
    if (changed.length === 0) throw new ApiError(409, 'version_conflict', { details: { changes: [] } })
    const counted = await summary.entryOf(tx, sale)
    await summary.change(tx, counted, { ...counted, sale: { ...sale, status: input.to } })
    await logActivity(tx, t, {
      at: now,
      actorId,
      entity: 'sale_report',
      entityId: sale.id,
      action: 'status_changed',
      before: { status: sale.status, version: sale.version, deviationType: sale.deviationType },
      after: { status: input.to, version, deviationType: deviation ? input.deviationType : null },
      reason: input.reason,
    })
    await recordMove(tx, sale, { to: input.to, deviationType: deviation ? input.deviationType : null, reason: input.reason }, actorId, now)
    // Back office's move settles the deviation that was waiting (docs/decisions/024); a new one opens with it.
    if (byBackoffice) await deviations.resolve(tx, sale.id, input.to, actorId, now)
    if (deviation) await deviations.open(tx, sale, { type: input.deviationType!, reason: input.reason ?? '' }, actorId, now)
  }

  /** Back office and staff in scope see a report through `view sale_reports`; a seller sees their own. */
  const mayView = (actor: { id: string; ability: AppAbility }, sale: typeof t.sales.$inferSelect) =>
    sale.sellerId === actor.id || actor.ability.can('view', subject('sale_reports', { ...sale }) as never)

  /** As whom this user may move the report: back office (update sale_reports on it), the seller on their own. */
  const moversOf = (actor: { id: string; ability: AppAbility }, sale: typeof t.sales.$inferSelect) => {
    const movers = new Set<Mover>()
    if (actor.ability.can('update', subject('sale_reports', { ...sale }) as never)) movers.add('backoffice')
    if (sale.sellerId === actor.id && actor.ability.can('update', subject('sales', { ...sale }) as never)) movers.add('seller')
    return movers
  }

  const deviations = deviationWrites(t)
  const summary = saleSummary(database)
  const write = preparedWrites(database)
  const logSale = preparedActivityLog(database)
  const doubles = doubleSales(database)
  const read = preparedReads(database)
  /** The fields rule conditions on `sale_reports` may use. */
  const conditionColumns = { sellerId: t.sales.sellerId, teamId: t.sales.teamId, officeId: t.sales.officeId }

  /**
   * The sale reports this user may see (their rules' conditions in the WHERE clause), filtered, sorted and a page
   * at a time. The free text searches the customer's name, the company and the order number, and the identity
   * number only for those who may see customers, through the trigram index. Long lists page by key (a cursor from
   * the previous answer) and count up to LIST_COUNT_CAP: every filter and sort has an index in the list's order
   * (server/db/schema/sales.ts), so a page reads about a page of rows at any depth (docs/benchmarks.md).
   */
  async function list(ability: AppAbility, q: SaleReportListQuery, translate: Translate): Promise<ListAnswer<SaleReportListItem>> {
    const { db } = database
    const filter = accessFilter(ability, 'view', 'sale_reports', conditionColumns)
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
      const byStatus = inArray(s.status, q.status.map((_, i) => p(`st${i}`)) as never)
      conditions.push(byStatus)
      countConditions.push(byStatus)
    }
    if (q.providerId) add('provider', q.providerId, eq(s.providerId, p('provider') as never))
    if (q.teamId) add('team', q.teamId, eq(s.teamId, p('team') as never))
    if (q.officeId) add('office', q.officeId, eq(s.officeId, p('office') as never))
    if (q.sellerId) add('seller', q.sellerId, eq(s.sellerId, p('seller') as never))
    // With a text search the count checks the dates on the rows the trigram index found (fewer than a month's sales
    // for any name), instead of walking the period's rows probing the matches (docs/benchmarks.md).
    // The page still walks the date index in its order, so an old period is a range of it, not a walk from today.
    const countDate = q.q ? unindexed(database.dialect, s.sellDate) : sql`${s.sellDate}`
    if (q.from) add('from', q.from, gte(s.sellDate, p('from') as never), sql`${countDate} >= ${p('from')}`)
    if (q.to) add('to', q.to, lte(s.sellDate, p('to') as never), sql`${countDate} <= ${p('to')}`)
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
            .where(eq(t.saleLines.productId, p('product') as never)),
        ),
      )
    }
    if (q.q) {
      const groups: SearchGroup[] = [{ columns: [s.customerName, s.companyName, s.externalOrderNumber], term: q.q }]
      // Only those who may read identity numbers find a sale by one (docs/decisions/058).
      const ssn = ability.can('view', 'identity_numbers') ? ssnSearchTerm(q.q) : null
      if (ssn) groups.push({ columns: [s.customerSsn], term: ssn })
      const table = { rowid: sql`${s}.rowid`, index: 'sales_search' }
      const search = trigramContains(database.dialect, table, groups, 'text')
      Object.assign(values, search.values)
      countConditions.push(search.condition)
      if (await denseTerm(database, table.index, search, 'text')) {
        // A common term: the page walks the list's own index checking each row; the count stays on the index.
        const scan = trigramContains(database.dialect, table, groups, 'text', 'scan')
        Object.assign(values, scan.values)
        shape.push(`${search.shape}~dense`)
        conditions.push(scan.condition)
      } else {
        shape.push(search.shape)
        conditions.push(search.condition)
      }
    }
    const sortKey = q.sortBy && Object.hasOwn(SALE_SORT, q.sortBy) ? (q.sortBy as keyof typeof SALE_SORT) : 'soldAt'
    // Newest first unless the list asks otherwise.
    const direction = q.sortBy ? q.orderBy : 'desc'
    const sortColumns = SALE_SORT[sortKey](t)
    let cursor: Cursor | null = null
    if (q.cursor) {
      cursor = decodeCursor(q.cursor, sortColumns.length)
      if (!cursor) throw validationError({ cursor: [translate('validation.invalidFormat')] })
    }
    // A product's sales are found through their lines: on PostgreSQL the order is given so that the planner starts
    // from those (orderedByValue), instead of walking every report probing its lines (docs/benchmarks.md).
    const orderColumns = q.productId ? sortColumns.map((c) => orderedByValue(database.dialect, c)) : sortColumns
    const page = keysetQuery(orderColumns, direction, cursor)
    const where = withAccess(filter, ...conditions)
    const countWhere = withAccess(filter, ...countConditions)
    const key = shape.join('|')
    const [rows, [counted]] = await Promise.all([
      read(
        `saleReports.rows|${key}|${sortKey}|${direction}|${page.shape}|${q.itemsPerPage}`,
        () => {
          // The page's ids first, from sales alone in the list's order (a range of one index, at any depth), then
          // the names for those rows only. Joined in one query, the planners may start from the fifty providers and
          // sort a million rows; a subquery with a LIMIT is not merged into the join by either database.
          const pageIds = db
            .select({ id: s.id })
            .from(s)
            .where(and(where, page.condition))
            .orderBy(...page.orderBy)
            // One row more than the page: whether a next page exists, without counting.
            .limit(literalLimit(q.itemsPerPage + 1))
            .offset(p('offset') as never)
            .as('page_ids')
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
        { ...values, ...page.values, offset: cursor ? 0 : (q.page - 1) * q.itemsPerPage },
      ),
      read(`saleReports.count|${key}`, () => cappedCount(db, s, countWhere), values),
    ])
    const items = rows.map(({ sellerFirst, sellerLast, ...r }) => ({ ...r, sellerName: `${sellerFirst} ${sellerLast}` }))
    const paged = keysetPage(items, q.itemsPerPage, cursor, q.page, SALE_SORT_KEY[sortKey])
    const n = counted?.n ?? 0
    return {
      ...paged,
      total: Math.min(n, LIST_COUNT_CAP),
      totalCapped: n > LIST_COUNT_CAP,
      page: q.page,
      itemsPerPage: q.itemsPerPage,
    }
  }

  /** The moves this user may make on the report now. */
  const nextFor = (actor: { id: string; ability: AppAbility }, sale: typeof t.sales.$inferSelect) =>
    SALE_STATUSES.filter((to) => to !== sale.status && allowedNext(sale.status, moversOf(actor, sale)).includes(to))

  const service = {
    detail,
    identity,
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
        countOf('period', () => [gte(s.sellDate, p('from') as never), lte(s.sellDate, p('to') as never)]),
        countOf('absence', () => [eq(s.status, p('absence') as never), gte(s.sellDate, p('from') as never), lte(s.sellDate, p('to') as never)]),
        countOf('month', () => [gte(s.sellDate, p('monthStart') as never), lte(s.sellDate, p('monthEnd') as never)]),
        ports.esignCounts(db, from, to),
      ])
      return { from, to, reports, absence, thisMonth, esignTotal: esign.total, esignSigned: esign.signed }
    },
    deviations: deviationReads(database, { mayView, allowedNext: nextFor }),

    /** What the orders area asks (ports wired in server/composition/areas.ts): the sales an order file may match, and more. */
    /** What the customer register asks: a customer's sale reports this user may see, newest first. */
    customers: {
      async salesOf(ability: AppAbility, key: string, limit: number) {
        const filter = accessFilter(ability, 'view', 'sale_reports', conditionColumns)
        const s = t.sales
        const rows = await read(
          `customers.sales|${filter.shape}`,
          () =>
            database.db
              .select({
                id: s.id,
                status: s.status,
                sellDate: s.sellDate,
                providerName: t.providers.name,
                sellerFirst: t.users.firstName,
                sellerLast: t.users.lastName,
                orderValueOre: s.orderValueOre,
                externalOrderNumber: s.externalOrderNumber,
              })
              .from(s)
              .innerJoin(t.providers, eq(t.providers.id, s.providerId))
              .innerJoin(t.users, eq(t.users.id, s.sellerId))
              .where(withAccess(filter, eq(s.customerKey, sql.placeholder('key') as never)))
              .orderBy(desc(s.sellDate), desc(s.soldAt))
              .limit(literalLimit(limit)),
          { ...filter.params, key },
        )
        return rows.map(({ sellerFirst, sellerLast, ...r }) => ({ ...r, sellerName: `${sellerFirst} ${sellerLast}` }))
      },
    },

    orders: {
      /**
       * The provider's sales with one of `orderNumbers`, or of one of `customerKeys` sold within `from`…`to` (give
       * or take the match tolerance): each by an index (provider and order number; customer key, provider, date).
       */
      async forMatching(tx: Db, providerId: string, q: { orderNumbers: string[]; customerKeys: string[]; from: string | null; to: string | null }) {
        const cols = { id: t.sales.id, externalOrderNumber: t.sales.externalOrderNumber, customerKey: t.sales.customerKey, sellDate: t.sales.sellDate }
        const found = new Map<string, MatchableSale>()
        for (let i = 0; i < q.orderNumbers.length; i += 500) {
          const rows = await tx
            .select(cols)
            .from(t.sales)
            .where(and(eq(t.sales.providerId, providerId), inArray(t.sales.externalOrderNumber, q.orderNumbers.slice(i, i + 500))))
          for (const r of rows) found.set(r.id, r)
        }
        if (q.from && q.to) {
          const from = shiftDay(q.from, -MATCH_DATE_TOLERANCE_DAYS)
          const to = shiftDay(q.to, MATCH_DATE_TOLERANCE_DAYS)
          for (let i = 0; i < q.customerKeys.length; i += 500) {
            const rows = await tx
              .select(cols)
              .from(t.sales)
              .where(
                and(
                  inArray(t.sales.customerKey, q.customerKeys.slice(i, i + 500)),
                  eq(t.sales.providerId, providerId),
                  gte(t.sales.sellDate, from),
                  lte(t.sales.sellDate, to),
                ),
              )
            for (const r of rows) found.set(r.id, r)
          }
        }
        return [...found.values()]
      },

      /** The given sales as an order's page shows them. */
      async summaries(db: Db, ids: string[]) {
        if (ids.length === 0) return new Map<string, OrderSaleSummary>()
        const rows = await db
          .select({
            id: t.sales.id,
            status: t.sales.status,
            customerName: t.sales.customerName,
            sellDate: t.sales.sellDate,
            externalOrderNumber: t.sales.externalOrderNumber,
            providerId: t.sales.providerId,
            first: t.users.firstName,
            last: t.users.lastName,
          })
          .from(t.sales)
          .innerJoin(t.users, eq(t.users.id, t.sales.sellerId))
          .where(inArray(t.sales.id, ids))
        return new Map(rows.map(({ first, last, ...r }) => [r.id, { ...r, sellerName: `${first} ${last}` }]))
      },

      /** The provider's sales sold within `from`…`to` that back office has kept (not regret), oldest first, at most `limit`. */
      async inPeriod(db: Db, providerId: string, from: string, to: string, limit: number, statuses?: SaleStatus[]) {
        const rows = await db
          .select({ id: t.sales.id })
          .from(t.sales)
          .where(
            and(
              eq(t.sales.providerId, providerId),
              gte(t.sales.sellDate, from),
              lte(t.sales.sellDate, to),
              statuses ? inArray(t.sales.status, statuses) : ne(t.sales.status, 'regret'),
            ),
          )
          .orderBy(asc(t.sales.sellDate), asc(t.sales.id))
          .limit(limit)
        return rows.map((r) => r.id)
      },

      /**
       * Flags approved sales no order registration has, as the system (an import found none for them), with the
       * reason the seller and back office read; a sale that is no longer approved is left as it is.
       */
      async flagWithoutOrder(tx: Db, saleIds: string[], reason: string, now: number): Promise<number> {
        let flagged = 0
        for (const id of saleIds) {
          const [sale] = await tx.select().from(t.sales).where(eq(t.sales.id, id))
          if (!sale || sale.status !== 'approved') continue
          await applyMove(tx, sale, { to: 'flagged', reason, deviationType: null }, null, true, now)
          flagged++
        }
        return flagged
      },
    },
    doubles: {
      list: doubles.list,
      settings: doubles.settings,
      updateSettings: doubles.updateSettings,
      dismiss: doubles.dismiss,
      /** Confirms a double sale: the chosen sale becomes regret through changeStatus (its rules, version and 409s). */
      confirm(tx: Db, actor: { id: string; ability: AppAbility }, id: string, input: ConfirmDoubleSaleInput, ctx: { now: number; translate: Translate }) {
        return doubles.confirm(tx, actor, id, input, ctx, async (saleId, version, reason) => {
          await service.changeStatus(tx, actor, saleId, { to: 'regret', version, reason, deviationType: null }, ctx)
        })
      },
    },

    /** The sales summary's figures (docs/decisions/046), for the dashboards, statistics and profitability. */
    figures: summaryReads(database),
    /** The BI assistant's reads of the summary (docs/decisions/053). */
    analytics: saleAnalytics(database),

    /**
     * What the quality area asks of a sale (docs/decisions/045): its details for the survey form, the move a
     * survey's outcome makes through the lifecycle (as the `quality` mover), and the grade it was given.
     */
    quality: {
      async forSurvey(db: Db, saleId: string) {
        const [sale] = await db.select().from(t.sales).where(eq(t.sales.id, saleId))
        if (!sale) return null
        const lines = await db
          .select({ name: t.saleLines.productName, quantity: t.saleLines.quantity })
          .from(t.saleLines)
          .where(eq(t.saleLines.saleId, saleId))
          .orderBy(asc(t.saleLines.position))
        return {
          customerName: sale.customerName,
          customerType: sale.customerType,
          companyName: sale.companyName,
          phone: sale.phone,
          email: sale.email,
          ssn: sale.customerSsn,
          orderValueOre: sale.orderValueOre,
          soldAt: sale.soldAt,
          status: sale.status,
          lines,
        }
      },

      /**
       * Moves the sale as a quality call's outcome, when the lifecycle allows it from where the sale is now; else
       * leaves it (back office decided first) and says so. Written as every move is: status, history, log, event.
       */
      async outcome(tx: Db, move: { saleId: string; to: 'unanswered' | 'regret'; reason: string | null; byUserId: string | null; now: number }) {
        const [sale] = await tx.select().from(t.sales).where(eq(t.sales.id, move.saleId))
        if (!sale) return { moved: false, from: null }
        const input: TransitionInput = { to: move.to, reason: move.reason, deviationType: null }
        if (transitionProblem(sale.status, input, new Set<Mover>(['quality']))) return { moved: false, from: sale.status }
        await applyMove(tx, sale, input, move.byUserId, false, move.now)
        return { moved: true, from: sale.status }
      },

      /** The grade of the sale's survey, on the sale: the seller's device pulls it with the next change-counter value. */
      async graded(tx: Db, saleId: string, grade: string | null) {
        const [sale] = await tx.select({ sellerId: t.sales.sellerId }).from(t.sales).where(eq(t.sales.id, saleId))
        if (!sale) return
        const version = await nextChangeVersion(tx, t, sale.sellerId)
        await tx.update(t.sales).set({ qualityGrade: grade, version }).where(eq(t.sales.id, saleId))
      },
    },

    /**
     * A sale as the sales game first sees it (docs/decisions/052) when it hears of it only by a move, not by its
     * creation (a sale made before the game existed): its seller, places, day, lines and status now.
     */
    async forGame(db: Db, saleId: string) {
      const [sale] = await db
        .select({
          sellerId: t.sales.sellerId,
          teamId: t.sales.teamId,
          officeId: t.sales.officeId,
          sellDate: t.sales.sellDate,
          status: t.sales.status,
          orderValueOre: t.sales.orderValueOre,
        })
        .from(t.sales)
        .where(eq(t.sales.id, saleId))
      if (!sale) return null
      const lines = await db
        .select({ productId: t.saleLines.productId, quantity: t.saleLines.quantity })
        .from(t.saleLines)
        .where(eq(t.saleLines.saleId, saleId))
      return { ...sale, lines }
    },

    /** A sale as an alert names it: its provider, customer and seller (the notifications area asks). */
    async label(db: Db, saleId: string): Promise<{ provider: string; customer: string; seller: string } | null> {
      const [row] = await db
        .select({ provider: t.providers.name, customer: t.sales.customerName, first: t.users.firstName, last: t.users.lastName })
        .from(t.sales)
        .innerJoin(t.providers, eq(t.providers.id, t.sales.providerId))
        .innerJoin(t.users, eq(t.users.id, t.sales.sellerId))
        .where(eq(t.sales.id, saleId))
      return row ? { provider: row.provider, customer: row.customer, seller: `${row.first} ${row.last}` } : null
    },

    /** Sales as the activity log names them, `customer · provider`, by id (an unknown id is left out). */
    async logNames(db: Db, saleIds: string[]): Promise<Map<string, string>> {
      if (saleIds.length === 0) return new Map()
      const rows = await db
        .select({ id: t.sales.id, provider: t.providers.name, customer: t.sales.customerName })
        .from(t.sales)
        .innerJoin(t.providers, eq(t.providers.id, t.sales.providerId))
        .where(inArray(t.sales.id, [...new Set(saleIds)]))
      return new Map(rows.map((r) => [r.id, `${r.customer} · ${r.provider}`]))
    },

    /** A seller's sales of a business day: how many, and their order value (the time-reports area's checkout asks). */
    async daySummary(tx: Db, sellerId: string, date: string): Promise<{ salesCount: number; orderValueOre: number }> {
      const [summary] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number), value: sql<number>`coalesce(sum(${t.sales.orderValueOre}), 0)`.mapWith(Number) })
        .from(t.sales)
        .where(and(eq(t.sales.sellerId, sellerId), eq(t.sales.sellDate, date)))
      return { salesCount: summary?.n ?? 0, orderValueOre: summary?.value ?? 0 }
    },

    /**
     * A sale registered on a seller's device. Refusals are `Rejection`s (recorded for the device, never retried).
     * The same sale arriving again (a resend after a lost answer) changes nothing.
     */
    async createFromDevice(ctx: MutatorContext, sale: SaleData): Promise<void> {
      const { tx, actor } = ctx
      const [existing] = await write.rows(
        tx,
        'sales.sellerOf',
        (db) =>
          db
            .select({ sellerId: t.sales.sellerId })
            .from(t.sales)
            .where(eq(t.sales.id, sql.placeholder('id') as never)),
        { id: sale.id },
      )
      if (existing) {
        if (existing.sellerId === actor.id) return
        throw new Rejection('conflict')
      }
      if (sale.soldAt > ctx.now + MAX_CLOCK_SKEW_MS) {
        throw new Rejection('validation_failed', { soldAt: [ctx.translate('validation.sale.soldInFuture')] })
      }
      const sellDate = businessDay(sale.soldAt)
      const blocking = checkoutBlocking(sale.soldAt, await ports.checkoutsOfDay(tx, actor.id, sellDate))
      if (blocking) throw new Rejection('checked_out', {}, { date: blocking.date })

      const { provider, productsById } = await ports.catalogForSale(
        tx,
        sale.providerId,
        sale.products.map((l) => l.productId),
      )
      const violations = saleCatalogViolations(sale, provider, productsById)
      if (Object.keys(violations).length > 0) {
        throw new Rejection('validation_failed', Object.fromEntries(Object.entries(violations).map(([field, key]) => [field, [ctx.translate(key)]])))
      }
      if (sale.checklistFileId) {
        const file = await files.describe(tx, sale.checklistFileId)
        if (!file || file.kind !== 'checklist' || file.userId !== actor.id)
          throw new Rejection('file_missing', { checklistFileId: [ctx.translate('sync.rejections.file_missing')] })
      }

      const amounts = saleAmounts(sale.products, productsById)
      const version = await ctx.version()
      // The statements every pushed sale runs are prepared once (server/db/prepared.ts).
      const row = {
        id: sale.id,
        sellerId: actor.id,
        teamId: actor.teamId,
        officeId: actor.officeId,
        providerId: sale.providerId,
        customerType: sale.customerType,
        customerSsn: sale.customerSsn,
        customerName: sale.customerName,
        email: sale.email,
        phone: sale.phone,
        companyName: sale.companyName,
        orgNumber: sale.orgNumber,
        customerKey: customerKeyOf(sale),
        postalCode: sale.postalCode,
        city: sale.city,
        address: sale.address,
        message: sale.message,
        externalOrderNumber: sale.externalOrderNumber,
        checklistFileId: sale.checklistFileId,
        status: 'finalized',
        externalStatus: null,
        deviationType: null,
        deviationReason: null,
        soldAt: sale.soldAt,
        sellDate,
        ...amounts,
        version,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      }
      const [stored] = await write.rows(
        tx,
        'sales.create',
        (db) =>
          db
            .insert(t.sales)
            .values(placeholdersOf(row) as never)
            .returning(),
        row,
      )
      const lines = lineRows(sale.id, sale.products, productsById)
      // The lines in one statement (prepared per number of lines).
      const lineValues = placeholderRows(lines)
      await write(tx, `sales.createLines.${lines.length}`, (db) => db.insert(t.saleLines).values(lineValues.placeholders as never), lineValues.values)
      await summary.change(tx, null, { sale: stored!, lines })
      await doubles.find(
        tx,
        stored!,
        sale.products.map((l) => l.productId),
        ctx.now,
      )
      const history = { id: crypto.randomUUID(), saleId: sale.id, status: 'finalized' as const, note: null, byUserId: actor.id, at: ctx.now }
      await write(tx, 'sales.createHistory', (db) => db.insert(t.saleStatusHistory).values(placeholdersOf(history) as never), history)
      // The file is the sale's now: it no longer counts against the seller's quota of waiting files.
      if (sale.checklistFileId) await files.attach(tx, [sale.checklistFileId], ctx.now)
      await logSale(tx, {
        at: ctx.now,
        actorId: actor.id,
        entity: 'sale_report',
        entityId: sale.id,
        action: 'created',
        after: { status: 'finalized', providerId: sale.providerId, soldAt: sale.soldAt, orderValueOre: amounts.orderValueOre, lines: sale.products.length },
      })
      await events.record(
        tx,
        'sale.created',
        {
          saleId: sale.id,
          sellerId: actor.id,
          teamId: actor.teamId,
          officeId: actor.officeId,
          providerId: sale.providerId,
          status: 'finalized',
          soldAt: sale.soldAt,
          sellDate,
          orderValueOre: amounts.orderValueOre,
          sellerCommissionOre: amounts.sellerCommissionOre,
          lines: sale.products.map((l) => ({ productId: l.productId, quantity: l.quantity })),
          customer: saleCustomer(stored!),
        },
        { actorId: actor.id, at: ctx.now },
      )
    },

    /**
     * A seller's correction of their sale that back office marked as a deviation, from the device (the
     * `correctSale` mutation): the fields the deviation's type lets them change (shared/rules/sale-lifecycle.ts),
     * checked as a new sale's are (the catalog's rules, amounts priced again when the products change), and the
     * sale goes back to waiting for approval with the seller's comment in its history. Refusals are Rejections
     * the device shows; nothing is written then.
     */
    async correctFromDevice(ctx: MutatorContext, input: SaleCorrection): Promise<void> {
      const { tx, actor } = ctx
      const [sale] = await tx.select().from(t.sales).where(eq(t.sales.id, input.id))
      if (!sale || sale.sellerId !== actor.id) throw new Rejection('conflict')
      if (sale.status !== 'deviation' || !sale.deviationType) throw new Rejection('not_correctable')
      if (
        transitionProblem('deviation', { to: 'finalized', reason: input.comment, deviationType: null }, moversOf(actor, sale))?.kind === 'invalid_transition'
      ) {
        throw new Rejection('forbidden')
      }
      if (CORRECTIONS[sale.deviationType].length === 0) throw new Rejection('not_correctable')
      const changes = Object.fromEntries(Object.entries(input.changes).filter(([, v]) => v !== undefined)) as Partial<SaleCorrection['changes']>
      const fields = Object.keys(changes)
      const refused = uncorrectableFields(sale.deviationType, fields)
      if (refused.length > 0) {
        const type = ctx.translate(`sales.deviationTypes.${sale.deviationType}`)
        throw new Rejection('validation_failed', Object.fromEntries(refused.map((f) => [f, [ctx.translate('validation.sale.notCorrectable', { type })]])))
      }
      if (fields.length === 0 && !input.comment) throw new Rejection('validation_failed', { comment: [ctx.translate('validation.sale.correctionEmpty')] })
      const merged = { ...sale, ...changes }
      if (merged.customerType === 'private' && !merged.customerSsn)
        throw new Rejection('validation_failed', { customerSsn: [ctx.translate('validation.sale.ssnRequired')] })

      let amounts: ReturnType<typeof saleAmounts> | null = null
      let newLines: Array<typeof t.saleLines.$inferInsert> | null = null
      if (changes.products || changes.externalOrderNumber !== undefined) {
        const lines = changes.products ?? (await tx.select().from(t.saleLines).where(eq(t.saleLines.saleId, sale.id)).orderBy(asc(t.saleLines.position)))
        const products = lines.map((l) => ({ productId: l.productId, quantity: l.quantity }))
        const { provider, productsById } = await ports.catalogForSale(
          tx,
          sale.providerId,
          products.map((l) => l.productId),
        )
        const violations = saleCatalogViolations(
          { providerId: sale.providerId, products, externalOrderNumber: merged.externalOrderNumber },
          provider,
          productsById,
        )
        if (Object.keys(violations).length > 0) {
          throw new Rejection('validation_failed', Object.fromEntries(Object.entries(violations).map(([field, key]) => [field, [ctx.translate(key)]])))
        }
        if (changes.products) {
          amounts = saleAmounts(products, productsById)
          newLines = lineRows(sale.id, products, productsById)
        }
      }

      const counted = await summary.entryOf(tx, sale)
      const version = await ctx.version()
      const { products: _products, ...fieldChanges } = changes
      await tx
        .update(t.sales)
        .set({
          ...fieldChanges,
          ...(amounts ?? {}),
          customerKey: customerKeyOf(merged),
          status: 'finalized',
          deviationType: null,
          deviationReason: null,
          version,
          updatedAt: ctx.now,
        })
        .where(eq(t.sales.id, sale.id))
      if (newLines) {
        await tx.delete(t.saleLines).where(eq(t.saleLines.saleId, sale.id))
        await tx.insert(t.saleLines).values(newLines)
      }
      // A new customer or new products may make it a double of another sale.
      if (changes.products || changes.customerSsn !== undefined || changes.orgNumber !== undefined) {
        const [stored] = await tx.select().from(t.sales).where(eq(t.sales.id, sale.id))
        const productIds = (await tx.select({ id: t.saleLines.productId }).from(t.saleLines).where(eq(t.saleLines.saleId, sale.id))).map((l) => l.id)
        await doubles.find(tx, stored!, productIds, ctx.now)
      }
      const before = Object.fromEntries(fields.map((f) => [f, f === 'products' ? null : (sale as Record<string, unknown>)[f]]))
      await logActivity(tx, t, {
        at: ctx.now,
        actorId: actor.id,
        entity: 'sale_report',
        entityId: sale.id,
        action: 'corrected',
        before: {
          status: 'deviation',
          version: sale.version,
          deviationType: sale.deviationType,
          ...before,
          ...(amounts ? { orderValueOre: sale.orderValueOre } : {}),
        },
        after: {
          status: 'finalized',
          version,
          ...fieldChanges,
          ...(changes.products ? { products: changes.products } : {}),
          ...(amounts ? { orderValueOre: amounts.orderValueOre } : {}),
        },
        reason: input.comment,
      })
      await recordMove(tx, sale, { to: 'finalized', deviationType: null, reason: input.comment }, actor.id, ctx.now)
      const [corrected] = await tx.select().from(t.sales).where(eq(t.sales.id, sale.id))
      await summary.change(tx, counted, newLines ? { sale: corrected!, lines: newLines } : { ...counted, sale: corrected! })
      await deviations.corrected(tx, corrected!, input.comment, ctx.now)
      if (fields.some((f) => CUSTOMER_FIELDS.has(f))) {
        await events.record(
          tx,
          'sale.customerCorrected',
          { saleId: sale.id, soldAt: sale.soldAt, customer: saleCustomer(corrected!) },
          { actorId: actor.id, at: ctx.now },
        )
      }
    },

    /**
     * Moves a sale report to another status (the lifecycle of shared/rules/sale-lifecycle.ts), as the user who may
     * see it and make that move, based on the version they saw. Refusals are ApiErrors that write nothing: 404 for
     * a report the user may not see, 403 for one they may see but not move, 409 `version_conflict` with the current
     * state and what changed since their version, 409 `invalid_transition` with the statuses allowed instead, 400
     * for a missing reason or deviation type. The new status, its history line (with the reason the seller reads),
     * the activity-log line and the `sale.statusChanged` event are written together, with a new change-counter
     * value so the seller's device pulls the change.
     */
    async changeStatus(
      tx: Db,
      actor: { id: string; ability: AppAbility },
      saleId: string,
      input: TransitionInput & { version: number },
      ctx: { now: number; translate: Translate },
    ): Promise<SaleStatusAnswer> {
      const [sale] = await tx.select().from(t.sales).where(eq(t.sales.id, saleId))
      if (!sale || !mayView(actor, sale)) throw notFound()
      const movers = moversOf(actor, sale)
      if (movers.size === 0) throw forbidden()
      if (sale.version !== input.version) {
        throw new ApiError(409, 'version_conflict', {
          details: { current: await statusAnswer(tx, sale), changes: await changesSince(tx, saleId, input.version) },
        })
      }
      const problem = transitionProblem(sale.status, input, movers)
      if (problem?.kind === 'invalid_transition') {
        const label = (s: SaleStatus) => ctx.translate(`sales.status.${s}`)
        throw new ApiError(409, 'invalid_transition', {
          params: { from: label(sale.status), to: label(input.to), allowed: problem.allowed.map(label).join(', ') || '–' },
          details: { from: sale.status, to: input.to, allowed: problem.allowed },
        })
      }
      if (problem) throw validationError({ [problem.field]: [ctx.translate(problem.message)] })

      await applyMove(tx, sale, input, actor.id, movers.has('backoffice'), ctx.now)
      const [after] = await tx.select().from(t.sales).where(eq(t.sales.id, saleId))
      return statusAnswer(tx, after!)
    },
  }
  return service

  /**
   * The customer's full identity number (or organisation number) of a sale this reader may see, for one who may read
   * identity numbers (docs/decisions/058); each reading is logged on the sale. Null when there is no such sale.
   */
  async function identity(actor: { id: string; ability: AppAbility }, saleId: string, now = Date.now()): Promise<{ number: string | null } | null> {
    return database.transaction(async (tx) => {
      const [sale] = await tx.select().from(t.sales).where(eq(t.sales.id, saleId))
      if (!sale || !mayView(actor, sale)) return null
      await logActivity(tx, t, { at: now, actorId: actor.id, entity: 'sale_report', entityId: sale.id, action: 'identity_read' })
      return { number: sale.customerType === 'private' ? sale.customerSsn : sale.orgNumber }
    })
  }

  /**
   * A sale report as back office opens it, or null when there is none this user may see: names of the people and
   * places, lines, history with who moved it, the moves this user may make, and the customer's identity number
   * masked (docs/decisions/058).
   */
  async function detail(actor: { id: string; ability: AppAbility }, saleId: string): Promise<SaleReportDetail | null> {
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
        companyName: s.companyName,
        orgNumber: s.orgNumber,
        email: s.email,
        phone: s.phone,
        address: s.address,
        postalCode: s.postalCode,
        city: s.city,
      },
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
  }

  /** A report's status as back office sees it: with the version to base the next change on, and its history. */
  async function statusAnswer(tx: Db, sale: typeof t.sales.$inferSelect): Promise<SaleStatusAnswer> {
    const history = await tx
      .select({ status: t.saleStatusHistory.status, note: t.saleStatusHistory.note, byUserId: t.saleStatusHistory.byUserId, at: t.saleStatusHistory.at })
      .from(t.saleStatusHistory)
      .where(eq(t.saleStatusHistory.saleId, sale.id))
      .orderBy(asc(t.saleStatusHistory.at))
    return {
      id: sale.id,
      status: sale.status,
      version: sale.version,
      deviationType: sale.deviationType,
      deviationReason: sale.deviationReason,
      updatedAt: sale.updatedAt,
      statusHistory: history,
    }
  }

  /** The report's logged changes newer than `version`: what a user working from that version has not seen. */
  async function changesSince(tx: Db, saleId: string, version: number) {
    const entries = await tx
      .select()
      .from(t.activityLog)
      .where(and(eq(t.activityLog.entity, 'sale_report'), eq(t.activityLog.entityId, saleId)))
      .orderBy(asc(t.activityLog.id))
    return entries
      .filter((e) => typeof e.after?.version === 'number' && e.after.version > version)
      .map((e) => ({ at: e.at, actorId: e.actorId, action: e.action, before: e.before, after: e.after, reason: e.reason }))
  }
}

/** A sale's lines as stored: each product with the settings it was priced with, in the order given. */
function lineRows(
  saleId: string,
  lines: ReadonlyArray<{ productId: string; quantity: number }>,
  productsById: ReadonlyMap<string, CatalogProduct & { name: string }>,
) {
  return lines.map((line, position) => {
    const p = productsById.get(line.productId)!
    return {
      id: crypto.randomUUID(),
      saleId,
      productId: p.id,
      productName: p.name,
      quantity: line.quantity,
      priceOre: p.priceOre,
      sellerCommissionOre: p.sellerCommissionOre,
      companyCommissionOre: p.companyCommissionOre,
      companyCostOre: p.companyCostOre,
      position,
    }
  })
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

export type SaleStatusAnswer = {
  id: string
  status: SaleStatus
  version: number
  deviationType: string | null
  deviationReason: string | null
  updatedAt: number
  statusHistory: Array<{ status: SaleStatus; note: string | null; byUserId: string | null; at: number }>
}
export type OrderSaleSummary = {
  id: string
  status: SaleStatus
  customerName: string
  sellDate: string
  externalOrderNumber: string | null
  providerId: string
  sellerName: string
}
export type SalesService = ReturnType<typeof salesService>

/** The sale's fields that describe its customer: a correction of any of them updates the customer register. */
const CUSTOMER_FIELDS = new Set(['customerType', 'customerSsn', 'customerName', 'companyName', 'orgNumber', 'email', 'phone', 'address', 'postalCode', 'city'])

/** A sale's customer as the `sale.created` and `sale.customerCorrected` events carry it (null: no key to keep it by). */
function saleCustomer(s: {
  customerType: 'private' | 'company'
  customerSsn: string | null
  customerName: string
  companyName: string | null
  orgNumber: string | null
  email: string | null
  phone: string | null
  address: string | null
  postalCode: string | null
  city: string | null
}): SaleCustomer | null {
  const key = customerKeyOf(s)
  if (!key) return null
  return {
    key,
    type: s.customerType,
    name: s.customerName,
    ssn: s.customerType === 'private' ? s.customerSsn : null,
    companyName: s.companyName,
    orgNumber: s.orgNumber,
    email: s.email,
    phone: s.phone,
    address: s.address,
    postalCode: s.postalCode,
    city: s.city,
  }
}
