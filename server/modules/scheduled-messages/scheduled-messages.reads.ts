import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import { nextSends } from '../../../shared/rules/schedule'
import { MESSAGE_LANGUAGES } from '../../../shared/rules/scheduled-messages'
import type { ListAnswer } from '../../../shared/schemas/pagination'
import type { ScheduledMessageDetail, ScheduledMessageItem, ScheduledMessagesQuery } from '../../../shared/schemas/scheduled-messages'
import { containsPattern } from '../../db/conditions'
import { notFound } from '../../lib/errors'
import { activityLines } from '../../platform/activity-log'
import type { MessageActor, ScheduledMessagesContext } from './scheduled-messages.context'
import type { messageHistory } from './scheduled-messages.history'

type MessageRow = ScheduledMessagesContext['m']['$inferSelect']

const languagesOf = (row: Pick<MessageRow, 'templates'>) => MESSAGE_LANGUAGES.filter((l) => row.templates[l])

/** The list of scheduled messages and one message with its names, next sends, history and log. */
export function messageReads(ctx: ScheduledMessagesContext, history: ReturnType<typeof messageHistory>) {
  const { database, db, m, ports, now } = ctx
  const toItem = (row: MessageRow, names: Map<string, string>): ScheduledMessageItem => ({
    id: row.id,
    name: row.name,
    channel: row.channel,
    recurrence: row.schedule.recurrence,
    schedule: row.schedule,
    nextSendAt: row.active ? row.nextSendAt : null,
    timezone: row.timezone,
    active: row.active,
    languages: languagesOf(row),
    createdByName: row.createdBy ? (names.get(row.createdBy) ?? null) : null,
    updatedAt: row.updatedAt,
  })

  return {
    async list(q: ScheduledMessagesQuery & { page: number; itemsPerPage: number }): Promise<ListAnswer<ScheduledMessageItem>> {
      const where: SQL[] = []
      if (q.q) where.push(sql`lower(${m.name}) like ${containsPattern(q.q)} escape '\\'`)
      if (q.active) where.push(eq(m.active, q.active === 'active'))
      if (q.channel) where.push(eq(m.channel, q.channel))
      const dir = q.orderBy === 'desc' ? desc : asc
      const order = q.sortBy === 'nextSendAt' ? [dir(m.nextSendAt)] : q.sortBy === 'createdAt' ? [dir(m.createdAt)] : [dir(m.name)]
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(m)
          .where(and(...where))
          .orderBy(...order, asc(m.id))
          .limit(q.itemsPerPage)
          .offset((q.page - 1) * q.itemsPerPage),
        db
          .select({ n: count() })
          .from(m)
          .where(and(...where)),
      ])
      const names = await ports.names(db, { userIds: rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])) })
      return { items: rows.map((r) => toItem(r, names)), total: counted?.n ?? 0, page: q.page, itemsPerPage: q.itemsPerPage }
    },

    async detail(actor: MessageActor, id: string): Promise<ScheduledMessageDetail> {
      const [row] = await db.select().from(m).where(eq(m.id, id))
      if (!row) throw notFound()
      const r = row.recipients
      const [people, places, runs, activity] = await Promise.all([
        ports.names(db, { userIds: [...r.userIds, ...(row.createdBy ? [row.createdBy] : [])], roleIds: r.roleIds }),
        ports.placeNames(db, { teamIds: r.teamIds, officeIds: r.officeIds }),
        history(id),
        activityLines(database, 'scheduledMessage', id),
      ])
      const at = now()
      return {
        ...toItem(row, people),
        version: row.version,
        templates: row.templates,
        senderName: row.senderName,
        senderEmail: row.senderEmail,
        senderPhone: row.senderPhone,
        recipients: r,
        recipientNames: Object.fromEntries(
          [...people, ...places].filter(([key]) => r.userIds.includes(key) || r.roleIds.includes(key) || r.teamIds.includes(key) || r.officeIds.includes(key)),
        ),
        nextSends: row.active ? nextSends(row.schedule, at, 5, row.timezone) : [],
        timezone: row.timezone,
        runs,
        activity,
        may: { edit: actor.ability.can('update', 'scheduled_messages'), delete: actor.ability.can('delete', 'scheduled_messages') },
      }
    },
  }
}
