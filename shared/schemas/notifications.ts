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
