import type { OrderMapping } from '../../../shared/rules/orders'

import type { OrderImportSummary } from '../../../shared/schemas/orders'

import { table } from './table'

/**
 * The orders area (issue 14, docs/decisions/026): order registrations read from providers' order files, each
 * matched to a sale report where one fits; the imports that read them; and each provider's remembered column
 * mapping. Each table once for both databases (./table.ts; conventions in ./sqlite.ts).
 */

type OrderMatchBy = 'order_number' | 'customer_date' | 'manual'
type ImportStatus = 'uploaded' | 'queued' | 'running' | 'done' | 'failed'

export const [orderRegistrations, orderRegistrationsPg] = table(
  'order_registrations',
  (k) => ({
    id: k.id(),
    providerId: k.text('provider_id').notNull(),
    externalOrderNumber: k.text('external_order_number'),
    customerKey: k.text('customer_key'),
    customerName: k.text('customer_name'),
    orderDate: k.text('order_date'),
    externalStatus: k.text('external_status'),
    esignStatus: k.text('esign_status').$type<'signed' | 'unsigned'>(),
    /** the sale report it is matched to, or null (unmatched) */
    saleId: k.text('sale_id'),
    matchedBy: k.text('matched_by').$type<OrderMatchBy>(),
    /** 1 when matched: the list's one-value filter */
    matched: k.integer('matched').notNull(),
    importId: k.text('import_id'),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [
    k.uniqueIndex('order_registrations_number').on(t.providerId, t.externalOrderNumber),
    k.uniqueIndex('order_registrations_sale').on(t.saleId),
    k.index('order_registrations_customer').on(t.providerId, t.customerKey, t.orderDate),
    k.index('order_registrations_list').on(t.matched, t.createdAt, t.id),
    k.index('order_registrations_provider').on(t.providerId, t.matched, t.createdAt, t.id),
    k.index('order_registrations_import').on(t.importId),
  ],
)

/** An order file read into the back office: uploaded, previewed with a mapping, then run as a job. */
export const [orderImports, orderImportsPg] = table(
  'order_imports',
  (k) => ({
    id: k.id(),
    providerId: k.text('provider_id').notNull(),
    fileId: k.text('file_id').notNull(),
    fileName: k.text('file_name').notNull(),
    status: k.text('status').$type<ImportStatus>().notNull(),
    mapping: k.json('mapping').$type<OrderMapping | null>(),
    rowCount: k.integer('row_count').notNull(),
    summary: k.json('summary').$type<OrderImportSummary | null>(),
    jobId: k.text('job_id'),
    createdById: k.text('created_by_id').notNull(),
    createdAt: k.createdAt(),
    finishedAt: k.ms('finished_at'),
  }),
  (t, k) => [k.index('order_imports_created').on(t.createdAt)],
)

/** Each provider's column mapping, remembered from its last import. */
export const [orderMappings, orderMappingsPg] = table('order_mappings', (k) => ({
  providerId: k.text('provider_id').primaryKey(),
  mapping: k.json('mapping').$type<OrderMapping>().notNull(),
  updatedAt: k.updatedAt(),
  updatedById: k.text('updated_by_id'),
}))
