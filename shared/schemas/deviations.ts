import { z } from 'zod'
import { listQuerySchema } from './pagination'
import { DEVIATION_TYPES, type DeviationType, type SaleStatus } from '../rules/sale'

/**
 * Where a deviation stands (docs/decisions/024): open (the seller's turn), corrected (the seller corrected the
 * sale: back office's turn), resolved (back office moved the sale on: approved, regret, or a new deviation).
 */
export const DEVIATION_STATES = ['open', 'corrected', 'resolved'] as const
export type DeviationState = (typeof DEVIATION_STATES)[number]

/** Oldest first by default (the work list); also newest first, or by type. */
export const DEVIATION_SORT_KEYS = ['openedAt', 'type'] as const

const id = z.string().min(1).max(64)

/**
 * The deviation list's filters (GET /api/deviations): states (several, comma-separated; none means open and
 * corrected), type, provider, team, office, seller, and free text over the customer and the comment.
 */
export const deviationListQuerySchema = listQuerySchema(DEVIATION_SORT_KEYS).extend({
  state: z
    .string()
    .max(60)
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(z.enum(DEVIATION_STATES)).max(DEVIATION_STATES.length))
    .optional(),
  type: z.enum(DEVIATION_TYPES).optional(),
  providerId: id.optional(),
  teamId: id.optional(),
  officeId: id.optional(),
  sellerId: id.optional(),
})
export type DeviationListQuery = z.output<typeof deviationListQuerySchema>

export const deviationIdParamSchema = z.strictObject({ id: z.uuid() })

/** A row of the deviation list. */
export type DeviationListItem = {
  id: string
  saleId: string
  type: DeviationType
  reason: string
  state: DeviationState
  openedAt: number
  correctedAt: number | null
  resolvedAt: number | null
  resolution: SaleStatus | null
  customerName: string
  sellerName: string
  teamName: string | null
  providerName: string
  sellDate: string
}

/** A deviation as back office opens it (GET /api/deviations/:id), with the sale it concerns. */
export type DeviationDetail = {
  id: string
  type: DeviationType
  reason: string
  state: DeviationState
  openedAt: number
  openedBy: { id: string; name: string } | null
  correctedAt: number | null
  correctionNote: string | null
  resolvedAt: number | null
  resolvedBy: { id: string; name: string } | null
  resolution: SaleStatus | null
  sale: {
    id: string
    status: SaleStatus
    version: number
    /** the statuses this user may move the sale to now (resolving the deviation) */
    allowedNext: SaleStatus[]
    customerName: string
    sellDate: string
    orderValueOre: number
    seller: { id: string; name: string }
    team: { id: string; name: string } | null
    provider: { id: string; name: string }
  }
  /** the sale's logged changes since the deviation was opened, oldest first: the correction's fields among them */
  activity: Array<{
    at: number
    actor: { id: string; name: string } | null
    action: string
    before: Record<string, unknown> | null
    after: Record<string, unknown> | null
    reason: string | null
  }>
  /** the sale's other deviations, newest first */
  others: Array<{ id: string; type: DeviationType; state: DeviationState; openedAt: number; resolution: SaleStatus | null }>
}
