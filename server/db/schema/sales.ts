import * as p from 'drizzle-orm/pg-core'
import * as s from 'drizzle-orm/sqlite-core'
import type { DeviationType, SaleStatus } from '../../../shared/schemas/sales'
import type { DeviationState } from '../../../shared/schemas/deviations'
import { pq, sq } from './columns'
import { products, productsPg, providers, providersPg } from './catalog'
import { users, usersPg } from './identity'

/** Sale reports, their lines and their status history. Each table twice, SQLite then PostgreSQL (conventions in ./sqlite.ts). */

/**
 * Sale reports (spec section 3). Made on a seller's device and delivered by the sync queue; amounts are
 * computed by the server from the product settings when the sale arrives. Team and office are the
 * seller's at the time of the sale, for the coach's and manager's conditions.
 */
export const sales = s.sqliteTable(
  'sales',
  {
    id: sq.id(),
    sellerId: s
      .text('seller_id')
      .notNull()
      .references(() => users.id),
    teamId: s.text('team_id'),
    officeId: s.text('office_id'),
    providerId: s
      .text('provider_id')
      .notNull()
      .references(() => providers.id),
    customerType: s.text('customer_type', { enum: ['private', 'company'] }).notNull(),
    customerSsn: s.text('customer_ssn'),
    customerName: s.text('customer_name').notNull(),
    email: s.text('email'),
    phone: s.text('phone').notNull(),
    companyName: s.text('company_name'),
    orgNumber: s.text('org_number'),
    /** the customer as one key (shared/rules/double-sales.ts): double sales and the customer register find them by it */
    customerKey: s.text('customer_key'),
    postalCode: s.text('postal_code').notNull(),
    city: s.text('city').notNull(),
    address: s.text('address').notNull(),
    message: s.text('message'),
    externalOrderNumber: s.text('external_order_number'),
    checklistFileId: s.text('checklist_file_id'),
    status: s.text('status').$type<SaleStatus>().notNull(),
    externalStatus: s.text('external_status'),
    deviationType: s.text('deviation_type').$type<DeviationType>(),
    deviationReason: s.text('deviation_reason'),
    /** the grade of its quality survey (docs/decisions/045), written from the quality area's event */
    qualityGrade: s.text('quality_grade'),
    soldAt: s.integer('sold_at').notNull(),
    sellDate: s.text('sell_date').notNull(),
    orderValueOre: s.integer('order_value_ore').notNull(),
    sellerCommissionOre: s.integer('seller_commission_ore').notNull(),
    companyCommissionOre: s.integer('company_commission_ore').notNull(),
    companyCostOre: s.integer('company_cost_ore').notNull(),
    version: s.integer('version').notNull(),
    createdAt: sq.createdAt(),
    updatedAt: sq.updatedAt(),
  },
  (t) => [s.index('sales_seller_version').on(t.sellerId, t.version), ...listIndexes(t)],
)

export const salesPg = p.pgTable(
  'sales',
  {
    id: pq.id(),
    sellerId: p
      .text('seller_id')
      .notNull()
      .references(() => usersPg.id),
    teamId: p.text('team_id'),
    officeId: p.text('office_id'),
    providerId: p
      .text('provider_id')
      .notNull()
      .references(() => providersPg.id),
    customerType: p.text('customer_type', { enum: ['private', 'company'] }).notNull(),
    customerSsn: p.text('customer_ssn'),
    customerName: p.text('customer_name').notNull(),
    email: p.text('email'),
    phone: p.text('phone').notNull(),
    companyName: p.text('company_name'),
    orgNumber: p.text('org_number'),
    customerKey: p.text('customer_key'),
    postalCode: p.text('postal_code').notNull(),
    city: p.text('city').notNull(),
    address: p.text('address').notNull(),
    message: p.text('message'),
    externalOrderNumber: p.text('external_order_number'),
    checklistFileId: p.text('checklist_file_id'),
    status: p.text('status').$type<SaleStatus>().notNull(),
    externalStatus: p.text('external_status'),
    deviationType: p.text('deviation_type').$type<DeviationType>(),
    deviationReason: p.text('deviation_reason'),
    qualityGrade: p.text('quality_grade'),
    soldAt: pq.ms('sold_at').notNull(),
    sellDate: p.text('sell_date').notNull(),
    orderValueOre: p.integer('order_value_ore').notNull(),
    sellerCommissionOre: p.integer('seller_commission_ore').notNull(),
    companyCommissionOre: p.integer('company_commission_ore').notNull(),
    companyCostOre: p.integer('company_cost_ore').notNull(),
    version: p.integer('version').notNull(),
    createdAt: pq.createdAt(),
    updatedAt: pq.updatedAt(),
  },
  (t) => [p.index('sales_seller_version').on(t.sellerId, t.version), ...listIndexesPg(t)],
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
type PgIndexColumn = Parameters<ReturnType<typeof p.index>['on']>[0]
function listIndexes(t: Record<Indexed, SqliteIndexColumn>) {
  const newest = [t.sellDate, t.soldAt, t.id] as const
  // The status last in the per-filter indexes: a filter with a status (a team's approved reports) is counted from
  // the index alone, without reading each row (docs/benchmarks.md).
  return [
    s.index('sales_date').on(...newest),
    s.index('sales_status_date').on(t.status, ...newest),
    s.index('sales_provider_date').on(t.providerId, ...newest, t.status),
    s.index('sales_team_date').on(t.teamId, ...newest, t.status),
    s.index('sales_office_date').on(t.officeId, ...newest, t.status),
    s.index('sales_seller_date').on(t.sellerId, ...newest, t.status),
    s.index('sales_value').on(t.orderValueOre, t.id),
    s.index('sales_customer').on(t.customerName, t.id),
    s.index('sales_customer_key').on(t.customerKey, t.providerId, t.sellDate, t.soldAt, t.id),
    s.index('sales_order_number').on(t.providerId, t.externalOrderNumber),
  ]
}
function listIndexesPg(t: Record<Indexed, PgIndexColumn>) {
  const newest = [t.sellDate, t.soldAt, t.id] as const
  return [
    p.index('sales_date').on(...newest),
    p.index('sales_status_date').on(t.status, ...newest),
    p.index('sales_provider_date').on(t.providerId, ...newest, t.status),
    p.index('sales_team_date').on(t.teamId, ...newest, t.status),
    p.index('sales_office_date').on(t.officeId, ...newest, t.status),
    p.index('sales_seller_date').on(t.sellerId, ...newest, t.status),
    p.index('sales_value').on(t.orderValueOre, t.id),
    p.index('sales_customer').on(t.customerName, t.id),
    p.index('sales_customer_key').on(t.customerKey, t.providerId, t.sellDate, t.soldAt, t.id),
    p.index('sales_order_number').on(t.providerId, t.externalOrderNumber),
  ]
}

/** The products of a sale, with the product settings they were priced with. */
export const saleLines = s.sqliteTable(
  'sale_lines',
  {
    id: sq.id(),
    saleId: s
      .text('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    productId: s
      .text('product_id')
      .notNull()
      .references(() => products.id),
    productName: s.text('product_name').notNull(),
    quantity: s.integer('quantity').notNull(),
    priceOre: s.integer('price_ore').notNull(),
    sellerCommissionOre: s.integer('seller_commission_ore').notNull(),
    companyCommissionOre: s.integer('company_commission_ore').notNull(),
    companyCostOre: s.integer('company_cost_ore').notNull(),
    position: s.integer('position').notNull(),
  },
  (t) => [s.index('sale_lines_sale').on(t.saleId), s.index('sale_lines_product').on(t.productId, t.saleId)],
)

export const saleLinesPg = p.pgTable(
  'sale_lines',
  {
    id: pq.id(),
    saleId: p
      .text('sale_id')
      .notNull()
      .references(() => salesPg.id, { onDelete: 'cascade' }),
    productId: p
      .text('product_id')
      .notNull()
      .references(() => productsPg.id),
    productName: p.text('product_name').notNull(),
    quantity: p.integer('quantity').notNull(),
    priceOre: p.integer('price_ore').notNull(),
    sellerCommissionOre: p.integer('seller_commission_ore').notNull(),
    companyCommissionOre: p.integer('company_commission_ore').notNull(),
    companyCostOre: p.integer('company_cost_ore').notNull(),
    position: p.integer('position').notNull(),
  },
  (t) => [p.index('sale_lines_sale').on(t.saleId), p.index('sale_lines_product').on(t.productId, t.saleId)],
)

export const saleStatusHistory = s.sqliteTable(
  'sale_status_history',
  {
    id: sq.id(),
    saleId: s
      .text('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    status: s.text('status').$type<SaleStatus>().notNull(),
    note: s.text('note'),
    byUserId: s.text('by_user_id'),
    at: s.integer('at').notNull(),
  },
  (t) => [s.index('sale_status_history_sale').on(t.saleId, t.at)],
)

export const saleStatusHistoryPg = p.pgTable(
  'sale_status_history',
  {
    id: pq.id(),
    saleId: p
      .text('sale_id')
      .notNull()
      .references(() => salesPg.id, { onDelete: 'cascade' }),
    status: p.text('status').$type<SaleStatus>().notNull(),
    note: p.text('note'),
    byUserId: p.text('by_user_id'),
    at: pq.ms('at').notNull(),
  },
  (t) => [p.index('sale_status_history_sale').on(t.saleId, t.at)],
)

/**
 * Deviations (issue 14, docs/decisions/024): each time back office marks a sale report as a deviation, a record of
 * it — its type and comment, who opened it, the seller's correction, and who resolved it with which move. The sale
 * keeps only its current deviation (what the seller's device shows); this is back office's work list and its
 * history. Seller, team, office and provider are the sale's, for the same rule conditions and filters as the
 * sale-report list. Written only by the sales service, with the move that causes it.
 */
export const saleDeviations = s.sqliteTable(
  'sale_deviations',
  {
    id: sq.id(),
    saleId: s
      .text('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    sellerId: s.text('seller_id').notNull(),
    teamId: s.text('team_id'),
    officeId: s.text('office_id'),
    providerId: s.text('provider_id').notNull(),
    type: s.text('type').$type<DeviationType>().notNull(),
    reason: s.text('reason').notNull(),
    /** the sale's customer name, company and order number, lower-cased: the list's free text, over its own rows */
    searchText: s.text('search_text').notNull().default(''),
    state: s.text('state').$type<DeviationState>().notNull(),
    /** 1 while open or corrected, 0 once resolved: the work list's one-value filter, in its index's order */
    pending: s.integer('pending').notNull(),
    openedAt: s.integer('opened_at').notNull(),
    openedById: s.text('opened_by_id'),
    correctedAt: s.integer('corrected_at'),
    correctionNote: s.text('correction_note'),
    resolvedAt: s.integer('resolved_at'),
    resolvedById: s.text('resolved_by_id'),
    /** the status the sale moved to when it was resolved */
    resolution: s.text('resolution').$type<SaleStatus>(),
  },
  (t) => [
    s.index('sale_deviations_sale').on(t.saleId, t.openedAt),
    s.index('sale_deviations_pending').on(t.pending, t.openedAt, t.id),
    s.index('sale_deviations_team').on(t.teamId, t.pending, t.openedAt, t.id),
    s.index('sale_deviations_office').on(t.officeId, t.pending, t.openedAt, t.id),
    s.index('sale_deviations_seller').on(t.sellerId, t.pending, t.openedAt, t.id),
    s.index('sale_deviations_opened').on(t.openedAt, t.id),
  ],
)

export const saleDeviationsPg = p.pgTable(
  'sale_deviations',
  {
    id: pq.id(),
    saleId: p
      .text('sale_id')
      .notNull()
      .references(() => salesPg.id, { onDelete: 'cascade' }),
    sellerId: p.text('seller_id').notNull(),
    teamId: p.text('team_id'),
    officeId: p.text('office_id'),
    providerId: p.text('provider_id').notNull(),
    type: p.text('type').$type<DeviationType>().notNull(),
    reason: p.text('reason').notNull(),
    searchText: p.text('search_text').notNull().default(''),
    state: p.text('state').$type<DeviationState>().notNull(),
    /** 1 while open or corrected, 0 once resolved: the work list's one-value filter, in its index's order */
    pending: p.integer('pending').notNull(),
    openedAt: pq.ms('opened_at').notNull(),
    openedById: p.text('opened_by_id'),
    correctedAt: pq.ms('corrected_at'),
    correctionNote: p.text('correction_note'),
    resolvedAt: pq.ms('resolved_at'),
    resolvedById: p.text('resolved_by_id'),
    resolution: p.text('resolution').$type<SaleStatus>(),
  },
  (t) => [
    p.index('sale_deviations_sale').on(t.saleId, t.openedAt),
    p.index('sale_deviations_pending').on(t.pending, t.openedAt, t.id),
    p.index('sale_deviations_team').on(t.teamId, t.pending, t.openedAt, t.id),
    p.index('sale_deviations_office').on(t.officeId, t.pending, t.openedAt, t.id),
    p.index('sale_deviations_seller').on(t.sellerId, t.pending, t.openedAt, t.id),
    p.index('sale_deviations_opened').on(t.openedAt, t.id),
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
export const saleDoubles = s.sqliteTable(
  'sale_doubles',
  {
    id: sq.id(),
    saleId: s
      .text('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    otherSaleId: s
      .text('other_sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    customerKey: s.text('customer_key').notNull(),
    providerId: s.text('provider_id').notNull(),
    sellerId: s.text('seller_id').notNull(),
    teamId: s.text('team_id'),
    officeId: s.text('office_id'),
    daysApart: s.integer('days_apart').notNull(),
    detectedAt: s.integer('detected_at').notNull(),
    state: s.text('state').$type<DoubleState>().notNull(),
    /** 1 while open: the work list's one-value filter */
    pending: s.integer('pending').notNull(),
    decidedAt: s.integer('decided_at'),
    decidedById: s.text('decided_by_id'),
    /** the sale that became regret when confirmed */
    regretSaleId: s.text('regret_sale_id'),
    note: s.text('note'),
  },
  (t) => [
    s.uniqueIndex('sale_doubles_pair').on(t.saleId, t.otherSaleId),
    s.index('sale_doubles_other').on(t.otherSaleId),
    s.index('sale_doubles_pending').on(t.pending, t.detectedAt, t.id),
    s.index('sale_doubles_team').on(t.teamId, t.pending, t.detectedAt, t.id),
    s.index('sale_doubles_office').on(t.officeId, t.pending, t.detectedAt, t.id),
    s.index('sale_doubles_seller').on(t.sellerId, t.pending, t.detectedAt, t.id),
  ],
)

export const saleDoublesPg = p.pgTable(
  'sale_doubles',
  {
    id: pq.id(),
    saleId: p
      .text('sale_id')
      .notNull()
      .references(() => salesPg.id, { onDelete: 'cascade' }),
    otherSaleId: p
      .text('other_sale_id')
      .notNull()
      .references(() => salesPg.id, { onDelete: 'cascade' }),
    customerKey: p.text('customer_key').notNull(),
    providerId: p.text('provider_id').notNull(),
    sellerId: p.text('seller_id').notNull(),
    teamId: p.text('team_id'),
    officeId: p.text('office_id'),
    daysApart: p.integer('days_apart').notNull(),
    detectedAt: pq.ms('detected_at').notNull(),
    state: p.text('state').$type<DoubleState>().notNull(),
    pending: p.integer('pending').notNull(),
    decidedAt: pq.ms('decided_at'),
    decidedById: p.text('decided_by_id'),
    regretSaleId: p.text('regret_sale_id'),
    note: p.text('note'),
  },
  (t) => [
    p.uniqueIndex('sale_doubles_pair').on(t.saleId, t.otherSaleId),
    p.index('sale_doubles_other').on(t.otherSaleId),
    p.index('sale_doubles_pending').on(t.pending, t.detectedAt, t.id),
    p.index('sale_doubles_team').on(t.teamId, t.pending, t.detectedAt, t.id),
    p.index('sale_doubles_office').on(t.officeId, t.pending, t.detectedAt, t.id),
    p.index('sale_doubles_seller').on(t.sellerId, t.pending, t.detectedAt, t.id),
  ],
)

/** The sales area's settings, one row ("global"): the double-sale window back office has set. */
export const saleSettings = s.sqliteTable('sale_settings', {
  id: s.text('id').primaryKey(),
  doubleWindowDays: s.integer('double_window_days').notNull(),
  updatedAt: s.integer('updated_at').notNull(),
  updatedById: s.text('updated_by_id'),
})

export const saleSettingsPg = p.pgTable('sale_settings', {
  id: p.text('id').primaryKey(),
  doubleWindowDays: p.integer('double_window_days').notNull(),
  updatedAt: pq.ms('updated_at').notNull(),
  updatedById: p.text('updated_by_id'),
})

/**
 * The sales summary (issue 19, docs/decisions/046): the sale reports added up per business day, seller, the
 * seller's team and office at the time of the sale, provider and status. Written only by the sales service, in
 * the transaction of the change it adds up (a sale arriving, a move, a correction), so it is never behind; the
 * dashboards, statistics and profitability read it instead of the sales. No team or office is '' (a key column
 * is never null, so each combination has one row). A row whose count reaches zero is removed.
 */
export const saleDayTotals = s.sqliteTable(
  'sale_day_totals',
  {
    sellDate: s.text('sell_date').notNull(),
    sellerId: s.text('seller_id').notNull(),
    teamId: s.text('team_id').notNull(),
    officeId: s.text('office_id').notNull(),
    providerId: s.text('provider_id').notNull(),
    status: s.text('status').$type<SaleStatus>().notNull(),
    sales: s.integer('sales').notNull(),
    orderValueOre: s.integer('order_value_ore').notNull(),
    sellerCommissionOre: s.integer('seller_commission_ore').notNull(),
    companyCommissionOre: s.integer('company_commission_ore').notNull(),
    companyCostOre: s.integer('company_cost_ore').notNull(),
  },
  (t) => [
    s.primaryKey({ columns: [t.sellDate, t.sellerId, t.teamId, t.officeId, t.providerId, t.status] }),
    s.index('sale_day_totals_team').on(t.teamId, t.sellDate),
    s.index('sale_day_totals_office').on(t.officeId, t.sellDate),
    s.index('sale_day_totals_seller').on(t.sellerId, t.sellDate),
    // The figures of a period's days by team or by day, read from the index alone (order statistics, decision 048).
    s.index('sale_day_totals_by_day').on(t.sellDate, t.teamId, t.officeId, t.status, t.sales, t.orderValueOre),
  ],
)

export const saleDayTotalsPg = p.pgTable(
  'sale_day_totals',
  {
    sellDate: p.text('sell_date').notNull(),
    sellerId: p.text('seller_id').notNull(),
    teamId: p.text('team_id').notNull(),
    officeId: p.text('office_id').notNull(),
    providerId: p.text('provider_id').notNull(),
    status: p.text('status').$type<SaleStatus>().notNull(),
    sales: p.integer('sales').notNull(),
    orderValueOre: p.bigint('order_value_ore', { mode: 'number' }).notNull(),
    sellerCommissionOre: p.bigint('seller_commission_ore', { mode: 'number' }).notNull(),
    companyCommissionOre: p.bigint('company_commission_ore', { mode: 'number' }).notNull(),
    companyCostOre: p.bigint('company_cost_ore', { mode: 'number' }).notNull(),
  },
  (t) => [
    p.primaryKey({ columns: [t.sellDate, t.sellerId, t.teamId, t.officeId, t.providerId, t.status] }),
    p.index('sale_day_totals_team').on(t.teamId, t.sellDate),
    p.index('sale_day_totals_office').on(t.officeId, t.sellDate),
    p.index('sale_day_totals_seller').on(t.sellerId, t.sellDate),
    // The figures of a period's days by team or by day, read from the index alone (order statistics, decision 048).
    p.index('sale_day_totals_by_day').on(t.sellDate, t.teamId, t.officeId, t.status, t.sales, t.orderValueOre),
  ],
)

/**
 * The sales summary per product: the sale lines added up per the same keys and the product — how many lines, the
 * quantity, and each amount (a line's figure times its quantity, so a day's products add up to its totals).
 */
export const saleDayProducts = s.sqliteTable(
  'sale_day_products',
  {
    sellDate: s.text('sell_date').notNull(),
    sellerId: s.text('seller_id').notNull(),
    teamId: s.text('team_id').notNull(),
    officeId: s.text('office_id').notNull(),
    providerId: s.text('provider_id').notNull(),
    productId: s.text('product_id').notNull(),
    status: s.text('status').$type<SaleStatus>().notNull(),
    lines: s.integer('lines').notNull(),
    quantity: s.integer('quantity').notNull(),
    orderValueOre: s.integer('order_value_ore').notNull(),
    sellerCommissionOre: s.integer('seller_commission_ore').notNull(),
    companyCommissionOre: s.integer('company_commission_ore').notNull(),
    companyCostOre: s.integer('company_cost_ore').notNull(),
  },
  (t) => [
    s.primaryKey({ columns: [t.sellDate, t.sellerId, t.teamId, t.officeId, t.providerId, t.productId, t.status] }),
    s.index('sale_day_products_team').on(t.teamId, t.sellDate),
    s.index('sale_day_products_office').on(t.officeId, t.sellDate),
    s.index('sale_day_products_seller').on(t.sellerId, t.sellDate),
    // The whole organisation's days at a period's ends (the month table has the rest), read from the index alone.
    s.index('sale_day_products_by_day').on(t.sellDate, t.productId, t.status, t.lines, t.quantity, t.orderValueOre),
  ],
)

export const saleDayProductsPg = p.pgTable(
  'sale_day_products',
  {
    sellDate: p.text('sell_date').notNull(),
    sellerId: p.text('seller_id').notNull(),
    teamId: p.text('team_id').notNull(),
    officeId: p.text('office_id').notNull(),
    providerId: p.text('provider_id').notNull(),
    productId: p.text('product_id').notNull(),
    status: p.text('status').$type<SaleStatus>().notNull(),
    lines: p.integer('lines').notNull(),
    quantity: p.integer('quantity').notNull(),
    orderValueOre: p.bigint('order_value_ore', { mode: 'number' }).notNull(),
    sellerCommissionOre: p.bigint('seller_commission_ore', { mode: 'number' }).notNull(),
    companyCommissionOre: p.bigint('company_commission_ore', { mode: 'number' }).notNull(),
    companyCostOre: p.bigint('company_cost_ore', { mode: 'number' }).notNull(),
  },
  (t) => [
    p.primaryKey({ columns: [t.sellDate, t.sellerId, t.teamId, t.officeId, t.providerId, t.productId, t.status] }),
    p.index('sale_day_products_team').on(t.teamId, t.sellDate),
    p.index('sale_day_products_office').on(t.officeId, t.sellDate),
    p.index('sale_day_products_seller').on(t.sellerId, t.sellDate),
    // The whole organisation's days at a period's ends (the month table has the rest), read from the index alone.
    p.index('sale_day_products_by_day').on(t.sellDate, t.productId, t.status, t.lines, t.quantity, t.orderValueOre),
  ],
)

/**
 * The sales summary per month (docs/decisions/046), kept by the same deltas in the same transaction and read for the
 * whole months of a long period (the day tables give its ends). The totals per calendar month (`YYYY-MM`), team,
 * office, provider and status, without the seller: a year of the whole organisation is tens of thousands of rows
 * instead of the day table's hundreds of thousands.
 */
export const saleMonthTotals = s.sqliteTable(
  'sale_month_totals',
  {
    month: s.text('month').notNull(),
    teamId: s.text('team_id').notNull(),
    officeId: s.text('office_id').notNull(),
    providerId: s.text('provider_id').notNull(),
    status: s.text('status').$type<SaleStatus>().notNull(),
    sales: s.integer('sales').notNull(),
    orderValueOre: s.integer('order_value_ore').notNull(),
    sellerCommissionOre: s.integer('seller_commission_ore').notNull(),
    companyCommissionOre: s.integer('company_commission_ore').notNull(),
    companyCostOre: s.integer('company_cost_ore').notNull(),
  },
  (t) => [
    s.primaryKey({ columns: [t.month, t.teamId, t.officeId, t.providerId, t.status] }),
    // By team and by office with the status and amounts: a period's teams or offices are summed from the index alone.
    s
      .index('sale_month_totals_team')
      .on(t.teamId, t.month, t.status, t.sales, t.orderValueOre, t.sellerCommissionOre, t.companyCommissionOre, t.companyCostOre),
    s
      .index('sale_month_totals_office')
      .on(t.officeId, t.month, t.status, t.sales, t.orderValueOre, t.sellerCommissionOre, t.companyCommissionOre, t.companyCostOre),
    // Months by team in the index's order, read from the index alone (order statistics, decision 048).
    s.index('sale_month_totals_by_month').on(t.month, t.teamId, t.officeId, t.status, t.sales, t.orderValueOre),
  ],
)

export const saleMonthTotalsPg = p.pgTable(
  'sale_month_totals',
  {
    month: p.text('month').notNull(),
    teamId: p.text('team_id').notNull(),
    officeId: p.text('office_id').notNull(),
    providerId: p.text('provider_id').notNull(),
    status: p.text('status').$type<SaleStatus>().notNull(),
    sales: p.integer('sales').notNull(),
    orderValueOre: p.bigint('order_value_ore', { mode: 'number' }).notNull(),
    sellerCommissionOre: p.bigint('seller_commission_ore', { mode: 'number' }).notNull(),
    companyCommissionOre: p.bigint('company_commission_ore', { mode: 'number' }).notNull(),
    companyCostOre: p.bigint('company_cost_ore', { mode: 'number' }).notNull(),
  },
  (t) => [
    p.primaryKey({ columns: [t.month, t.teamId, t.officeId, t.providerId, t.status] }),
    // By team and by office with the status and amounts: a period's teams or offices are summed from the index alone.
    p
      .index('sale_month_totals_team')
      .on(t.teamId, t.month, t.status, t.sales, t.orderValueOre, t.sellerCommissionOre, t.companyCommissionOre, t.companyCostOre),
    p
      .index('sale_month_totals_office')
      .on(t.officeId, t.month, t.status, t.sales, t.orderValueOre, t.sellerCommissionOre, t.companyCommissionOre, t.companyCostOre),
    // Months by team in the index's order, read from the index alone (order statistics, decision 048).
    p.index('sale_month_totals_by_month').on(t.month, t.teamId, t.officeId, t.status, t.sales, t.orderValueOre),
  ],
)

/**
 * The lines per month, provider, product and status, for the whole organisation only: with 500 products a team's or
 * an office's month hardly adds up (a few lines per product and status), while the whole organisation's year is
 * about 30 times fewer rows than its days. A team's, an office's or a seller's products read the day table by its
 * index.
 */
export const saleMonthProducts = s.sqliteTable(
  'sale_month_products',
  {
    month: s.text('month').notNull(),
    providerId: s.text('provider_id').notNull(),
    productId: s.text('product_id').notNull(),
    status: s.text('status').$type<SaleStatus>().notNull(),
    lines: s.integer('lines').notNull(),
    quantity: s.integer('quantity').notNull(),
    orderValueOre: s.integer('order_value_ore').notNull(),
    sellerCommissionOre: s.integer('seller_commission_ore').notNull(),
    companyCommissionOre: s.integer('company_commission_ore').notNull(),
    companyCostOre: s.integer('company_cost_ore').notNull(),
  },
  (t) => [s.primaryKey({ columns: [t.month, t.providerId, t.productId, t.status] })],
)

export const saleMonthProductsPg = p.pgTable(
  'sale_month_products',
  {
    month: p.text('month').notNull(),
    providerId: p.text('provider_id').notNull(),
    productId: p.text('product_id').notNull(),
    status: p.text('status').$type<SaleStatus>().notNull(),
    lines: p.integer('lines').notNull(),
    quantity: p.integer('quantity').notNull(),
    orderValueOre: p.bigint('order_value_ore', { mode: 'number' }).notNull(),
    sellerCommissionOre: p.bigint('seller_commission_ore', { mode: 'number' }).notNull(),
    companyCommissionOre: p.bigint('company_commission_ore', { mode: 'number' }).notNull(),
    companyCostOre: p.bigint('company_cost_ore', { mode: 'number' }).notNull(),
  },
  (t) => [p.primaryKey({ columns: [t.month, t.providerId, t.productId, t.status] })],
)

/**
 * What changes to the two month tables above are still to be added (issue 40, docs/decisions/063): a sale's
 * transaction appends its month deltas here — rows nobody else writes — instead of updating the month rows every
 * seller's sale shares, so concurrent pushes never wait on or conflict over them. The fold (sales.summary.ts) adds
 * them up into the month tables and removes them, shortly after the commit and before any read of the month tables.
 * `kind` says which table a row is for: `totals` (team, office, provider, status; `sales`) or `products`
 * (provider, product, status; `lines` and `quantity`); the other table's key columns are ''.
 */
export const saleMonthPending = s.sqliteTable('sale_month_pending', {
  id: s.integer('id').primaryKey({ autoIncrement: true }),
  kind: s.text('kind', { enum: ['totals', 'products'] }).notNull(),
  month: s.text('month').notNull(),
  teamId: s.text('team_id').notNull(),
  officeId: s.text('office_id').notNull(),
  providerId: s.text('provider_id').notNull(),
  productId: s.text('product_id').notNull(),
  status: s.text('status').$type<SaleStatus>().notNull(),
  sales: s.integer('sales').notNull(),
  lines: s.integer('lines').notNull(),
  quantity: s.integer('quantity').notNull(),
  orderValueOre: s.integer('order_value_ore').notNull(),
  sellerCommissionOre: s.integer('seller_commission_ore').notNull(),
  companyCommissionOre: s.integer('company_commission_ore').notNull(),
  companyCostOre: s.integer('company_cost_ore').notNull(),
})

export const saleMonthPendingPg = p.pgTable('sale_month_pending', {
  id: p.bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  kind: p.text('kind', { enum: ['totals', 'products'] }).notNull(),
  month: p.text('month').notNull(),
  teamId: p.text('team_id').notNull(),
  officeId: p.text('office_id').notNull(),
  providerId: p.text('provider_id').notNull(),
  productId: p.text('product_id').notNull(),
  status: p.text('status').$type<SaleStatus>().notNull(),
  sales: p.integer('sales').notNull(),
  lines: p.integer('lines').notNull(),
  quantity: p.integer('quantity').notNull(),
  orderValueOre: p.bigint('order_value_ore', { mode: 'number' }).notNull(),
  sellerCommissionOre: p.bigint('seller_commission_ore', { mode: 'number' }).notNull(),
  companyCommissionOre: p.bigint('company_commission_ore', { mode: 'number' }).notNull(),
  companyCostOre: p.bigint('company_cost_ore', { mode: 'number' }).notNull(),
})

/**
 * The standing sales per month and seller (profitability, docs/decisions/051): the sales that stand (the statuses
 * earnings count) per calendar month, seller, and the team and office at the time of the sale — how many and their
 * four amounts. Kept by the same deltas in the same transaction (a move between two standing statuses writes
 * nothing). A year of the whole organisation's sellers is one row per seller and month instead of the day table's
 * row per seller, day, provider and status.
 */
export const saleMonthSellers = s.sqliteTable(
  'sale_month_sellers',
  {
    month: s.text('month').notNull(),
    sellerId: s.text('seller_id').notNull(),
    teamId: s.text('team_id').notNull(),
    officeId: s.text('office_id').notNull(),
    sales: s.integer('sales').notNull(),
    orderValueOre: s.integer('order_value_ore').notNull(),
    sellerCommissionOre: s.integer('seller_commission_ore').notNull(),
    companyCommissionOre: s.integer('company_commission_ore').notNull(),
    companyCostOre: s.integer('company_cost_ore').notNull(),
  },
  (t) => [
    s.primaryKey({ columns: [t.month, t.sellerId, t.teamId, t.officeId] }),
    s.index('sale_month_sellers_team').on(t.teamId, t.month),
    s.index('sale_month_sellers_office').on(t.officeId, t.month),
    // By seller in their order with the amounts: a period's sellers are summed from the index alone, without a sort.
    s.index('sale_month_sellers_seller').on(t.sellerId, t.month, t.sales, t.orderValueOre, t.sellerCommissionOre, t.companyCommissionOre, t.companyCostOre),
  ],
)

export const saleMonthSellersPg = p.pgTable(
  'sale_month_sellers',
  {
    month: p.text('month').notNull(),
    sellerId: p.text('seller_id').notNull(),
    teamId: p.text('team_id').notNull(),
    officeId: p.text('office_id').notNull(),
    sales: p.integer('sales').notNull(),
    orderValueOre: p.bigint('order_value_ore', { mode: 'number' }).notNull(),
    sellerCommissionOre: p.bigint('seller_commission_ore', { mode: 'number' }).notNull(),
    companyCommissionOre: p.bigint('company_commission_ore', { mode: 'number' }).notNull(),
    companyCostOre: p.bigint('company_cost_ore', { mode: 'number' }).notNull(),
  },
  (t) => [
    p.primaryKey({ columns: [t.month, t.sellerId, t.teamId, t.officeId] }),
    p.index('sale_month_sellers_team').on(t.teamId, t.month),
    p.index('sale_month_sellers_office').on(t.officeId, t.month),
    // By seller in their order with the amounts: a period's sellers are summed from the index alone, without a sort.
    p.index('sale_month_sellers_seller').on(t.sellerId, t.month, t.sales, t.orderValueOre, t.sellerCommissionOre, t.companyCommissionOre, t.companyCostOre),
  ],
)
