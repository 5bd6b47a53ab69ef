import * as p from 'drizzle-orm/pg-core'
import * as s from 'drizzle-orm/sqlite-core'
import type { OrderMapping } from '../../../shared/rules/orders'
import type { OrderImportSummary } from '../../../shared/schemas/orders'
import { pq, sq } from './columns'

/**
 * The orders area (issue 14, docs/decisions/026): order registrations read from providers' order files, each
 * matched to a sale report where one fits; the imports that read them; and each provider's remembered column
 * mapping. Each table twice, SQLite then PostgreSQL (conventions in ./sqlite.ts).
 */

type OrderMatchBy = 'order_number' | 'customer_date' | 'manual'
type ImportStatus = 'uploaded' | 'queued' | 'running' | 'done' | 'failed'

export const orderRegistrations = s.sqliteTable(
  'order_registrations',
  {
    id: sq.id(),
    providerId: s.text('provider_id').notNull(),
    externalOrderNumber: s.text('external_order_number'),
    customerKey: s.text('customer_key'),
    customerName: s.text('customer_name'),
    orderDate: s.text('order_date'),
    externalStatus: s.text('external_status'),
    esignStatus: s.text('esign_status').$type<'signed' | 'unsigned'>(),
    /** the sale report it is matched to, or null (unmatched) */
    saleId: s.text('sale_id'),
    matchedBy: s.text('matched_by').$type<OrderMatchBy>(),
    /** 1 when matched: the list's one-value filter */
    matched: s.integer('matched').notNull(),
    importId: s.text('import_id'),
    createdAt: sq.createdAt(),
    updatedAt: sq.updatedAt(),
  },
  (t) => [
    s.uniqueIndex('order_registrations_number').on(t.providerId, t.externalOrderNumber),
    s.uniqueIndex('order_registrations_sale').on(t.saleId),
    s.index('order_registrations_customer').on(t.providerId, t.customerKey, t.orderDate),
    s.index('order_registrations_list').on(t.matched, t.createdAt, t.id),
    s.index('order_registrations_provider').on(t.providerId, t.matched, t.createdAt, t.id),
    s.index('order_registrations_import').on(t.importId),
  ],
)

export const orderRegistrationsPg = p.pgTable(
  'order_registrations',
  {
    id: pq.id(),
    providerId: p.text('provider_id').notNull(),
    externalOrderNumber: p.text('external_order_number'),
    customerKey: p.text('customer_key'),
    customerName: p.text('customer_name'),
    orderDate: p.text('order_date'),
    externalStatus: p.text('external_status'),
    esignStatus: p.text('esign_status').$type<'signed' | 'unsigned'>(),
    saleId: p.text('sale_id'),
    matchedBy: p.text('matched_by').$type<OrderMatchBy>(),
    matched: p.integer('matched').notNull(),
    importId: p.text('import_id'),
    createdAt: pq.createdAt(),
    updatedAt: pq.updatedAt(),
  },
  (t) => [
    p.uniqueIndex('order_registrations_number').on(t.providerId, t.externalOrderNumber),
    p.uniqueIndex('order_registrations_sale').on(t.saleId),
    p.index('order_registrations_customer').on(t.providerId, t.customerKey, t.orderDate),
    p.index('order_registrations_list').on(t.matched, t.createdAt, t.id),
    p.index('order_registrations_provider').on(t.providerId, t.matched, t.createdAt, t.id),
    p.index('order_registrations_import').on(t.importId),
  ],
)

/** An order file read into the back office: uploaded, previewed with a mapping, then run as a job. */
export const orderImports = s.sqliteTable(
  'order_imports',
  {
    id: sq.id(),
    providerId: s.text('provider_id').notNull(),
    fileId: s.text('file_id').notNull(),
    fileName: s.text('file_name').notNull(),
    status: s.text('status').$type<ImportStatus>().notNull(),
    mapping: s.text('mapping', { mode: 'json' }).$type<OrderMapping | null>(),
    rowCount: s.integer('row_count').notNull(),
    summary: s.text('summary', { mode: 'json' }).$type<OrderImportSummary | null>(),
    jobId: s.text('job_id'),
    createdById: s.text('created_by_id').notNull(),
    createdAt: sq.createdAt(),
    finishedAt: s.integer('finished_at'),
  },
  (t) => [s.index('order_imports_created').on(t.createdAt)],
)

export const orderImportsPg = p.pgTable(
  'order_imports',
  {
    id: pq.id(),
    providerId: p.text('provider_id').notNull(),
    fileId: p.text('file_id').notNull(),
    fileName: p.text('file_name').notNull(),
    status: p.text('status').$type<ImportStatus>().notNull(),
    mapping: p.jsonb('mapping').$type<OrderMapping | null>(),
    rowCount: p.integer('row_count').notNull(),
    summary: p.jsonb('summary').$type<OrderImportSummary | null>(),
    jobId: p.text('job_id'),
    createdById: p.text('created_by_id').notNull(),
    createdAt: pq.createdAt(),
    finishedAt: pq.ms('finished_at'),
  },
  (t) => [p.index('order_imports_created').on(t.createdAt)],
)

/** Each provider's column mapping, remembered from its last import. */
export const orderMappings = s.sqliteTable('order_mappings', {
  providerId: s.text('provider_id').primaryKey(),
  mapping: s.text('mapping', { mode: 'json' }).$type<OrderMapping>().notNull(),
  updatedAt: sq.updatedAt(),
  updatedById: s.text('updated_by_id'),
})

export const orderMappingsPg = p.pgTable('order_mappings', {
  providerId: p.text('provider_id').primaryKey(),
  mapping: p.jsonb('mapping').$type<OrderMapping>().notNull(),
  updatedAt: pq.updatedAt(),
  updatedById: p.text('updated_by_id'),
})
