import { and, eq, isNull, or } from 'drizzle-orm'
import type { Db } from '../../db/client'
import type { DomainEvent } from '../../platform/events'

/** A recipient as the users area answers for them (its directory). */
import { type NotificationsContext, type Translate } from './notifications.context'

import type { NotificationDelivery } from './notifications.delivery'

/** Alerts from the sales and time areas' events: a sale's move (its seller, and the deviation's recipients), a seller reported sick. */
export function saleAlerts(ctx: NotificationsContext, { notifyOf }: Pick<NotificationDelivery, 'notifyOf'>) {
  const { t, ports } = ctx
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
      await notifyOf(tx, e, {
        type: 'deviation',
        userIds: [p.sellerId],
        text: (tr) => ({
          title: tr('alerts.deviation.sellerTitle'),
          message: tr('alerts.deviation.message', { ...label, type: typeText(tr) }),
          link: `/sales/${p.saleId}`,
        }),
        fromName,
      })
      const coaches = p.teamId ? await ports.coachesOf(tx, p.teamId) : []
      const others = [...new Set([...coaches, ...(await extraRecipients(tx, p.teamId, p.officeId))])].filter((id) => id !== p.sellerId && id !== p.byUserId)
      if (others.length === 0) return
      const team = p.teamId ? ((await ports.teamName(tx, p.teamId)) ?? '') : ''
      await notifyOf(tx, e, {
        type: 'deviation',
        userIds: others,
        text: (tr) => ({
          title: team ? tr('alerts.deviation.teamTitle', { team }) : tr('alerts.deviation.sellerTitle'),
          message: tr('alerts.deviation.sellerMessage', { ...label, type: typeText(tr) }),
          link: `/backoffice/salereports/${p.saleId}`,
        }),
        fromName,
      })
      return
    }
    await notifyOf(tx, e, {
      type: 'saleStatus',
      userIds: [p.sellerId],
      text: (tr) => ({
        title: tr('alerts.saleStatus.title', { status: tr(`sales.status.${p.to}`).toLocaleLowerCase() }),
        message: p.reason ? tr('alerts.saleStatus.withReason', { ...label, reason: p.reason }) : tr('alerts.saleStatus.message', label),
        link: `/sales/${p.saleId}`,
      }),
      fromName,
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
    await notifyOf(tx, e, {
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
    })
  }

  return { extraRecipients, fromSaleStatus, fromSickNotice }
}

/** Alerts from the game's events (a level, a badge, a competition won) and a change to the person's account. */
export function gameAndAccountAlerts(ctx: NotificationsContext, { notifyOf }: Pick<NotificationDelivery, 'notifyOf'>) {
  const { ports } = ctx
  /** A person's XP reached a level of the sales game (decision 052): they are told, with the level's benefits. */
  async function fromLevelReached(tx: Db, e: DomainEvent<'game.levelReached'>) {
    const p = e.payload
    await notifyOf(tx, e, {
      type: 'competition',
      userIds: [p.userId],
      text: (tr) => ({
        title: tr('alerts.levelReached.title', { number: p.levelNumber, name: p.levelName }),
        message: tr('alerts.levelReached.message', { xp: p.xp }),
        link: '/sales-flow/level',
      }),
    })
  }

  /** A badge of the sales game earned (decision 052): the person is told, with its coins. */
  async function fromBadgeAwarded(tx: Db, e: DomainEvent<'game.badgeAwarded'>) {
    const p = e.payload
    await notifyOf(tx, e, {
      type: 'competition',
      userIds: [p.userId],
      text: (tr) => ({
        title: tr('alerts.badgeAwarded.title', { name: p.name }),
        message: p.coins > 0 ? tr('alerts.competitionWon.coins', { coins: p.coins }) : tr('alerts.badgeAwarded.message'),
        link: '/sales-flow/badges',
      }),
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
      await notifyOf(tx, e, {
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
      })
    }
  }

  /** A coach or a manager reminded people to read and acknowledge a must-read guide (docs/decisions/069). */
  async function fromGuideReminder(tx: Db, e: DomainEvent<'guide.reminded'>) {
    const p = e.payload
    const [by] = await ports.people(tx, [p.byUserId])
    await notifyOf(tx, e, {
      type: 'general',
      userIds: p.userIds,
      text: (tr, recipient) => {
        const title = p.titles[recipient.language] ?? p.titles.sv
        return {
          title: tr('guideAlerts.reminderTitle', { title }),
          message: tr('guideAlerts.reminderMessage', { title }),
          link: `/guides/dashboard/${p.guideId}`,
        }
      },
      fromName: by?.name ?? null,
    })
  }

  /**
   * An admin reset the user's two-step sign-in, or wrong codes locked it (decision 038): the user is told, in case it
   * was not their wish.
   */
  async function fromUserChange(tx: Db, e: DomainEvent<'user.changed'>) {
    const action = e.payload.action
    if (action !== 'mfa_reset' && action !== 'mfa_locked') return
    const key = action === 'mfa_reset' ? 'mfaReset' : 'mfaLocked'
    await notifyOf(tx, e, {
      type: 'general',
      userIds: [e.payload.userId],
      text: (tr) => ({ title: tr(`alerts.${key}.title`), message: tr(`alerts.${key}.message`), link: '/users/profile?tab=security' }),
    })
  }

  /** A candidate of the recruiter's moved on by themselves: filled in their details, signed a contract, or was onboarded (decision 070). */
  async function fromCandidateEvent(tx: Db, e: DomainEvent<'candidate.detailsSubmitted' | 'candidate.contractSigned' | 'candidate.onboarded'>) {
    const p = e.payload
    const key = e.name === 'candidate.detailsSubmitted' ? 'details' : e.name === 'candidate.contractSigned' ? 'signed' : 'onboarded'
    await notifyOf(tx, e, {
      type: 'general',
      userIds: [p.recruiterId],
      text: (tr) => ({
        title: tr(`candidateAlerts.${key}Title`, { name: p.name }),
        message: tr(`candidateAlerts.${key}Message`, {
          name: p.name,
          contract: 'kind' in p ? tr(`candidates.kinds.${p.kind}`) : '',
        }),
        link: `/backoffice/onboarding/candidates/${p.candidateId}`,
      }),
    })
  }

  /** A file made for the person is ready (or could not be made): their alert, linking to the downloads (decision 071). */
  async function fromDownloadFinished(tx: Db, e: DomainEvent<'download.finished'>) {
    const p = e.payload
    await notifyOf(tx, e, {
      type: 'download',
      userIds: [p.userId],
      text: (tr) => ({
        title: tr(p.state === 'ready' ? 'downloadAlerts.readyTitle' : 'downloadAlerts.failedTitle', { name: p.name }),
        message: tr(p.state === 'ready' ? 'downloadAlerts.readyMessage' : 'downloadAlerts.failedMessage', { name: p.name, error: p.error ?? '' }),
        link: '/backoffice/downloads',
      }),
    })
  }

  /** A scheduled message's occurrence in the bells of its recipients, in the words it was rendered in for each. */
  async function fromScheduledMessage(tx: Db, e: DomainEvent<'scheduledMessage.notified'>) {
    const texts = new Map(e.payload.items.map((i) => [i.userId, i]))
    await notifyOf(tx, e, {
      type: 'general',
      userIds: [...texts.keys()],
      text: (_tr, person) => ({ title: texts.get(person.id)!.title, message: texts.get(person.id)!.message, link: null }),
      fromName: e.payload.fromName,
      always: true,
    })
  }

  return {
    fromLevelReached,
    fromBadgeAwarded,
    fromCompetitionFinished,
    fromUserChange,
    fromGuideReminder,
    fromCandidateEvent,
    fromDownloadFinished,
    fromScheduledMessage,
  }
}

/** Alerts about the field's devices (decision 072). */
export function deviceAlerts(ctx: NotificationsContext, { notifyOf }: Pick<NotificationDelivery, 'notifyOf'>) {
  const { ports } = ctx
  /** A seller's device needs attention (decision 072): their team's coaches hear of it, to call the seller. */
  async function fromDeviceAlert(tx: Db, e: DomainEvent<'device.alerted'>) {
    const p = e.payload
    if (!p.teamId) return
    const coaches = await ports.coachesOf(tx, p.teamId)
    const [seller] = await ports.people(tx, [p.userId])
    if (coaches.length === 0 || !seller) return
    await notifyOf(tx, e, {
      type: 'general',
      userIds: coaches,
      text: (tr) => ({
        title: tr('deviceAlerts.title', { name: seller.name }),
        message: p.alerts.map((a) => tr(`deviceAlerts.${a}`, { device: p.label, count: p.pending })).join(' '),
        link: null,
      }),
    })
  }
  /** A door's come-back is near (decision 073): the seller who asked for it is reminded, whatever their settings. */
  async function fromVisitReminder(tx: Db, e: DomainEvent<'visit.remind'>) {
    const p = e.payload
    await notifyOf(tx, e, {
      type: 'general',
      userIds: [p.userId],
      text: (tr, person) => ({
        title: tr('visitAlerts.title', { address: p.address }),
        message: [
          tr('visitAlerts.message', {
            time: new Intl.DateTimeFormat(person.language === 'en' ? 'en-GB' : person.language === 'fi' ? 'fi-FI' : 'sv-SE', {
              hour: '2-digit',
              minute: '2-digit',
              timeZone: ctx.env.timezone,
            }).format(p.comeBackAt),
          }),
          p.note ?? '',
        ]
          .filter(Boolean)
          .join(' '),
        link: '/dashboards/sales/seller',
      }),
      always: true,
    })
  }

  const clock = (at: number, language: string) =>
    new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language === 'fi' ? 'fi-FI' : 'sv-SE', {
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: ctx.env.timezone,
    }).format(at)

  /**
   * Promises (decision 097): the holder is reminded before a call-back or an appointment; the seller whose promise went
   * to the team's queue hears of it; a day past its time with no one holding it, the team's coaches do.
   */
  async function fromPromise(tx: Db, e: DomainEvent<'promise.remind' | 'promise.queued' | 'promise.unowned'>) {
    if (e.name === 'promise.remind') {
      const p = (e as DomainEvent<'promise.remind'>).payload
      await notifyOf(tx, e, {
        type: 'general',
        userIds: [p.userId],
        text: (tr, person) => ({
          title: tr(`promiseAlerts.remind.${p.kind}`, { who: p.who }),
          message: [tr('promiseAlerts.at', { time: clock(p.dueAt, person.language) }), p.note ?? ''].filter(Boolean).join(' '),
          link: '/sales/promises',
        }),
        always: true,
      })
      return
    }
    if (e.name === 'promise.queued') {
      const p = (e as DomainEvent<'promise.queued'>).payload
      await notifyOf(tx, e, {
        type: 'general',
        userIds: [p.userId],
        text: (tr, person) => ({
          title: tr('promiseAlerts.queued.title', { who: p.who }),
          message: tr('promiseAlerts.queued.message', { time: clock(p.dueAt, person.language) }),
          link: '/sales/promises',
        }),
        always: true,
      })
      return
    }
    const p = (e as DomainEvent<'promise.unowned'>).payload
    const coaches = await ports.coachesOf(tx, p.teamId)
    if (coaches.length === 0) return
    const [missed] = p.missedById ? await ports.people(tx, [p.missedById]) : []
    await notifyOf(tx, e, {
      type: 'general',
      userIds: coaches,
      text: (tr, person) => ({
        title: tr('promiseAlerts.unowned.title', { who: p.who }),
        message: tr('promiseAlerts.unowned.message', { time: clock(p.dueAt, person.language), name: missed?.name ?? '' }),
        link: '/backoffice/controlling/runs?tab=promises',
      }),
      always: true,
    })
  }

  return { fromDeviceAlert, fromVisitReminder, fromPromise }
}
