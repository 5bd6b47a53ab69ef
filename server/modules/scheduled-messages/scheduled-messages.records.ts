import { eq, inArray } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { MESSAGE_LANGUAGES } from '../../../shared/rules/scheduled-messages'
import type { MessagePreview, ScheduledMessageValues } from '../../../shared/schemas/scheduled-messages'
import type { Db } from '../../db/client'
import { ApiError, notFound, validationError } from '../../lib/errors'
import { changedFields, logActivity } from '../../platform/activity-log'
import type { MessageActor, ScheduledMessagesContext } from './scheduled-messages.context'
import { rendered } from './scheduled-messages.deliveries'
import type { MessageRecipientsResolver } from './scheduled-messages.recipients'
import type { MessageRuns } from './scheduled-messages.runs'

type MessageRow = ScheduledMessagesContext['m']['$inferSelect']

/** The fields of a message a log line names (the templates as the languages they have). */
function logged(row: Pick<MessageRow, 'name' | 'channel' | 'schedule' | 'recipients' | 'active' | 'senderName' | 'senderEmail' | 'senderPhone' | 'templates'>) {
  return {
    name: row.name,
    channel: row.channel,
    schedule: row.schedule,
    recipients: row.recipients,
    active: row.active,
    senderName: row.senderName,
    senderEmail: row.senderEmail,
    senderPhone: row.senderPhone,
    templates: row.templates,
  }
}

/** Scheduled messages as records: writing, pausing, a test, a preview (the reads are scheduled-messages.reads.ts). */
export function messageRecords(ctx: ScheduledMessagesContext, recipients: MessageRecipientsResolver, runs: MessageRuns) {
  const { database, db, t, m, ports, now, timezone } = ctx

  async function rowOf(tx: Db, id: string): Promise<MessageRow> {
    const [row] = await tx.select().from(m).where(eq(m.id, id))
    if (!row) throw notFound()
    return row
  }

  /**
   * A message reaches no one its writer could not: the chosen people, teams, offices and roles exist, and everyone in
   * them is theirs to reach (their `view users` rules), however they are named.
   */
  async function checkRecipients(tx: Db, actor: MessageActor, v: ScheduledMessageValues) {
    const r = v.recipients
    const errors: Record<string, string[]> = {}
    if (r.everyone) {
      const [all, reach] = await Promise.all([
        ports.activeIds(tx),
        ports.reachable(tx, actor.ability, { everyone: true, userIds: [], teamIds: [], officeIds: [], roleIds: [] }),
      ])
      if (reach.length < all.length) errors['recipients.everyone'] = ['validation.unknownChoice']
    }
    if (r.userIds.length) {
      const reach = new Set(await ports.reachable(tx, actor.ability, { everyone: false, userIds: r.userIds, teamIds: [], officeIds: [], roleIds: [] }))
      if (r.userIds.some((id) => !reach.has(id))) errors['recipients.userIds'] = ['validation.unknownChoice']
    }
    const places = await ports.placeNames(tx, { teamIds: r.teamIds, officeIds: r.officeIds })
    if (r.teamIds.some((id) => !places.has(id))) errors['recipients.teamIds'] = ['validation.unknownChoice']
    if (r.officeIds.some((id) => !places.has(id))) errors['recipients.officeIds'] = ['validation.unknownChoice']
    if (r.roleIds.length) {
      const roles = await ports.names(tx, { roleIds: r.roleIds })
      if (r.roleIds.some((id) => !roles.has(id))) errors['recipients.roleIds'] = ['validation.unknownChoice']
    }
    // Naming a team, an office or a role reaches its people: every one of them must be the writer's to reach, as
    // when people are named one by one (issue 68 Q7).
    for (const [field, target] of [
      ['teamIds', { teamIds: r.teamIds }],
      ['officeIds', { officeIds: r.officeIds }],
      ['roleIds', { roleIds: r.roleIds }],
    ] as const) {
      const key = `recipients.${field}`
      if (errors[key] || r[field].length === 0) continue
      const audience = { everyone: false, userIds: [], teamIds: [], officeIds: [], roleIds: [], ...target }
      const [members, reach] = await Promise.all([ports.membersOf(tx, audience), ports.reachable(tx, actor.ability, audience)])
      if (reach.length < new Set(members).size) errors[key] = ['validation.outsideReach']
    }
    if (Object.keys(errors).length) throw validationError(errors)
  }

  const valuesOf = (v: ScheduledMessageValues) => ({
    name: v.name,
    channel: v.channel,
    templates: Object.fromEntries(MESSAGE_LANGUAGES.map((l) => [l, v.templates[l] ?? null])),
    senderName: v.senderName,
    senderEmail: v.senderEmail,
    senderPhone: v.senderPhone,
    schedule: v.schedule,
    recipients: v.recipients,
    active: v.active,
  })

  return {
    async create(actor: MessageActor, v: ScheduledMessageValues): Promise<{ id: string }> {
      const id = randomUUID()
      await database.transaction(async (tx) => {
        await checkRecipients(tx, actor, v)
        const at = now()
        const row = { id, ...valuesOf(v), timezone, nextSendAt: null, version: 1, createdBy: actor.id, createdAt: at, updatedAt: at }
        await tx.insert(m).values(row)
        await runs.plan(tx, row, at)
        await logActivity(tx, t, { at, actorId: actor.id, entity: 'scheduledMessage', entityId: id, action: 'created', after: logged(row) })
      })
      return { id }
    },

    async update(actor: MessageActor, id: string, version: number, v: ScheduledMessageValues) {
      await database.transaction(async (tx) => {
        const before = await rowOf(tx, id)
        if (before.version !== version) throw new ApiError(409, 'version_conflict', { details: { version: before.version } })
        await checkRecipients(tx, actor, v)
        const at = now()
        const after = { ...before, ...valuesOf(v), version: before.version + 1, updatedAt: at }
        await tx
          .update(m)
          .set({ ...valuesOf(v), version: after.version, updatedAt: at })
          .where(eq(m.id, id))
        await runs.plan(tx, after, at)
        const change = changedFields(logged(before), logged(after))
        await logActivity(tx, t, { at, actorId: actor.id, entity: 'scheduledMessage', entityId: id, action: 'updated', ...change })
      })
    },

    /** Pause or resume; a resumed message counts its next send from now (what fell due while paused is not sent). */
    async setActive(actor: MessageActor, id: string, version: number, active: boolean) {
      await database.transaction(async (tx) => {
        const before = await rowOf(tx, id)
        if (before.version !== version) throw new ApiError(409, 'version_conflict', { details: { version: before.version } })
        if (before.active === active) return
        const at = now()
        await tx
          .update(m)
          .set({ active, version: before.version + 1, updatedAt: at })
          .where(eq(m.id, id))
        await runs.plan(tx, { ...before, active }, at)
        await logActivity(tx, t, {
          at,
          actorId: actor.id,
          entity: 'scheduledMessage',
          entityId: id,
          action: active ? 'resumed' : 'paused',
          before: { active: before.active },
          after: { active },
        })
      })
    },

    async remove(actor: MessageActor, id: string) {
      await database.transaction(async (tx) => {
        const before = await rowOf(tx, id)
        await tx.delete(m).where(eq(m.id, id))
        await logActivity(tx, t, { at: now(), actorId: actor.id, entity: 'scheduledMessage', entityId: id, action: 'deleted', before: { name: before.name } })
      })
    },

    /** A test to the one asking: they get it now, by the message's channels, and the history shows it. */
    async sendTest(actor: MessageActor, id: string) {
      const row = await rowOf(db, id)
      const runId = await runs.test(row, actor.id)
      await database.transaction((tx) =>
        logActivity(tx, t, { at: now(), actorId: actor.id, entity: 'scheduledMessage', entityId: id, action: 'tested', after: { runId } }),
      )
      return { runId }
    },

    /** What a person would get (the reader unless another is named), in their language with their values. */
    async preview(
      actor: MessageActor,
      input: {
        templates: Partial<Record<string, { subject: string; body: string } | null>>
        senderName: string | null
        senderEmail: string | null
        senderPhone: string | null
        userId?: string
      },
    ): Promise<MessagePreview> {
      const whom = input.userId ?? actor.id
      if (whom !== actor.id) {
        const reach = await ports.reachable(db, actor.ability, { everyone: false, userIds: [whom], teamIds: [], officeIds: [], roleIds: [] })
        if (!reach.includes(whom)) throw notFound()
      }
      const [person] = await recipients.ofPeople(db, [whom], input.templates, input, now())
      if (!person) throw notFound()
      const text = rendered(
        { templates: input.templates, senderName: input.senderName, senderEmail: input.senderEmail, senderPhone: input.senderPhone },
        person,
      )
      if (!text) throw validationError({ 'templates.sv': ['validation.templateMissing'] })
      return { ...text, recipientName: person.name }
    },

    /** Several messages' names (the global log). */
    async logNames(tx: Db, ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map()
      const rows = await tx.select({ id: m.id, name: m.name }).from(m).where(inArray(m.id, ids))
      return new Map(rows.map((r) => [r.id, r.name]))
    },
  }
}
