import { z } from 'zod'
import type { SaleStatus } from '../rules/sale'

/**
 * The navbar's search beyond the screens (issue 41, docs/decisions/061): customers, sale reports, orders and people
 * by name, number or identity number, providers by name and the guides the reader may read by title (issue 70), a
 * seller's own sales by customer, and the teams' areas by name, each kind only for those who may read it and within
 * their rules.
 */
export const SEARCH_KINDS = ['customer', 'saleReport', 'sale', 'order', 'person', 'provider', 'area', 'guide'] as const
export type SearchKind = (typeof SEARCH_KINDS)[number]

/** Hits of each kind in one answer: enough to choose from; the list screens hold the rest. */
export const SEARCH_HITS_PER_KIND = 5

export const searchQuerySchema = z.strictObject({
  q: z.string().trim().min(2).max(100),
})
export type SearchQuery = z.output<typeof searchQuerySchema>

export type SearchHit = {
  kind: SearchKind
  id: string
  /** what the hit is called: a customer's or a person's name, a sale's customer */
  title: string
  /** what tells hits apart, in the order shown: masked identity number, provider, date, team, e-mail… */
  details: string[]
  /** a sale report's or an order's date (YYYY-MM-DD), shown in the reader's date style */
  date?: string | null
  /** a sale report's status */
  status?: SaleStatus
  /** a person who no longer works here */
  inactive?: boolean
  /** the address's query the hit opens with (an area opens the sales planner on its team) */
  params?: Record<string, string>
}

export type SearchAnswer = {
  hits: SearchHit[]
  /** the kinds searched (those this reader may read): the screen says "nothing found" only for these */
  kinds: SearchKind[]
  /** kinds with more hits than shown */
  more: SearchKind[]
}
