import type { NotificationKind } from '../../../../shared/schemas/notifications'

/** The notifications feature's cache keys: every query and invalidation of its data uses these (docs/how-to.md). */
export const notificationsKeys = {
  /** A navbar bell's latest notifications of one kind (the app's layout and the realtime connection refresh it). */
  bell: (kind: NotificationKind) => ['notifications', kind] as const,
  alertRecipients: ['alert-recipients'] as const,
  audienceRoles: ['audience-roles'] as const,
  audienceSize: (asked: object) => ['audience-size', asked] as const,
  sent: ['sent-messages'] as const,
}
