import { listQuerySchema } from './pagination'

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'kept', 'failed', 'unconfirmed'] as const
export type MailStatus = (typeof MAIL_STATUSES)[number]

export const MAIL_SORT_KEYS = ['createdAt'] as const
/** The outbox list: newest first by default; `q` searches the recipient and the subject. */
export const mailOutboxQuerySchema = listQuerySchema(MAIL_SORT_KEYS)

/** One message in the outbox as admins read it. */
export type MailOutboxItem = {
  id: string
  to: string
  template: string
  language: string
  subject: string
  text: string
  status: MailStatus
  lastError: string | null
  createdAt: number
  sentAt: number | null
}
