import * as s from 'drizzle-orm/sqlite-core'

import type { DeviationType, SaleStatus } from '../../../shared/schemas/sales'

import type { DeviationState } from '../../../shared/schemas/deviations'

import { table, type Kit } from './table'

import { products, providers } from './catalog'

import { users } from './identity'

/** Sale reports, their lines and their status history. Each table once for both databases (./table.ts; conventions in ./sqlite.ts). */

/**
 * Sale reports (spec section 3). Made on a seller's device and delivered by the sync queue; amounts are
 * computed by the server from the product settings when the sale arrives. Team and office are the
 * seller's at the time of the sale, for the coach's and manager's conditions.
 */
export const [sales, salesPg] = table(
  'sales',
  (k) => ({
    id: k.id(),
    sellerId: k.ref('seller_id', () => users).notNull(),
    teamId: k.text('team_id'),
    officeId: k.text('office_id'),
    providerId: k.ref('provider_id', () => providers).notNull(),
    customerType: k.text('customer_type', { enum: ['private', 'company'] }).notNull(),
    customerSsn: k.text('customer_ssn'),
    customerName: k.text('customer_name').notNull(),
    email: k.text('email'),
    phone: k.text('phone').notNull(),
    companyName: k.text('company_name'),
    orgNumber: k.text('org_number'),
    /** the customer as one key (shared/rules/double-sales.ts): double sales and the customer register find them by it */
    customerKey: k.text('customer_key'),
    postalCode: k.text('postal_code').notNull(),
    city: k.text('city').notNull(),
    address: k.text('address').notNull(),
    message: k.text('message'),
    externalOrderNumber: k.text('external_order_number'),
    checklistFileId: k.text('checklist_file_id'),
    status: k.text('status').$type<SaleStatus>().notNull(),
    externalStatus: k.text('external_status'),
    deviationType: k.text('deviation_type').$type<DeviationType>(),
    deviationReason: k.text('deviation_reason'),
    /** the grade of its quality survey (docs/decisions/045), written from the quality area's event */
    qualityGrade: k.text('quality_grade'),
    soldAt: k.ms('sold_at').notNull(),
    sellDate: k.text('sell_date').notNull(),
    /** where the seller's device stood when the sale was saved (docs/decisions/074): only with their permission, when the organisation turned it on */
    lat: k.real('lat'),
    lng: k.real('lng'),
    accuracy: k.real('accuracy'),
    orderValueOre: k.integer('order_value_ore').notNull(),
    sellerCommissionOre: k.integer('seller_commission_ore').notNull(),
    companyCommissionOre: k.integer('company_commission_ore').notNull(),
    companyCostOre: k.integer('company_cost_ore').notNull(),
    version: k.integer('version').notNull(),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [k.index('sales_seller_version').on(t.sellerId, t.version), ...listIndexes(t, k)],
)

/**
 * The back-office list's indexes (issue 14, docs/benchmarks.md): each filter the list takes, then its newest-first
 * order (sell date, time, id), so a filtered page is read from the index in order and a next page starts where
 * the last one ended (keyset paging); the other two sorts by their column and id. The seller, team and office
 * ones also serve the seller's day and the dashboards' date ranges. The free-text search has its own index
 * (migration 0010: FTS5 trigram on SQLite, pg_trgm on PostgreSQL).
 */
type Indexed =
  | 'sellDate'
  | 'soldAt'
  | 'id'
  | 'status'
  | 'providerId'
  | 'teamId'
  | 'officeId'
  | 'sellerId'
  | 'orderValueOre'
  | 'customerName'
  | 'customerKey'
  | 'externalOrderNumber'
type SqliteIndexColumn = Parameters<ReturnType<typeof s.index>['on']>[0]
function listIndexes(t: Record<Indexed, SqliteIndexColumn>, k: Kit) {
  const newest = [t.sellDate, t.soldAt, t.id] as const
  // The status last in the per-filter indexes: a filter with a status (a team's approved reports) is counted from
  // the index alone, without reading each row (docs/benchmarks.md).
  return [
    k.index('sales_date').on(...newest),
    k.index('sales_status_date').on(t.status, ...newest),
    k.index('sales_provider_date').on(t.providerId, ...newest, t.status),
    k.index('sales_team_date').on(t.teamId, ...newest, t.status),
    k.index('sales_office_date').on(t.officeId, ...newest, t.status),
    k.index('sales_seller_date').on(t.sellerId, ...newest, t.status),
    k.index('sales_value').on(t.orderValueOre, t.id),
    k.index('sales_customer').on(t.customerName, t.id),
    k.index('sales_customer_key').on(t.customerKey, t.providerId, t.sellDate, t.soldAt, t.id),
    k.index('sales_order_number').on(t.providerId, t.externalOrderNumber),
  ]
}

/** The products of a sale, with the product settings they were priced with. */
export const [saleLines, saleLinesPg] = table(
  'sale_lines',
  (k) => ({
    id: k.id(),
    saleId: k.ref('sale_id', () => sales, 'cascade').notNull(),
    productId: k.ref('product_id', () => products).notNull(),
    productName: k.text('product_name').notNull(),
    quantity: k.integer('quantity').notNull(),
    priceOre: k.integer('price_ore').notNull(),
    sellerCommissionOre: k.integer('seller_commission_ore').notNull(),
    companyCommissionOre: k.integer('company_commission_ore').notNull(),
    companyCostOre: k.integer('company_cost_ore').notNull(),
    position: k.integer('position').notNull(),
  }),
  (t, k) => [k.index('sale_lines_sale').on(t.saleId), k.index('sale_lines_product').on(t.productId, t.saleId)],
)

export const [saleStatusHistory, saleStatusHistoryPg] = table(
  'sale_status_history',
  (k) => ({
    id: k.id(),
    saleId: k.ref('sale_id', () => sales, 'cascade').notNull(),
    status: k.text('status').$type<SaleStatus>().notNull(),
    note: k.text('note'),
    byUserId: k.text('by_user_id'),
    at: k.ms('at').notNull(),
  }),
  (t, k) => [k.index('sale_status_history_sale').on(t.saleId, t.at)],
)

/**
 * Deviations (issue 14, docs/decisions/024): each time back office marks a sale report as a deviation, a record of
 * it — its type and comment, who opened it, the seller's correction, and who resolved it with which move. The sale
 * keeps only its current deviation (what the seller's device shows); this is back office's work list and its
 * history. Seller, team, office and provider are the sale's, for the same rule conditions and filters as the
 * sale-report list. Written only by the sales service, with the move that causes it.
 */
export const [saleDeviations, saleDeviationsPg] = table(
  'sale_deviations',
  (k) => ({
    id: k.id(),
    saleId: k.ref('sale_id', () => sales, 'cascade').notNull(),
    sellerId: k.text('seller_id').notNull(),
    teamId: k.text('team_id'),
    officeId: k.text('office_id'),
    providerId: k.text('provider_id').notNull(),
    type: k.text('type').$type<DeviationType>().notNull(),
    reason: k.text('reason').notNull(),
    /** the sale's customer name, company and order number, lower-cased: the list's free text, over its own rows */
    searchText: k.text('search_text').notNull().default(''),
    state: k.text('state').$type<DeviationState>().notNull(),
    /** 1 while open or corrected, 0 once resolved: the work list's one-value filter, in its index's order */
    pending: k.integer('pending').notNull(),
    openedAt: k.ms('opened_at').notNull(),
    openedById: k.text('opened_by_id'),
    correctedAt: k.ms('corrected_at'),
    correctionNote: k.text('correction_note'),
    resolvedAt: k.ms('resolved_at'),
    resolvedById: k.text('resolved_by_id'),
    /** the status the sale moved to when it was resolved */
    resolution: k.text('resolution').$type<SaleStatus>(),
  }),
  (t, k) => [
    k.index('sale_deviations_sale').on(t.saleId, t.openedAt),
    k.index('sale_deviations_pending').on(t.pending, t.openedAt, t.id),
    k.index('sale_deviations_team').on(t.teamId, t.pending, t.openedAt, t.id),
    k.index('sale_deviations_office').on(t.officeId, t.pending, t.openedAt, t.id),
    k.index('sale_deviations_seller').on(t.sellerId, t.pending, t.openedAt, t.id),
    k.index('sale_deviations_opened').on(t.openedAt, t.id),
  ],
)

/** Where a possible double sale stands (docs/decisions/025). */
type DoubleState = 'open' | 'confirmed' | 'dismissed'

/**
 * Possible double sales (issue 14, docs/decisions/025): two sales of the same customer, provider and product within
 * the longest window (DOUBLE_WINDOW_MAX_DAYS), found when the later one arrives (or is corrected). `saleId` is the
 * later sale, `otherSaleId` the earlier; seller, team and office are the later sale's, for the rule conditions.
 * Listed within the window back office has set (`daysApart`); confirmed (one of them becomes regret) or dismissed.
 */
export const [saleDoubles, saleDoublesPg] = table(
  'sale_doubles',
  (k) => ({
    id: k.id(),
    saleId: k.ref('sale_id', () => sales, 'cascade').notNull(),
    otherSaleId: k.ref('other_sale_id', () => sales, 'cascade').notNull(),
    customerKey: k.text('customer_key').notNull(),
    providerId: k.text('provider_id').notNull(),
    sellerId: k.text('seller_id').notNull(),
    teamId: k.text('team_id'),
    officeId: k.text('office_id'),
    daysApart: k.integer('days_apart').notNull(),
    detectedAt: k.ms('detected_at').notNull(),
    state: k.text('state').$type<DoubleState>().notNull(),
    /** 1 while open: the work list's one-value filter */
    pending: k.integer('pending').notNull(),
    decidedAt: k.ms('decided_at'),
    decidedById: k.text('decided_by_id'),
    /** the sale that became regret when confirmed */
    regretSaleId: k.text('regret_sale_id'),
    note: k.text('note'),
  }),
  (t, k) => [
    k.uniqueIndex('sale_doubles_pair').on(t.saleId, t.otherSaleId),
    k.index('sale_doubles_other').on(t.otherSaleId),
    k.index('sale_doubles_pending').on(t.pending, t.detectedAt, t.id),
    k.index('sale_doubles_team').on(t.teamId, t.pending, t.detectedAt, t.id),
    k.index('sale_doubles_office').on(t.officeId, t.pending, t.detectedAt, t.id),
    k.index('sale_doubles_seller').on(t.sellerId, t.pending, t.detectedAt, t.id),
  ],
)

/** The sales area's settings, one row ("global"): the double-sale window back office has set, and whether sales get a position. */
export const [saleSettings, saleSettingsPg] = table('sale_settings', (k) => ({
  id: k.text('id').primaryKey(),
  doubleWindowDays: k.integer('double_window_days').notNull(),
  /** whether sellers' devices record where a sale is registered (docs/decisions/074) */
  recordPositions: k.bool('record_positions').notNull().default(false),
  updatedAt: k.ms('updated_at').notNull(),
  updatedById: k.text('updated_by_id'),
}))

/** A summary row's place: the seller's team and office at the time of the sale ('' for none), and the provider. */
const place = (k: Kit) => ({
  teamId: k.text('team_id').notNull(),
  officeId: k.text('office_id').notNull(),
  providerId: k.text('provider_id').notNull(),
})

/** A summary row's four sums, in öre: the order value, the seller's and the company's commission, the company's cost. */
const sums = (k: Kit) => ({
  orderValueOre: k.bigint('order_value_ore').notNull(),
  sellerCommissionOre: k.bigint('seller_commission_ore').notNull(),
  companyCommissionOre: k.bigint('company_commission_ore').notNull(),
  companyCostOre: k.bigint('company_cost_ore').notNull(),
})

/**
 * The sales summary (issue 19, docs/decisions/046): the sale reports added up per business day, seller, the
 * seller's team and office at the time of the sale, provider and status. Written only by the sales service, in
 * the transaction of the change it adds up (a sale arriving, a move, a correction), so it is never behind; the
 * dashboards, statistics and profitability read it instead of the sales. No team or office is '' (a key column
 * is never null, so each combination has one row). A row whose count reaches zero is removed.
 */
export const [saleDayTotals, saleDayTotalsPg] = table(
  'sale_day_totals',
  (k) => ({
    sellDate: k.text('sell_date').notNull(),
    sellerId: k.text('seller_id').notNull(),
    ...place(k),
    status: k.text('status').$type<SaleStatus>().notNull(),
    sales: k.integer('sales').notNull(),
    ...sums(k),
  }),
  (t, k) => [
    k.primaryKey({ columns: [t.sellDate, t.sellerId, t.teamId, t.officeId, t.providerId, t.status] }),
    k.index('sale_day_totals_team').on(t.teamId, t.sellDate),
    k.index('sale_day_totals_office').on(t.officeId, t.sellDate),
    k.index('sale_day_totals_seller').on(t.sellerId, t.sellDate),
    // The figures of a period's days by team or by day, read from the index alone (order statistics, decision 048).
    k.index('sale_day_totals_by_day').on(t.sellDate, t.teamId, t.officeId, t.status, t.sales, t.orderValueOre),
  ],
)

/**
 * The sales summary per product: the sale lines added up per the same keys and the product — how many lines, the
 * quantity, and each amount (a line's figure times its quantity, so a day's products add up to its totals).
 */
export const [saleDayProducts, saleDayProductsPg] = table(
  'sale_day_products',
  (k) => ({
    sellDate: k.text('sell_date').notNull(),
    sellerId: k.text('seller_id').notNull(),
    ...place(k),
    productId: k.text('product_id').notNull(),
    status: k.text('status').$type<SaleStatus>().notNull(),
    lines: k.integer('lines').notNull(),
    quantity: k.integer('quantity').notNull(),
    ...sums(k),
  }),
  (t, k) => [
    k.primaryKey({ columns: [t.sellDate, t.sellerId, t.teamId, t.officeId, t.providerId, t.productId, t.status] }),
    k.index('sale_day_products_team').on(t.teamId, t.sellDate),
    k.index('sale_day_products_office').on(t.officeId, t.sellDate),
    k.index('sale_day_products_seller').on(t.sellerId, t.sellDate),
    // The whole organisation's days at a period's ends (the month table has the rest), read from the index alone.
    k.index('sale_day_products_by_day').on(t.sellDate, t.productId, t.status, t.lines, t.quantity, t.orderValueOre),
  ],
)

/**
 * The sales summary per month (docs/decisions/046), kept by the same deltas in the same transaction and read for the
 * whole months of a long period (the day tables give its ends). The totals per calendar month (`YYYY-MM`), team,
 * office, provider and status, without the seller: a year of the whole organisation is tens of thousands of rows
 * instead of the day table's hundreds of thousands.
 */
export const [saleMonthTotals, saleMonthTotalsPg] = table(
  'sale_month_totals',
  (k) => ({
    month: k.text('month').notNull(),
    ...place(k),
    status: k.text('status').$type<SaleStatus>().notNull(),
    sales: k.integer('sales').notNull(),
    ...sums(k),
  }),
  (t, k) => [
    k.primaryKey({ columns: [t.month, t.teamId, t.officeId, t.providerId, t.status] }),
    // By team and by office with the status and amounts: a period's teams or offices are summed from the index alone.
    k
      .index('sale_month_totals_team')
      .on(t.teamId, t.month, t.status, t.sales, t.orderValueOre, t.sellerCommissionOre, t.companyCommissionOre, t.companyCostOre),
    k
      .index('sale_month_totals_office')
      .on(t.officeId, t.month, t.status, t.sales, t.orderValueOre, t.sellerCommissionOre, t.companyCommissionOre, t.companyCostOre),
    // Months by team in the index's order, read from the index alone (order statistics, decision 048).
    k.index('sale_month_totals_by_month').on(t.month, t.teamId, t.officeId, t.status, t.sales, t.orderValueOre),
  ],
)

/**
 * The lines per month, provider, product and status, for the whole organisation only: with 500 products a team's or
 * an office's month hardly adds up (a few lines per product and status), while the whole organisation's year is
 * about 30 times fewer rows than its days. A team's, an office's or a seller's products read the day table by its
 * index.
 */
export const [saleMonthProducts, saleMonthProductsPg] = table(
  'sale_month_products',
  (k) => ({
    month: k.text('month').notNull(),
    providerId: k.text('provider_id').notNull(),
    productId: k.text('product_id').notNull(),
    status: k.text('status').$type<SaleStatus>().notNull(),
    lines: k.integer('lines').notNull(),
    quantity: k.integer('quantity').notNull(),
    ...sums(k),
  }),
  (t, k) => [k.primaryKey({ columns: [t.month, t.providerId, t.productId, t.status] })],
)

/**
 * What changes to the two month tables above are still to be added (issue 40, docs/decisions/063): a sale's
 * transaction appends its month deltas here — rows nobody else writes — instead of updating the month rows every
 * seller's sale shares, so concurrent pushes never wait on or conflict over them. The fold (sales.summary.ts) adds
 * them up into the month tables and removes them, shortly after the commit and before any read of the month tables.
 * `kind` says which table a row is for: `totals` (team, office, provider, status; `sales`) or `products`
 * (provider, product, status; `lines` and `quantity`); the other table's key columns are ''.
 */
export const [saleMonthPending, saleMonthPendingPg] = table('sale_month_pending', (k) => ({
  id: k.bigserial('id'),
  kind: k.text('kind', { enum: ['totals', 'products'] }).notNull(),
  month: k.text('month').notNull(),
  ...place(k),
  productId: k.text('product_id').notNull(),
  status: k.text('status').$type<SaleStatus>().notNull(),
  sales: k.integer('sales').notNull(),
  lines: k.integer('lines').notNull(),
  quantity: k.integer('quantity').notNull(),
  ...sums(k),
}))

/**
 * The standing sales per month and seller (profitability, docs/decisions/051): the sales that stand (the statuses
 * earnings count) per calendar month, seller, and the team and office at the time of the sale — how many and their
 * four amounts. Kept by the same deltas in the same transaction (a move between two standing statuses writes
 * nothing). A year of the whole organisation's sellers is one row per seller and month instead of the day table's
 * row per seller, day, provider and status.
 */
export const [saleMonthSellers, saleMonthSellersPg] = table(
  'sale_month_sellers',
  (k) => ({
    month: k.text('month').notNull(),
    sellerId: k.text('seller_id').notNull(),
    teamId: k.text('team_id').notNull(),
    officeId: k.text('office_id').notNull(),
    sales: k.integer('sales').notNull(),
    ...sums(k),
  }),
  (t, k) => [
    k.primaryKey({ columns: [t.month, t.sellerId, t.teamId, t.officeId] }),
    k.index('sale_month_sellers_team').on(t.teamId, t.month),
    k.index('sale_month_sellers_office').on(t.officeId, t.month),
    // By seller in their order with the amounts: a period's sellers are summed from the index alone, without a sort.
    k.index('sale_month_sellers_seller').on(t.sellerId, t.month, t.sales, t.orderValueOre, t.sellerCommissionOre, t.companyCommissionOre, t.companyCostOre),
  ],
)
