import { randomUUID } from 'node:crypto'
import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm'
import { TRANSLATORS, type LanguageCode, type Translator } from '../../../shared/i18n'
import { REALTIME_EVENTS, wire, type LiveNotification } from '../../../shared/realtime'
import { kindOfType, type NotificationType } from '../../../shared/schemas/notifications'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { AlertRecipientInput, AlertRecipientItem, MessageAudience, SentMessageItem } from '../../../shared/schemas/notifications'
import type { Db } from '../../db/client'
import { ApiError, notFound, validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { Deps } from '../../platform/deps'
import type { DomainEvent } from '../../platform/events'

/** A recipient as the users area answers for them (its directory). */
export type Recipient = {
  id: string
  name: string
  email: string
  language: LanguageCode
  settings: Record<NotificationType, { inApp: boolean; push: boolean; email: boolean }>
}

/** What the notifications area asks other areas (answered in server/composition/areas.ts). */
export type NotificationsPorts = {
  people(db: Db, ids: string[]): Promise<Recipient[]>
  coachesOf(db: Db, teamId: string): Promise<string[]>
  teamName(db: Db, teamId: string): Promise<string | null>
  /** a sale as an alert names it */
  saleLabel(db: Db, saleId: string): Promise<{ provider: string; customer: string; seller: string } | null>
  /** the active users a message may reach: the audience, only people the sender may see */
  reachable(db: Db, ability: AppAbility, audience: MessageAudience): Promise<string[]>
  /** names of people and roles by id */
  names(db: Db, ids: { userIds?: string[]; roleIds?: string[] }): Promise<Map<string, string>>
  /** the roles a message may go to */
  roleChoices(db: Db): Promise<Array<{ id: string; key: string; name: string }>>
  /** names of teams and offices by id */
  placeNames(db: Db, ids: { teamIds?: string[]; officeIds?: string[] }): Promise<Map<string, string>>
  /** the teams of an office */
  teamsOfOffice(db: Db, officeId: string): Promise<string[]>
  /** the active members of teams */
  membersOfTeams(db: Db, teamIds: string[]): Promise<Array<{ id: string }>>
}

type Translate = Translator
const translate = (lang: LanguageCode): Translate => TRANSLATORS[lang]

/** How long a push service keeps an alert for a phone that is offline, and how urgent it is, per type. */
const PUSH_OPTIONS: Record<NotificationType, { ttl: number; urgency: 'low' | 'normal' | 'high' }> = {
  deviation: { ttl: 3 * 24 * 3600, urgency: 'high' },
  saleStatus: { ttl: 3 * 24 * 3600, urgency: 'normal' },
  sickNotice: { ttl: 24 * 3600, urgency: 'normal' },
  competition: { ttl: 12 * 3600, urgency: 'low' },
  general: { ttl: 3 * 24 * 3600, urgency: 'normal' },
}

/**
 * Live alerts (docs/decisions/030). `notify` stores a notification for each recipient whose settings want it in the
 * app, in their own language, puts an e-mail in the outbox for those who chose e-mail for its type, and records `notification.created` for each recipient in the caller's transaction;
 * after the commit `deliver` sends it live on the user's private channel and by Web Push to their devices. So an
 * alert is never sent for a change that rolled back, and never lost when the process dies after the commit.
 */
export function notificationsService(deps: Deps, ports: NotificationsPorts) {
  const { database, events, realtime, push, mail, env } = deps
  const { t } = database
  // An e-mail links into the app at its first origin (APP_ORIGINS); without one, it names the path.
  const appUrl = (link: string | null) => `${env.appOrigins[0] ?? ''}${link ?? '/'}`

  async function notify(
    tx: Db,
    input: {
      type: NotificationType
      userIds: string[]
      /** the text in the recipient's language */
      text: (translate: Translate, recipient: Recipient) => { title: string; message: string; link: string | null }
      fromName: string | null
      at: number
      actorId: string | null
      /** a test of the user's devices: pushed whatever the settings say, not kept in the bell */
      pushOnly?: boolean
    },
  ): Promise<number> {
    const people = await ports.people(tx, input.userIds)
    const kind = kindOfType(input.type)
    let made = 0
    for (const person of people) {
      const wants = person.settings[input.type]
      // A deviation always reaches the app (docs/decisions/013).
      const live = !input.pushOnly && (input.type === 'deviation' || wants.inApp)
      const pushed = input.pushOnly === true || wants.push
      const mailed = !input.pushOnly && wants.email
      if (!live && !pushed && !mailed) continue
      const { title, message, link } = input.text(translate(person.language), person)
      // Mail goes through the outbox in this transaction: sent by its own job once this commits (or kept).
      if (mailed) {
        await mail.send(tx, {
          to: person.email,
          template: 'notification',
          language: person.language,
          params: { name: person.name.split(' ')[0], title, message, link: appUrl(link) },
        })
      }
      if (!live && !pushed) continue
      const id = randomUUID()
      if (live) {
        await tx
          .insert(t.notifications)
          .values({ id, userId: person.id, kind, type: input.type, title, message, link, fromName: input.fromName, readAt: null, createdAt: input.at })
      }
      await events.record(
        tx,
        'notification.created',
        {
          notificationId: id,
          userId: person.id,
          type: input.type,
          kind,
          title,
          message,
          link,
          fromName: input.fromName,
          createdAt: input.at,
          live,
          push: pushed,
        },
        { actorId: input.actorId, at: input.at },
      )
      made++
    }
    return made
  }

  /** Sends one notification live and to the user's devices; a device whose subscription is gone is forgotten. */
  async function deliver(e: DomainEvent<'notification.created'>) {
    const n = e.payload
    if (n.live) {
      const live: LiveNotification = {
        id: n.notificationId,
        type: n.type,
        kind: n.kind,
        title: n.title,
        message: n.message,
        link: n.link,
        fromName: n.fromName,
        createdAt: n.createdAt,
      }
      await realtime.trigger([wire.user(n.userId)], REALTIME_EVENTS.notification, live)
    }
    if (!n.push) return
    const targets = await database.db.select().from(t.pushSubscriptions).where(eq(t.pushSubscriptions.userId, n.userId))
    if (targets.length === 0) return
    const options = PUSH_OPTIONS[n.type as NotificationType] ?? PUSH_OPTIONS.general
    // The topic lets a push service replace a copy not yet delivered when a retry sends it again.
    const topic = n.notificationId.replace(/-/g, '').slice(0, 32)
    const payload = { title: n.title, body: n.message, link: n.link ?? '/', id: n.notificationId, type: n.type }
    const outcomes = await Promise.all(targets.map(async (s) => ({ s, outcome: await push.send(s, payload, { ...options, topic }) })))
    const gone = outcomes.filter((o) => o.outcome === 'gone').map((o) => o.s.id)
    const sent = outcomes.filter((o) => o.outcome === 'sent').map((o) => o.s.id)
    if (gone.length > 0) await database.db.delete(t.pushSubscriptions).where(inArray(t.pushSubscriptions.id, gone))
    if (sent.length > 0) await database.db.update(t.pushSubscriptions).set({ lastSuccessAt: Date.now() }).where(inArray(t.pushSubscriptions.id, sent))
    // Nothing reached any device and some push service failed: tried again later (with backoff).
    if (sent.length === 0 && outcomes.some((o) => o.outcome === 'failed')) throw new Error('no push service took the notification')
  }

  /** The users who get deviation alerts for a team or an office beyond the seller and the team's coaches. */
  async function extraRecipients(db: Db, teamId: string | null, officeId: string | null): Promise<string[]> {
    const r = t.alertRecipients
    const scopes = [
      ...(teamId ? [and(eq(r.scope, 'team'), eq(r.scopeId, teamId))] : []),
      ...(officeId ? [and(eq(r.scope, 'office'), eq(r.scopeId, officeId))] : []),
    ]
    if (scopes.length === 0) return []
    const rows = await db
      .select({ id: r.userId })
      .from(r)
      .where(or(...scopes))
    return rows.map((x) => x.id)
  }

  /** A sale's status changed: the seller (and for a deviation the team's coaches and the configured recipients) hear of it. */
  async function fromSaleStatus(tx: Db, e: DomainEvent<'sale.statusChanged'>) {
    const p = e.payload
    if (p.from === p.to) return
    // A deviation settled (corrected by the seller, or decided by back office): the seller's alert about it has done
    // its work, whether or not it was opened from the bell, and no longer counts as unread.
    if (p.from === 'deviation')
      await tx
        .update(t.notifications)
        .set({ readAt: e.occurredAt })
        .where(
          and(
            eq(t.notifications.userId, p.sellerId),
            eq(t.notifications.kind, 'deviation'),
            eq(t.notifications.link, `/sales/${p.saleId}`),
            isNull(t.notifications.readAt),
          ),
        )
    if (p.to !== 'deviation' && p.to !== 'regret' && p.to !== 'unanswered') return
    const label = await ports.saleLabel(tx, p.saleId)
    if (!label) return
    const [actor] = p.byUserId ? await ports.people(tx, [p.byUserId]) : []
    const fromName = actor?.name ?? null
    if (p.to === 'deviation') {
      const typeText = (tr: Translate) => (p.deviationType ? tr(`sales.deviationTypes.${p.deviationType}`) : tr('sales.status.deviation'))
      await notify(tx, {
        type: 'deviation',
        userIds: [p.sellerId],
        text: (tr) => ({
          title: tr('alerts.deviation.sellerTitle'),
          message: tr('alerts.deviation.message', { ...label, type: typeText(tr) }),
          link: `/sales/${p.saleId}`,
        }),
        fromName,
        at: e.occurredAt,
        actorId: e.actorId,
      })
      const coaches = p.teamId ? await ports.coachesOf(tx, p.teamId) : []
      const others = [...new Set([...coaches, ...(await extraRecipients(tx, p.teamId, p.officeId))])].filter((id) => id !== p.sellerId && id !== p.byUserId)
      if (others.length === 0) return
      const team = p.teamId ? ((await ports.teamName(tx, p.teamId)) ?? '') : ''
      await notify(tx, {
        type: 'deviation',
        userIds: others,
        text: (tr) => ({
          title: team ? tr('alerts.deviation.teamTitle', { team }) : tr('alerts.deviation.sellerTitle'),
          message: tr('alerts.deviation.sellerMessage', { ...label, type: typeText(tr) }),
          link: `/backoffice/salereports/${p.saleId}`,
        }),
        fromName,
        at: e.occurredAt,
        actorId: e.actorId,
      })
      return
    }
    await notify(tx, {
      type: 'saleStatus',
      userIds: [p.sellerId],
      text: (tr) => ({
        title: tr('alerts.saleStatus.title', { status: tr(`sales.status.${p.to}`).toLocaleLowerCase() }),
        message: p.reason ? tr('alerts.saleStatus.withReason', { ...label, reason: p.reason }) : tr('alerts.saleStatus.message', label),
        link: `/sales/${p.saleId}`,
      }),
      fromName,
      at: e.occurredAt,
      actorId: e.actorId,
    })
  }

  /** A seller reported sick: their team's coaches hear of it. */
  async function fromSickNotice(tx: Db, e: DomainEvent<'sickNotice.created'>) {
    const p = e.payload
    if (!p.teamId) return
    const coaches = (await ports.coachesOf(tx, p.teamId)).filter((id) => id !== p.userId)
    if (coaches.length === 0) return
    const [seller] = await ports.people(tx, [p.userId])
    if (!seller) return
    await notify(tx, {
      type: 'sickNotice',
      userIds: coaches,
      text: (tr, r) => ({
        title: tr('alerts.sickNotice.title', { name: seller.name }),
        message: tr('alerts.sickNotice.message', {
          date: new Date(`${p.date}T12:00:00Z`).toLocaleDateString(r.language === 'en' ? 'en-GB' : r.language, { day: 'numeric', month: 'long' }),
        }),
        link: '/backoffice/sicknotices',
      }),
      fromName: seller.name,
      at: e.occurredAt,
      actorId: e.actorId,
    })
  }

  /** A person's XP reached a level of the sales game (decision 052): they are told, with the level's benefits. */
  async function fromLevelReached(tx: Db, e: DomainEvent<'game.levelReached'>) {
    const p = e.payload
    await notify(tx, {
      type: 'competition',
      userIds: [p.userId],
      text: (tr) => ({
        title: tr('alerts.levelReached.title', { number: p.levelNumber, name: p.levelName }),
        message: tr('alerts.levelReached.message', { xp: p.xp }),
        link: '/sales-flow/level',
      }),
      fromName: null,
      at: e.occurredAt,
      actorId: e.actorId,
    })
  }

  /** A badge of the sales game earned (decision 052): the person is told, with its coins. */
  async function fromBadgeAwarded(tx: Db, e: DomainEvent<'game.badgeAwarded'>) {
    const p = e.payload
    await notify(tx, {
      type: 'competition',
      userIds: [p.userId],
      text: (tr) => ({
        title: tr('alerts.badgeAwarded.title', { name: p.name }),
        message: p.coins > 0 ? tr('alerts.competitionWon.coins', { coins: p.coins }) : tr('alerts.badgeAwarded.message'),
        link: '/sales-flow/badges',
      }),
      fromName: null,
      at: e.occurredAt,
      actorId: e.actorId,
    })
  }

  /**
   * A competition of the sales game ended (decision 052): each winning seller is told their rank and prize; for a team
   * or an office, each of its members is.
   */
  async function fromCompetitionFinished(tx: Db, e: DomainEvent<'game.competitionFinished'>) {
    const p = e.payload
    for (const w of p.winners) {
      const teamIds = p.kind === 'teams' ? [w.id] : p.kind === 'offices' ? await ports.teamsOfOffice(tx, w.id) : []
      const userIds = p.kind === 'sellers' ? [w.id] : (await ports.membersOfTeams(tx, teamIds)).map((m) => m.id)
      if (userIds.length === 0) continue
      await notify(tx, {
        type: 'competition',
        userIds,
        text: (tr) => ({
          title:
            p.kind === 'sellers'
              ? tr('alerts.competitionWon.title', { rank: w.rank, competition: p.name })
              : tr('alerts.competitionWon.titlePlace', { rank: w.rank, competition: p.name, place: w.name }),
          message: [w.coins ? tr('alerts.competitionWon.coins', { coins: w.coins }) : '', w.text].filter(Boolean).join(' '),
          link: '/sales-flow/competitions',
        }),
        fromName: null,
        at: e.occurredAt,
        actorId: e.actorId,
      })
    }
  }

  /**
   * An admin reset the user's two-step sign-in, or wrong codes locked it (decision 038): the user is told, in case it
   * was not their wish.
   */
  async function fromUserChange(tx: Db, e: DomainEvent<'user.changed'>) {
    const action = e.payload.action
    if (action !== 'mfa_reset' && action !== 'mfa_locked') return
    const key = action === 'mfa_reset' ? 'mfaReset' : 'mfaLocked'
    await notify(tx, {
      type: 'general',
      userIds: [e.payload.userId],
      text: (tr) => ({ title: tr(`alerts.${key}.title`), message: tr(`alerts.${key}.message`), link: '/users/profile?tab=security' }),
      fromName: null,
      at: e.occurredAt,
      actorId: e.actorId,
    })
  }

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

  /** Something of a seller's changed on the server: their open app pulls at once (a poke carries no data). */
  async function poke(userId: string | null, reason: string) {
    await realtime.trigger([userId ? wire.user(userId) : wire.catalog], REALTIME_EVENTS.syncPoke, { reason })
  }

  return {
    notify,
    deliver,
    fromSaleStatus,
    fromSickNotice,
    fromUserChange,
    fromLevelReached,
    fromCompetitionFinished,
    fromBadgeAwarded,
    poke,
    sendMessage,
    audienceSize,
    roleChoices,
    sentMessages,
    alertRecipientList,
    addAlertRecipient,
    removeAlertRecipient,
  }
}
export type NotificationsService = ReturnType<typeof notificationsService>
