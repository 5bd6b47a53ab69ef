import type { Deps } from '../../platform/deps'

/** A recipient as the users area answers for them (its directory). */
import { notificationsContext, type NotificationsPorts } from './notifications.context'
import { deviceAlerts, gameAndAccountAlerts, saleAlerts } from './notifications.alerts'
import { notificationDelivery } from './notifications.delivery'
import { feedAlerts } from './notifications.feed-alerts'
import { adminMessages, alertRecipients } from './notifications.messages'

export type { NotificationsPorts, Recipient } from './notifications.context'

/**
 * Live alerts (docs/decisions/030). `notify` stores a notification for each recipient whose settings want it in the
 * app, in their own language, puts an e-mail in the outbox for those who chose e-mail for its type, and records `notification.created` for each recipient in the caller's transaction;
 * after the commit `deliver` sends it live on the user's private channel and by Web Push to their devices. So an
 * alert is never sent for a change that rolled back, and never lost when the process dies after the commit.
 * Assembled from its parts: notifications.delivery.ts, .alerts.ts and .messages.ts over notifications.context.ts.
 */
export function notificationsService(deps: Deps, ports: NotificationsPorts) {
  const ctx = notificationsContext(deps, ports)
  const delivery = notificationDelivery(ctx)
  return {
    ...delivery,
    saleAlerts: saleAlerts(ctx, delivery),
    gameAndAccountAlerts: gameAndAccountAlerts(ctx, delivery),
    deviceAlerts: deviceAlerts(ctx, delivery),
    feedAlerts: feedAlerts(ctx, delivery),
    adminMessages: adminMessages(ctx, delivery),
    alertRecipients: alertRecipients(ctx),
  }
}
export type NotificationsService = ReturnType<typeof notificationsService>
