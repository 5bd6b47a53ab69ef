import { z } from 'zod'
import { calendarDay } from './period'
import { listQuerySchema } from './pagination'

/** One line of an entity's activity log, as the screens' log panels show it (server/platform/activity-log.ts). */
export type ActivityLine = {
  at: number
  action: string
  actor: { id: string; name: string } | null
  /** whom the actor acted as (an admin's impersonation), when not themselves */
  actingAs?: { id: string; name: string } | null
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
  reason: string | null
}

// ── The activity-log search (admins; docs/decisions/035) ──

/** What the log names, as its entries' `entity`: the search's entity filter offers these. */
export const ACTIVITY_ENTITIES = [
  'user',
  'role',
  'region',
  'office',
  'team',
  'sale_report',
  'double_sale',
  'customer',
  'provider',
  'product',
  'product_category',
  'order_import',
  'order_registration',
  'time_report',
  'time_attestation',
  'sick_notice',
  'checkout',
  'extra_income',
  'paycode',
  'payroll_export',
  'sale_settings',
  'summary',
  'notificationMessage',
  'alertRecipient',
  'terms_version',
  'user_title',
  'coach_group',
  'oph_target',
  'budget',
  'finance_settings',
  'identity_provider',
  'external_account_template',
  'quality_template',
  'quality_survey',
  'game_level',
  'game_competition',
  'game_badge',
  'game_reward',
  'game_purchase',
  'game_coins',
  'assistant_stat',
  'candidate',
  'candidate_settings',
  'device',
  'device_import',
  'device_settings',
  'field_run',
  'field_area',
  'field_visit',
  'postal_positions',
  'map_settings',
  'contract_template',
  'sale_offer',
  'offer_rule',
  'contact_block',
  'display',
  'feed_item',
] as const

const day = calendarDay
const id = z.string().min(1).max(64)

export const activitySearchSchema = listQuerySchema(['at']).extend({
  actorId: id.optional(),
  entity: z
    .string()
    .regex(/^[A-Za-z_]{1,40}$/, { error: 'validation.invalidFormat' })
    .optional(),
  entityId: id.optional(),
  action: z
    .string()
    .regex(/^[A-Za-z_]{1,40}$/, { error: 'validation.invalidFormat' })
    .optional(),
  /** business days (Sweden), both included */
  from: day.optional(),
  to: day.optional(),
})
export type ActivitySearch = z.output<typeof activitySearchSchema>

/** One entry as the log screen lists it. */
export type ActivityEntryItem = {
  /** the entry's number, as text (the table's row key) */
  id: string
  at: number
  entity: string
  entityId: string
  /** what the line is about, by name (a person, a team, a sale's customer), where its area names it */
  entityName: string | null
  action: string
  actor: { id: string; name: string } | null
  /** whom the actor acted as (impersonation), when not themselves */
  actingAs: { id: string; name: string } | null
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
  reason: string | null
}
