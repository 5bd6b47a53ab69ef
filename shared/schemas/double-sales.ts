import { z } from 'zod'
import { textOrNull } from './text'
import { listQuerySchema } from './pagination'
import type { SaleStatus } from '../rules/sale'
import { DOUBLE_WINDOW_MAX_DAYS, DOUBLE_WINDOW_MIN_DAYS } from '../rules/double-sales'

/** Where a possible double sale stands (docs/decisions/025). */
export const DOUBLE_STATES = ['open', 'confirmed', 'dismissed'] as const
export type DoubleState = (typeof DOUBLE_STATES)[number]

export const DOUBLE_SORT_KEYS = ['detectedAt'] as const

const id = z.string().min(1).max(64)

/**
 * The double-sale list's filters (GET /api/double-sales): the state (open unless named), provider, team, office,
 * seller. Only pairs within the window back office has set are listed.
 */
export const doubleSaleListQuerySchema = listQuerySchema(DOUBLE_SORT_KEYS).extend({
  state: z.enum(DOUBLE_STATES).optional(),
  providerId: id.optional(),
  teamId: id.optional(),
  officeId: id.optional(),
  sellerId: id.optional(),
})
export type DoubleSaleListQuery = z.output<typeof doubleSaleListQuerySchema>

export const doubleSaleIdParamSchema = z.strictObject({ id: z.uuid() })

const note = textOrNull(1000)

/**
 * Confirms a double sale: `regretSaleId` (one of the pair) becomes regret with the reason, based on the version of
 * it the user saw.
 */
export const confirmDoubleSaleSchema = z.strictObject({
  regretSaleId: z.uuid(),
  version: z.number().int().min(0),
  reason: z.string().trim().min(1, { error: 'validation.required' }).max(1000),
})
export type ConfirmDoubleSaleInput = z.input<typeof confirmDoubleSaleSchema>

/** Dismisses a double sale: they are two sales, with an optional note why. */
export const dismissDoubleSaleSchema = z.strictObject({ note })
export type DismissDoubleSaleInput = z.input<typeof dismissDoubleSaleSchema>

/** The sales area's settings (GET and PUT /api/sale-settings). */
export const saleSettingsSchema = z.strictObject({
  doubleWindowDays: z
    .number({ error: 'validation.required' })
    .int()
    .min(DOUBLE_WINDOW_MIN_DAYS, { error: 'validation.saleSettings.window' })
    .max(DOUBLE_WINDOW_MAX_DAYS, { error: 'validation.saleSettings.window' }),
})
export type SaleSettings = z.output<typeof saleSettingsSchema>

type PairSale = {
  id: string
  status: SaleStatus
  version: number
  sellDate: string
  soldAt: number
  sellerName: string
  orderValueOre: number
}

/** A row of the double-sale list: the later sale and the earlier one. */
export type DoubleSaleListItem = {
  id: string
  state: DoubleState
  daysApart: number
  detectedAt: number
  customerName: string
  /** the identity or organisation number, masked unless the user may see customers' */
  customerNumber: string
  providerName: string
  later: PairSale
  earlier: PairSale
  decidedAt: number | null
  regretSaleId: string | null
  note: string | null
}
