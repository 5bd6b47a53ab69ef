import type { CommissionLineKind, PayItem } from '../../../shared/rules/pay'

import type { PayExportKind, PayExportParams, PayExportState, PayExportSummary } from '../../../shared/schemas/pay'

import { table } from './table'

import { users } from './identity'

/**
 * Pay (issue 15, docs/decisions/029): the payroll system's codes for the app's pay items, extra income, the
 * commission ledger built from sale events, and the exports with what each payroll export held. Each table once for both databases (./table.ts; conventions in ./sqlite.ts).
 */

/** One row per pay item: its payroll code (null: unmapped, which blocks an export) and a name for FR codes. */
export const [paycodes, paycodesPg] = table('paycodes', (k) => ({
  item: k.text('item').$type<PayItem>().primaryKey(),
  code: k.text('code'),
  name: k.text('name'),
  version: k.integer('version').notNull(),
  updatedById: k.text('updated_by_id'),
  updatedAt: k.updatedAt(),
}))

/** Extra income of a seller's month, set by back office; it travels to the seller's device (`version`). */
export const [extraIncomes, extraIncomesPg] = table(
  'extra_incomes',
  (k) => ({
    id: k.id(),
    userId: k.ref('user_id', () => users).notNull(),
    month: k.text('month').notNull(),
    amountOre: k.integer('amount_ore').notNull(),
    description: k.text('description').notNull(),
    removedAt: k.ms('removed_at'),
    createdById: k.text('created_by_id'),
    version: k.integer('version').notNull(),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [k.index('extra_incomes_month').on(t.month, t.userId), k.index('extra_incomes_user_version').on(t.userId, t.version)],
)

/**
 * The commission ledger: a line for each sale move that pays (first approval) or takes back (a regret of a paid
 * sale), in the month of the move, written once per event (`eventId`). A month's commission is the sum of its lines.
 */
export const [commissionLines, commissionLinesPg] = table(
  'commission_lines',
  (k) => ({
    id: k.id(),
    eventId: k.integer('event_id').notNull().unique(),
    saleId: k.text('sale_id').notNull(),
    userId: k.text('user_id').notNull(),
    month: k.text('month').notNull(),
    kind: k.text('kind').$type<CommissionLineKind>().notNull(),
    amountOre: k.integer('amount_ore').notNull(),
    soldAt: k.ms('sold_at').notNull(),
    at: k.ms('at').notNull(),
  }),
  (t, k) => [k.index('commission_lines_month_user').on(t.month, t.userId), k.index('commission_lines_sale').on(t.saleId)],
)

/** An export asked for (absence or payroll): run as a job, its file kept, who asked and when. */
export const [payExports, payExportsPg] = table(
  'pay_exports',
  (k) => ({
    id: k.id(),
    kind: k.text('kind').$type<PayExportKind>().notNull(),
    format: k.text('format').notNull(),
    /** the payroll export's month (YYYY-MM); null for an absence export */
    month: k.text('month'),
    params: k.json('params').$type<PayExportParams>().notNull(),
    state: k.text('state').$type<PayExportState>().notNull(),
    jobId: k.text('job_id'),
    fileId: k.text('file_id'),
    summary: k.json('summary').$type<PayExportSummary | null>(),
    error: k.text('error'),
    requestedById: k.text('requested_by_id').notNull(),
    requestedAt: k.ms('requested_at').notNull(),
    finishedAt: k.ms('finished_at'),
  }),
  (t, k) => [k.index('pay_exports_kind').on(t.kind, t.requestedAt), k.index('pay_exports_month').on(t.month, t.state)],
)

/** What a finished payroll export held, per employee and pay item: the next export of the month shows what changed. */
export const [payrollExportLines, payrollExportLinesPg] = table(
  'payroll_export_lines',
  (k) => ({
    exportId: k.text('export_id').notNull(),
    userId: k.text('user_id').notNull(),
    item: k.text('item').$type<PayItem>().notNull(),
    /** hours for time, days for per diem, 0 for amounts */
    quantity: k.integer('quantity').notNull(),
    amountOre: k.integer('amount_ore').notNull(),
  }),
  (t, k) => [k.primaryKey({ columns: [t.exportId, t.userId, t.item] })],
)
