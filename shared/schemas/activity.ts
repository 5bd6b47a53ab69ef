/** One line of an entity's activity log, as the screens' log panels show it (server/platform/activity-log.ts). */
export type ActivityLine = {
  at: number
  action: string
  actor: { id: string; name: string } | null
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
  reason: string | null
}
