import * as p from 'drizzle-orm/pg-core'
import * as s from 'drizzle-orm/sqlite-core'
import type { CommissionLineKind, PayItem } from '../../../shared/rules/pay'
import type { PayExportKind, PayExportParams, PayExportState, PayExportSummary } from '../../../shared/schemas/pay'
import { pq, sq } from './columns'
import { users, usersPg } from './identity'

/**
 * Pay (issue 15, docs/decisions/029): the payroll system's codes for the app's pay items, extra income, the
 * commission ledger built from sale events, and the exports with what each payroll export held. Each table twice,
 * SQLite then PostgreSQL (conventions in ./sqlite.ts).
 */

/** One row per pay item: its payroll code (null: unmapped, which blocks an export) and a name for FR codes. */
export const paycodes = s.sqliteTable('paycodes', {
  item: s.text('item').$type<PayItem>().primaryKey(),
  code: s.text('code'),
  name: s.text('name'),
  version: s.integer('version').notNull(),
  updatedById: s.text('updated_by_id'),
  updatedAt: sq.updatedAt(),
})

export const paycodesPg = p.pgTable('paycodes', {
  item: p.text('item').$type<PayItem>().primaryKey(),
  code: p.text('code'),
  name: p.text('name'),
  version: p.integer('version').notNull(),
  updatedById: p.text('updated_by_id'),
  updatedAt: pq.updatedAt(),
})

/** Extra income of a seller's month, set by back office; it travels to the seller's device (`version`). */
export const extraIncomes = s.sqliteTable(
  'extra_incomes',
  {
    id: sq.id(),
    userId: s
      .text('user_id')
      .notNull()
      .references(() => users.id),
    month: s.text('month').notNull(),
    amountOre: s.integer('amount_ore').notNull(),
    description: s.text('description').notNull(),
    removedAt: s.integer('removed_at'),
    createdById: s.text('created_by_id'),
    version: s.integer('version').notNull(),
    createdAt: sq.createdAt(),
    updatedAt: sq.updatedAt(),
  },
  (t) => [s.index('extra_incomes_month').on(t.month, t.userId), s.index('extra_incomes_user_version').on(t.userId, t.version)],
)

export const extraIncomesPg = p.pgTable(
  'extra_incomes',
  {
    id: pq.id(),
    userId: p
      .text('user_id')
      .notNull()
      .references(() => usersPg.id),
    month: p.text('month').notNull(),
    amountOre: p.integer('amount_ore').notNull(),
    description: p.text('description').notNull(),
    removedAt: pq.ms('removed_at'),
    createdById: p.text('created_by_id'),
    version: p.integer('version').notNull(),
    createdAt: pq.createdAt(),
    updatedAt: pq.updatedAt(),
  },
  (t) => [p.index('extra_incomes_month').on(t.month, t.userId), p.index('extra_incomes_user_version').on(t.userId, t.version)],
)

/**
 * The commission ledger: a line for each sale move that pays (first approval) or takes back (a regret of a paid
 * sale), in the month of the move, written once per event (`eventId`). A month's commission is the sum of its lines.
 */
export const commissionLines = s.sqliteTable(
  'commission_lines',
  {
    id: sq.id(),
    eventId: s.integer('event_id').notNull().unique(),
    saleId: s.text('sale_id').notNull(),
    userId: s.text('user_id').notNull(),
    month: s.text('month').notNull(),
    kind: s.text('kind').$type<CommissionLineKind>().notNull(),
    amountOre: s.integer('amount_ore').notNull(),
    soldAt: s.integer('sold_at').notNull(),
    at: s.integer('at').notNull(),
  },
  (t) => [s.index('commission_lines_month_user').on(t.month, t.userId), s.index('commission_lines_sale').on(t.saleId)],
)

export const commissionLinesPg = p.pgTable(
  'commission_lines',
  {
    id: pq.id(),
    eventId: p.integer('event_id').notNull().unique(),
    saleId: p.text('sale_id').notNull(),
    userId: p.text('user_id').notNull(),
    month: p.text('month').notNull(),
    kind: p.text('kind').$type<CommissionLineKind>().notNull(),
    amountOre: p.integer('amount_ore').notNull(),
    soldAt: pq.ms('sold_at').notNull(),
    at: pq.ms('at').notNull(),
  },
  (t) => [p.index('commission_lines_month_user').on(t.month, t.userId), p.index('commission_lines_sale').on(t.saleId)],
)

/** An export asked for (absence or payroll): run as a job, its file kept, who asked and when. */
export const payExports = s.sqliteTable(
  'pay_exports',
  {
    id: sq.id(),
    kind: s.text('kind').$type<PayExportKind>().notNull(),
    format: s.text('format').notNull(),
    /** the payroll export's month (YYYY-MM); null for an absence export */
    month: s.text('month'),
    params: s.text('params', { mode: 'json' }).$type<PayExportParams>().notNull(),
    state: s.text('state').$type<PayExportState>().notNull(),
    jobId: s.text('job_id'),
    fileId: s.text('file_id'),
    summary: s.text('summary', { mode: 'json' }).$type<PayExportSummary | null>(),
    error: s.text('error'),
    requestedById: s.text('requested_by_id').notNull(),
    requestedAt: s.integer('requested_at').notNull(),
    finishedAt: s.integer('finished_at'),
  },
  (t) => [s.index('pay_exports_kind').on(t.kind, t.requestedAt), s.index('pay_exports_month').on(t.month, t.state)],
)

export const payExportsPg = p.pgTable(
  'pay_exports',
  {
    id: pq.id(),
    kind: p.text('kind').$type<PayExportKind>().notNull(),
    format: p.text('format').notNull(),
    month: p.text('month'),
    params: p.jsonb('params').$type<PayExportParams>().notNull(),
    state: p.text('state').$type<PayExportState>().notNull(),
    jobId: p.text('job_id'),
    fileId: p.text('file_id'),
    summary: p.jsonb('summary').$type<PayExportSummary | null>(),
    error: p.text('error'),
    requestedById: p.text('requested_by_id').notNull(),
    requestedAt: pq.ms('requested_at').notNull(),
    finishedAt: pq.ms('finished_at'),
  },
  (t) => [p.index('pay_exports_kind').on(t.kind, t.requestedAt), p.index('pay_exports_month').on(t.month, t.state)],
)

/** What a finished payroll export held, per employee and pay item: the next export of the month shows what changed. */
export const payrollExportLines = s.sqliteTable(
  'payroll_export_lines',
  {
    exportId: s.text('export_id').notNull(),
    userId: s.text('user_id').notNull(),
    item: s.text('item').$type<PayItem>().notNull(),
    /** hours for time, days for per diem, 0 for amounts */
    quantity: s.integer('quantity').notNull(),
    amountOre: s.integer('amount_ore').notNull(),
  },
  (t) => [s.primaryKey({ columns: [t.exportId, t.userId, t.item] })],
)

export const payrollExportLinesPg = p.pgTable(
  'payroll_export_lines',
  {
    exportId: p.text('export_id').notNull(),
    userId: p.text('user_id').notNull(),
    item: p.text('item').$type<PayItem>().notNull(),
    quantity: p.integer('quantity').notNull(),
    amountOre: p.integer('amount_ore').notNull(),
  },
  (t) => [p.primaryKey({ columns: [t.exportId, t.userId, t.item] })],
)
