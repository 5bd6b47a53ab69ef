import { z } from 'zod'
import { MESSAGE_LANGUAGES, RECIPIENT_RULE_NAMES, unknownFields, type MessageLanguage, type RecipientRule } from '../rules/scheduled-messages'
import type { ActivityLine } from './activity'
import { listQuerySchema } from './pagination'
import { recurrenceSchema } from './recurrence'
import { textOrNull } from './text'

/**
 * Scheduled messages (docs/decisions/071, spec section 3 "Scheduled message"): a name, the channel, a template
 * per language, the sender, a schedule in structured fields (never cron text), the recipients as chosen people,
 * teams, offices and roles narrowed by a rule, and whether it is active. Each occurrence is sent once per
 * recipient; its history says to whom and how it went.
 */
export {
  MESSAGE_FIELDS,
  MESSAGE_LANGUAGES,
  RECIPIENT_RULE_NAMES,
  RECIPIENT_RULES,
  type MessageField,
  type MessageLanguage,
  type RecipientRule,
} from '../rules/scheduled-messages'

export const MESSAGE_CHANNELS = ['email', 'notification', 'both'] as const
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number]
export const MISSED_POLICIES = ['send', 'skip'] as const
export const SUBJECT_MAX = 200
export const BODY_MAX = 5000

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.time' })
/** A text whose fields all exist; one that names another is refused at the field, naming it ("{{frstName}}"). */
const fieldText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .superRefine((text, ctx) => {
      const unknown = unknownFields(text)
      if (unknown.length) ctx.addIssue({ code: 'custom', message: 'validation.templateField', params: { fields: unknown.map((f) => `{{${f}}}`).join(', ') } })
    })

export const messageTemplateSchema = z.strictObject({ subject: fieldText(SUBJECT_MAX).min(1), body: fieldText(BODY_MAX).min(1) })
export type MessageTemplate = z.infer<typeof messageTemplateSchema>

/** The recurrences a message may have (hourly is for the system's own housekeeping). */
export const messageRecurrenceSchema = recurrenceSchema.refine((r) => r.kind !== 'hourly', { error: 'validation.invalidFormat' })

export const messageScheduleSchema = z.strictObject({
  recurrence: messageRecurrenceSchema,
  /** the last day it may be sent (local date, inclusive) */
  endDate: z.iso.date().nullable().default(null),
  quietHours: z
    .strictObject({ from: time, to: time })
    .refine((q) => q.from !== q.to, { error: 'validation.quietHours', path: ['to'] })
    .nullable()
    .default(null),
  /** an occurrence missed while the server was down: sent once at start, or skipped */
  missed: z.enum(MISSED_POLICIES).default('send'),
})
export type MessageSchedule = z.infer<typeof messageScheduleSchema>
export type MessageScheduleInput = z.input<typeof messageScheduleSchema>

const ids = z.array(z.uuid()).max(200).default([])
export const messageRecipientsSchema = z
  .strictObject({
    everyone: z.boolean().default(false),
    userIds: ids,
    teamIds: ids,
    officeIds: ids,
    roleIds: ids,
    rule: z.enum(RECIPIENT_RULE_NAMES).nullable().default(null),
  })
  .refine((a) => a.everyone || a.rule !== null || a.userIds.length + a.teamIds.length + a.officeIds.length + a.roleIds.length > 0, {
    error: 'validation.audienceEmpty',
    path: ['everyone'],
  })
export type MessageRecipients = z.infer<typeof messageRecipientsSchema>
export type MessageRecipientsInput = z.input<typeof messageRecipientsSchema>

export const scheduledMessageInputSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(120),
    channel: z.enum(MESSAGE_CHANNELS),
    templates: z
      .strictObject({
        sv: messageTemplateSchema.nullable().optional(),
        en: messageTemplateSchema.nullable().optional(),
        fi: messageTemplateSchema.nullable().optional(),
      })
      .refine((t) => MESSAGE_LANGUAGES.some((l) => t[l]), { error: 'validation.templateMissing', path: ['sv'] }),
    // Written into the mail's From header: a line break there would start a header of the writer's choosing.
    senderName: textOrNull(120).refine((v) => v === null || !/[\r\n\u0085\u2028\u2029]/.test(v), { error: 'validation.lineBreak' }),
    senderPhone: textOrNull(30),
    senderEmail: textOrNull(254).refine((v) => v === null || z.email().safeParse(v).success, { error: 'validation.email' }),
    schedule: messageScheduleSchema,
    recipients: messageRecipientsSchema,
    active: z.boolean().default(true),
  })
  .refine((m) => m.recipients.rule !== 'candidatesUnsignedContract' || m.channel === 'email', {
    error: 'validation.candidatesByEmail',
    path: ['channel'],
  })
export type ScheduledMessageInput = z.input<typeof scheduledMessageInputSchema>
export type ScheduledMessageValues = z.infer<typeof scheduledMessageInputSchema>

export const scheduledMessageUpdateSchema = z.strictObject({ version: z.int().min(1), message: scheduledMessageInputSchema })
export const scheduledMessageActiveSchema = z.strictObject({ version: z.int().min(1), active: z.boolean() })
export const nextSendsInputSchema = z.strictObject({ schedule: messageScheduleSchema })
export const previewInputSchema = z.strictObject({
  templates: z.record(z.enum(MESSAGE_LANGUAGES), z.strictObject({ subject: z.string().max(SUBJECT_MAX), body: z.string().max(BODY_MAX) }).nullable()),
  senderName: z.string().max(120).nullable().default(null),
  senderEmail: z.string().max(254).nullable().default(null),
  senderPhone: z.string().max(30).nullable().default(null),
  /** whose values fill the fields; the reader themselves when left out */
  userId: z.uuid().optional(),
})

export const SCHEDULED_SORT_KEYS = ['name', 'nextSendAt', 'createdAt'] as const
export const scheduledMessagesQuerySchema = listQuerySchema(SCHEDULED_SORT_KEYS).extend({
  active: z.enum(['active', 'paused']).optional(),
  channel: z.enum(MESSAGE_CHANNELS).optional(),
})
export type ScheduledMessagesQuery = z.input<typeof scheduledMessagesQuerySchema>

export type ScheduledMessageItem = {
  id: string
  name: string
  channel: MessageChannel
  recurrence: MessageSchedule['recurrence']
  schedule: MessageSchedule
  nextSendAt: number | null
  /** the zone its times are kept and shown in (the organisation's when it was written) */
  timezone: string
  active: boolean
  languages: MessageLanguage[]
  createdByName: string | null
  updatedAt: number
}

export type MessageRunState = 'sending' | 'done' | 'skipped'
export type MessageRunItem = {
  id: string
  occurrenceAt: number
  startedAt: number
  finishedAt: number | null
  state: MessageRunState
  test: boolean
  recipients: number
  delivered: number
  waiting: number
  failed: number
  /** the reasons, most common first */
  failures: Array<{ reason: string; count: number }>
}

export type ScheduledMessageDetail = ScheduledMessageItem & {
  version: number
  templates: Partial<Record<MessageLanguage, MessageTemplate | null>>
  senderName: string | null
  senderEmail: string | null
  senderPhone: string | null
  recipients: MessageRecipients
  /** the chosen people, teams, offices and roles by name */
  recipientNames: Record<string, string>
  nextSends: number[]
  timezone: string
  runs: MessageRunItem[]
  activity: ActivityLine[]
  may: { edit: boolean; delete: boolean }
}

export type MessagePreview = { language: MessageLanguage; subject: string; body: string; recipientName: string }
export type RecipientRuleName = RecipientRule
export const scheduledMessageIdSchema = z.strictObject({ id: z.uuid() })
