import { randomUUID } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { AlertRecipientInput, AlertRecipientItem, MessageAudience, SentMessageItem } from '../../../shared/schemas/notifications'
import type { Db } from '../../db/client'
import { ApiError, notFound, validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'

/** A recipient as the users area answers for them (its directory). */
import { type NotificationsContext } from './notifications.context'

import type { NotificationDelivery } from './notifications.delivery'

/** An admin's message to an audience: who it reaches, sending it, and the messages sent. */
export function adminMessages(ctx: NotificationsContext, { notify }: Pick<NotificationDelivery, 'notify'>) {
  const { database, t, ports } = ctx
  /**
   * An administrator's message (/user-admin/users/notifications): kept in the history and sent as a general
   * notification to everyone it reaches, in the words the sender wrote. Answers how many it reached.
   */
  async function sendMessage(
    tx: Db,
    input: {
      audience: MessageAudience
      title: string
      message: string
      link: string | null
      ability: AppAbility
      actor: { id: string; name: string }
      at: number
    },
  ): Promise<{ id: string; recipients: number }> {
    const recipients = await ports.reachable(tx, input.ability, input.audience)
    if (recipients.length === 0) throw new ApiError(409, 'no_recipients')
    const id = randomUUID()
    await tx.insert(t.notificationMessages).values({
      id,
      title: input.title,
      message: input.message,
      link: input.link,
      audience: input.audience,
      recipients: recipients.length,
      sentBy: input.actor.id,
      sentAt: input.at,
    })
    await logActivity(tx, t, {
      at: input.at,
      actorId: input.actor.id,
      entity: 'notificationMessage',
      entityId: id,
      action: 'sent',
      after: { title: input.title, recipients: recipients.length },
    })
    await notify(tx, {
      type: 'general',
      userIds: recipients,
      text: () => ({ title: input.title, message: input.message, link: input.link }),
      fromName: input.actor.name,
      at: input.at,
      actorId: input.actor.id,
    })
    return { id, recipients: recipients.length }
  }

  /** The roles an audience may name. */
  const roleChoices = () => ports.roleChoices(database.db)

  /** How many a message to this audience would reach now. */
  async function audienceSize(db: Db, ability: AppAbility, audience: MessageAudience): Promise<number> {
    return (await ports.reachable(db, ability, audience)).length
  }

  /** The latest messages sent, newest first, with whom they were for by name. */
  async function sentMessages(limit: number): Promise<SentMessageItem[]> {
    const m = t.notificationMessages
    const rows = await database.db.select().from(m).orderBy(desc(m.sentAt), desc(m.id)).limit(limit)
    const all = (key: 'userIds' | 'teamIds' | 'officeIds' | 'roleIds') => rows.flatMap((r) => r.audience[key] ?? [])
    const [people, places] = await Promise.all([
      ports.names(database.db, { userIds: [...all('userIds'), ...rows.flatMap((r) => (r.sentBy ? [r.sentBy] : []))], roleIds: all('roleIds') }),
      ports.placeNames(database.db, { teamIds: all('teamIds'), officeIds: all('officeIds') }),
    ])
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      message: r.message,
      link: r.link,
      everyone: r.audience.everyone,
      audience: [
        ...r.audience.userIds.map((id) => people.get(id)),
        ...r.audience.teamIds.map((id) => places.get(id)),
        ...r.audience.officeIds.map((id) => places.get(id)),
        ...r.audience.roleIds.map((id) => people.get(id)),
      ].filter((n): n is string => !!n),
      recipients: r.recipients,
      sentByName: r.sentBy ? (people.get(r.sentBy) ?? null) : null,
      sentAt: r.sentAt,
    }))
  }

  return { sendMessage, roleChoices, audienceSize, sentMessages }
}

/** Who else is told of deviations, per team or office (docs/decisions/031). */
export function alertRecipients(ctx: NotificationsContext) {
  const { database, t, ports } = ctx
  /** Who gets deviation alerts beyond the defaults, by team and office, with names: those of them the reader may see. */
  async function alertRecipientList(ability: AppAbility): Promise<AlertRecipientItem[]> {
    const r = t.alertRecipients
    // Ordered below by scope and names (which the table does not hold).
    const all = await database.db.select().from(r)
    const people = [...new Set(all.map((x) => x.userId))]
    const visible = new Set(
      people.length === 0 ? [] : await ports.reachable(database.db, ability, { everyone: false, userIds: people, teamIds: [], officeIds: [], roleIds: [] }),
    )
    const rows = all.filter((x) => visible.has(x.userId))
    const [names, places] = await Promise.all([
      ports.names(database.db, { userIds: rows.flatMap((x) => (x.createdBy ? [x.userId, x.createdBy] : [x.userId])) }),
      ports.placeNames(database.db, {
        teamIds: rows.filter((x) => x.scope === 'team').map((x) => x.scopeId),
        officeIds: rows.filter((x) => x.scope === 'office').map((x) => x.scopeId),
      }),
    ])
    return rows
      .map((x) => ({
        id: x.id,
        userId: x.userId,
        userName: names.get(x.userId) ?? '',
        scope: x.scope,
        scopeId: x.scopeId,
        scopeName: places.get(x.scopeId) ?? '',
        createdAt: x.createdAt,
        createdByName: x.createdBy ? (names.get(x.createdBy) ?? null) : null,
      }))
      .sort((a, b) => a.scope.localeCompare(b.scope) || a.scopeName.localeCompare(b.scopeName, 'sv') || a.userName.localeCompare(b.userName, 'sv'))
  }

  /** Adds an extra receiver of a team's or an office's deviation alerts: someone the admin may see, a place that exists. */
  async function addAlertRecipient(
    tx: Db,
    input: AlertRecipientInput & { ability: AppAbility; actorId: string; at: number },
    tr: (key: string, params?: Record<string, unknown>) => string,
  ) {
    const [reachable, places] = await Promise.all([
      ports.reachable(tx, input.ability, { everyone: false, userIds: [input.userId], teamIds: [], officeIds: [], roleIds: [] }),
      ports.placeNames(tx, input.scope === 'team' ? { teamIds: [input.scopeId] } : { officeIds: [input.scopeId] }),
    ])
    if (reachable.length === 0) throw validationError({ userId: [tr('validation.unknownChoice')] })
    if (!places.has(input.scopeId)) throw validationError({ scopeId: [tr('validation.unknownChoice')] })
    const r = t.alertRecipients
    const [existing] = await tx
      .select({ id: r.id })
      .from(r)
      .where(and(eq(r.scope, input.scope), eq(r.scopeId, input.scopeId), eq(r.userId, input.userId)))
    if (existing) {
      const name = (await ports.names(tx, { userIds: [input.userId] })).get(input.userId) ?? ''
      throw new ApiError(409, 'alert_recipient_exists', { params: { name } })
    }
    const id = randomUUID()
    await tx.insert(r).values({ id, userId: input.userId, scope: input.scope, scopeId: input.scopeId, createdAt: input.at, createdBy: input.actorId })
    await logActivity(tx, t, {
      at: input.at,
      actorId: input.actorId,
      entity: 'alertRecipient',
      entityId: id,
      action: 'created',
      after: { userId: input.userId, scope: input.scope, scopeId: input.scopeId },
    })
    return id
  }

  async function removeAlertRecipient(tx: Db, id: string, actorId: string, at: number) {
    const r = t.alertRecipients
    const [row] = await tx.select().from(r).where(eq(r.id, id))
    if (!row) throw notFound()
    await tx.delete(r).where(eq(r.id, id))
    await logActivity(tx, t, {
      at,
      actorId,
      entity: 'alertRecipient',
      entityId: id,
      action: 'deleted',
      before: { userId: row.userId, scope: row.scope, scopeId: row.scopeId },
    })
  }

  return { alertRecipientList, addAlertRecipient, removeAlertRecipient }
}
