import { z } from 'zod'

export const NOTIFICATION_KINDS = ['general', 'deviation'] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export const notificationsQuerySchema = z.strictObject({ kind: z.enum(NOTIFICATION_KINDS) })

export const markReadInputSchema = z.strictObject({
  kind: z.enum(NOTIFICATION_KINDS),
  /** the notifications to mark; all of the kind when left out */
  ids: z.array(z.string().min(1).max(64)).max(100).optional(),
})
export type MarkReadInput = z.input<typeof markReadInputSchema>

export type NotificationItem = {
  id: string
  kind: NotificationKind
  title: string
  message: string
  link: string | null
  fromName: string | null
  read: boolean
  createdAt: number
}

export type NotificationsAnswer = { items: NotificationItem[]; unread: number }

/**
 * How each kind of alert reaches the user (profile → notification settings): in the app (the bells and the
 * popup), as Web Push to their devices while the app is closed, and by e-mail. Deviation alerts always reach
 * the app: a seller must see that a sale needs fixing (docs/decisions/013).
 */
export const NOTIFICATION_CHANNELS = ['inApp', 'push', 'email'] as const
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number]

const channelSettings = z.strictObject({ inApp: z.boolean(), push: z.boolean(), email: z.boolean() })
export const notificationSettingsSchema = z
  .strictObject({ general: channelSettings, deviation: channelSettings })
  .refine((s) => s.deviation.inApp, { error: 'validation.deviationInApp', path: ['deviation', 'inApp'] })
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  general: { inApp: true, push: false, email: false },
  deviation: { inApp: true, push: true, email: true },
}
