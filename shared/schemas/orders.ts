import { z } from 'zod'
import { textOrNull } from './text'
import { calendarDay } from './period'
import { listQuerySchema } from './pagination'
import { ORDER_FIELDS, type OrderField, type OrderMapping } from '../rules/orders'
import type { SaleStatus } from '../rules/sale'

/** What an import did (or, previewed, would do). */
export type OrderImportSummary = {
  rows: number
  /** rows with problems: not imported */
  invalid: number
  created: number
  updated: number
  matchedByOrderNumber: number
  matchedByCustomer: number
  unmatched: number
  /** the file's first and last order date, when it has dates */
  from: string | null
  to: string | null
  /** approved sales of the provider in the file's period with no order registration, flagged (run only) */
  flagged?: number
}

/** A row of the file as the preview shows it: its number in the file, what it read, and its problems or its match. */
export type OrderPreviewRow = {
  row: number
  externalOrderNumber: string | null
  customerName: string | null
  orderDate: string | null
  errors: Partial<Record<OrderField | 'row', string>>
  match: 'order_number' | 'customer_date' | null
}

export const orderImportIdParamSchema = z.strictObject({ id: z.uuid() })
export const orderIdParamSchema = z.strictObject({ id: z.uuid() })

/** The upload's query: whose file it is. The body is the file itself (CSV or XLSX). */
export const orderUploadQuerySchema = z.strictObject({ providerId: z.string().min(1).max(64) })

const header = z.string().trim().min(1).max(200).nullable().optional()
/** Which column of the file holds each field (a header name), null or absent for none. */
export const orderMappingSchema = z.strictObject(Object.fromEntries(ORDER_FIELDS.map((f) => [f, header])) as Record<OrderField, typeof header>)

/** Preview or run an import with this mapping. */
export const orderImportMappingSchema = z.strictObject({ mapping: orderMappingSchema })

/** An uploaded file, ready to map (POST /api/order-imports). */
export type OrderUploadAnswer = {
  id: string
  fileName: string
  providerId: string
  headers: string[]
  rowCount: number
  /** the provider's remembered mapping, or one guessed from the headers */
  mapping: OrderMapping
  mappingRemembered: boolean
  /** the first rows as they stand in the file */
  sample: Array<Record<string, string>>
}

/** What the import would do (POST /api/order-imports/:id/preview); nothing is written but the mapping. */
export type OrderPreviewAnswer = { summary: OrderImportSummary; rows: OrderPreviewRow[] }

/** An import's state (GET /api/order-imports/:id), for the progress bar and the result. */
export type OrderImportState = {
  id: string
  providerId: string
  fileName: string
  status: 'uploaded' | 'queued' | 'running' | 'done' | 'failed'
  progress: { done: number; total: number } | null
  summary: OrderImportSummary | null
  error: string | null
  createdAt: number
  finishedAt: number | null
}

export const ORDER_SORT_KEYS = ['createdAt', 'orderDate'] as const
export const ORDER_MATCH_STATES = ['matched', 'unmatched'] as const

/** The order-registration list's filters (GET /api/order-registrations). */
export const orderListQuerySchema = listQuerySchema(ORDER_SORT_KEYS).extend({
  providerId: z.string().min(1).max(64).optional(),
  match: z.enum(ORDER_MATCH_STATES).optional(),
  importId: z.uuid().optional(),
})
export type OrderListQuery = z.output<typeof orderListQuerySchema>

export type OrderListItem = {
  id: string
  providerName: string
  externalOrderNumber: string | null
  customerName: string | null
  orderDate: string | null
  externalStatus: string | null
  esignStatus: 'signed' | 'unsigned' | null
  matchedBy: 'order_number' | 'customer_date' | 'manual' | null
  sale: { id: string; status: SaleStatus; customerName: string; sellDate: string; sellerName: string } | null
  createdAt: number
}

export type OrderDetail = OrderListItem & {
  providerId: string
  /** the customer's identity or organisation number, masked unless the user may see customers' */
  customerNumber: string | null
  importId: string | null
  updatedAt: number
  activity: Array<{
    at: number
    actorName: string | null
    action: string
    before: Record<string, unknown> | null
    after: Record<string, unknown> | null
    reason: string | null
  }>
}

/** The sale reports of the provider's period that no order registration has (the "Matched Sale Reports" view). */
export const unmatchedSalesQuerySchema = z.strictObject({
  providerId: z.string().min(1).max(64),
  from: calendarDay,
  to: calendarDay,
})
export type UnmatchedSale = { id: string; status: SaleStatus; customerName: string; sellDate: string; sellerName: string; externalOrderNumber: string | null }

/** Back office matches an unmatched order to a sale report by hand (docs/decisions/026), with an optional note. */
export const matchOrderSchema = z.strictObject({
  saleId: z.uuid(),
  note: textOrNull(500),
})
export type MatchOrderInput = z.input<typeof matchOrderSchema>

/** Back office undoes a match (a wrong one, by hand or by the file), saying why. */
export const unmatchOrderSchema = z.strictObject({ reason: z.string().trim().min(1).max(500) })

/** A sale as the order registrations show it beside an order line (the sales area answers it). */
export type OrderSaleSummary = {
  id: string
  status: SaleStatus
  customerName: string
  sellDate: string
  externalOrderNumber: string | null
  providerId: string
  sellerName: string
}
