import { z } from 'zod'

/** The two bells: general notifications and deviation alerts. */
export const NOTIFICATION_KINDS = ['general', 'deviation'] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/**
 * What a notification is about; the profile's settings are per type (docs/decisions/030). A deviation alert rings
 * the deviation bell, every other type the general one.
 */
export const NOTIFICATION_TYPES = ['deviation', 'saleStatus', 'sickNotice', 'competition', 'general', 'download', 'feedPost', 'feedMine'] as const
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]
export const kindOfType = (type: NotificationType): NotificationKind => (type === 'deviation' ? 'deviation' : 'general')

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
  type: string
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
  .strictObject({
    deviation: channelSettings,
    saleStatus: channelSettings,
    sickNotice: channelSettings,
    competition: channelSettings,
    general: channelSettings,
    /** added with the downloads centre: an app from before it sends none (its default then applies) */
    download: channelSettings.default({ inApp: true, push: true, email: false }),
    /** added with the team feed (docs/decisions/102): a manager's post, and reactions and comments on one's own items */
    feedPost: channelSettings.default({ inApp: true, push: false, email: false }),
    feedMine: channelSettings.default({ inApp: true, push: false, email: false }),
  })
  .refine((s) => s.deviation.inApp, { error: 'validation.deviationInApp', path: ['deviation', 'inApp'] })
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>
export type ChannelSettings = z.infer<typeof channelSettings>

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  deviation: { inApp: true, push: true, email: true },
  saleStatus: { inApp: true, push: true, email: false },
  sickNotice: { inApp: true, push: true, email: false },
  competition: { inApp: true, push: false, email: false },
  general: { inApp: true, push: false, email: false },
  download: { inApp: true, push: true, email: false },
  // Pushed only to those who turn it on (issue 76): a feed is not worth waking a phone for unless asked.
  feedPost: { inApp: true, push: false, email: false },
  feedMine: { inApp: true, push: false, email: false },
}

/** Settings as stored (an older row has only some types): each type missing takes its default. */
export function settingsOf(stored: Partial<Record<string, Partial<ChannelSettings>>> | null | undefined): NotificationSettings {
  const out = { ...DEFAULT_NOTIFICATION_SETTINGS }
  for (const type of NOTIFICATION_TYPES) {
    const s = stored?.[type]
    if (s) out[type] = { ...DEFAULT_NOTIFICATION_SETTINGS[type], ...s }
  }
  out.deviation = { ...out.deviation, inApp: true }
  return out
}

/**
 * A message from an administrator (/user-admin/users/notifications, docs/decisions/031): to everyone, or to the
 * union of chosen people, teams (members and coaches), offices and roles; only the people the sender may see.
 */
const ids = z.array(z.uuid()).max(200).default([])
export const messageAudienceSchema = z
  .strictObject({ everyone: z.boolean().default(false), userIds: ids, teamIds: ids, officeIds: ids, roleIds: ids })
  .refine((a) => a.everyone || a.userIds.length + a.teamIds.length + a.officeIds.length + a.roleIds.length > 0, {
    error: 'validation.audienceEmpty',
    path: ['everyone'],
  })
export type MessageAudienceInput = z.input<typeof messageAudienceSchema>
/** An audience as checked: every list present (empty when not chosen). */
export type MessageAudience = z.output<typeof messageAudienceSchema>

/** A link in a message leads inside the app: a path of ours, never another site. */
const appPath = z
  .string()
  .trim()
  .max(200)
  .regex(/^\/(?![/\\])[^\s]*$/, { error: 'validation.appPath' })
export const sendMessageInputSchema = z.strictObject({
  audience: messageAudienceSchema,
  title: z.string().trim().min(1).max(80),
  message: z.string().trim().min(1).max(1000),
  /** empty: none */
  link: appPath.or(z.literal('')).nullable().optional(),
})
export type SendMessageInput = z.input<typeof sendMessageInputSchema>
export const audiencePreviewSchema = z.strictObject({ audience: messageAudienceSchema })

/** A sent message in the history, with the names of whom it was for. */
export type SentMessageItem = {
  id: string
  title: string
  message: string
  link: string | null
  everyone: boolean
  /** names of the chosen people, teams, offices and roles (in that order) */
  audience: string[]
  recipients: number
  sentByName: string | null
  sentAt: number
}

/** Extra receivers of deviation alerts for a team or an office (/user-admin/users/deviations). */
export const ALERT_SCOPES = ['team', 'office'] as const
export type AlertScope = (typeof ALERT_SCOPES)[number]
export const alertRecipientInputSchema = z.strictObject({ userId: z.uuid(), scope: z.enum(ALERT_SCOPES), scopeId: z.uuid() })
export type AlertRecipientInput = z.input<typeof alertRecipientInputSchema>
export const alertRecipientIdSchema = z.strictObject({ id: z.uuid() })
export type AlertRecipientItem = {
  id: string
  userId: string
  userName: string
  scope: AlertScope
  scopeId: string
  scopeName: string
  createdAt: number
  createdByName: string | null
}
