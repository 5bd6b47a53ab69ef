import { nextSends } from '../../../shared/rules/schedule'
import type { MessageSchedule } from '../../../shared/schemas/scheduled-messages'
import type { Db } from '../../db/client'
import type { JobRunner } from '../../platform/jobs'
import { scheduledMessagesContext, type MessageHooks, type ScheduledMessagesDeps, type ScheduledMessagesPorts } from './scheduled-messages.context'
import { messageHistory } from './scheduled-messages.history'
import { messageReads } from './scheduled-messages.reads'
import { messageRecipients } from './scheduled-messages.recipients'
import { messageRecords } from './scheduled-messages.records'
import { messageRuns } from './scheduled-messages.runs'

export type { ScheduledMessagesPorts } from './scheduled-messages.context'

export const REPLAN_JOB = 'scheduledMessages.replan'

/** At start and hourly: every active message's next send has its job (decision 071). */
export async function scheduleMessageJobs(jobs: JobRunner, db: Db) {
  await jobs.schedule(REPLAN_JOB, REPLAN_JOB, { kind: 'hourly', minute: 11 })
  await jobs.enqueue(db, REPLAN_JOB, {})
}

/**
 * Scheduled messages (docs/decisions/071, spec section 3): messages with a structured schedule in the organisation's
 * time zone, sent by e-mail and in the app to recipients decided when each occurrence runs, exactly once per
 * recipient, with a history per occurrence. Built once per process; its job (`scheduledMessages.run`) is defined here.
 */
export function scheduledMessagesService(
  deps: ScheduledMessagesDeps,
  ports: ScheduledMessagesPorts,
  opts: { now?: () => number; timezone?: string; hooks?: MessageHooks } = {},
) {
  const ctx = scheduledMessagesContext(deps, ports, opts)
  const recipients = messageRecipients(ctx)
  const runs = messageRuns(ctx, recipients)
  deps.jobs.define(REPLAN_JOB, async () => ({ planned: await runs.replan() }))
  return {
    reads: messageReads(ctx, messageHistory(ctx)),
    records: messageRecords(ctx, recipients, runs),
    runs,
    timezone: ctx.timezone,
    /** What the editor offers: the roles, and the time zone its times are in. */
    choices: async () => ({ roles: await ports.roleChoices(deps.database.db), timezone: ctx.timezone }),
    /** The next five sends of a schedule being edited, in the organisation's time zone. */
    nextSends: (schedule: MessageSchedule) => ({ timezone: ctx.timezone, sends: nextSends(schedule, ctx.now(), 5, ctx.timezone) }),
  }
}
export type ScheduledMessagesService = ReturnType<typeof scheduledMessagesService>
