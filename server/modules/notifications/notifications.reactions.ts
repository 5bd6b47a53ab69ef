import type { EventBus } from '../../platform/events'
import type { DomainEvent } from '../../platform/event-types'
import type { notificationsService } from './notifications.service'

type Notifications = ReturnType<typeof notificationsService>

/** The events that change what a seller's device holds: their open app is told to pull now (a poke carries no data). */
const POKED_BY = [
  'sale.statusChanged',
  'timeReport.corrected',
  'timeAttestation.changed',
  'extraIncome.changed',
  'catalog.changed',
  'budget.changed',
  'guide.published',
  'guide.audienceChanged',
  'promise.queued',
  'contactBlock.changed',
] as const

/** Whom an event's poke goes to: a seller, everyone (`null`, the catalog), or no one. */
export function pokeTarget(e: DomainEvent<(typeof POKED_BY)[number]>): { userId: string | null } | undefined {
  // The catalog and the guides travel to every device (a guide's readers are decided when the device asks).
  if (e.name === 'catalog.changed' || e.name === 'guide.published' || e.name === 'guide.audienceChanged' || e.name === 'contactBlock.changed')
    return { userId: null }
  // A seller's budget travels to their device; an office's or a team's does not.
  if (e.name === 'budget.changed') return e.payload.userId ? { userId: e.payload.userId } : undefined
  // The seller's own change needs no poke (their device made it).
  if (e.name === 'sale.statusChanged' && e.payload.byUserId === e.payload.sellerId) return undefined
  return { userId: 'sellerId' in e.payload ? e.payload.sellerId : e.payload.userId }
}

/**
 * Live alerts from the areas' events (docs/decisions/030): made in the delivery's transaction (exactly once), sent
 * live and by Web Push after it commits; and the pokes that tell a device to pull.
 */
export function notificationsReactions(events: EventBus, notifications: Notifications) {
  const { saleAlerts: sales, gameAndAccountAlerts: account, deviceAlerts: devices } = notifications
  events.subscribe({ name: 'notifications.saleAlerts', events: ['sale.statusChanged'], handleInTransaction: sales.fromSaleStatus })
  events.subscribe({ name: 'notifications.sickAlerts', events: ['sickNotice.created'], handleInTransaction: sales.fromSickNotice })
  events.subscribe({ name: 'notifications.securityAlerts', events: ['user.changed'], handleInTransaction: account.fromUserChange })
  events.subscribe({ name: 'notifications.gameLevels', events: ['game.levelReached'], handleInTransaction: account.fromLevelReached })
  events.subscribe({ name: 'notifications.gameBadges', events: ['game.badgeAwarded'], handleInTransaction: account.fromBadgeAwarded })
  events.subscribe({ name: 'notifications.gameCompetitions', events: ['game.competitionFinished'], handleInTransaction: account.fromCompetitionFinished })
  events.subscribe({ name: 'notifications.guideReminders', events: ['guide.reminded'], handleInTransaction: account.fromGuideReminder })
  events.subscribe({
    name: 'notifications.candidates',
    events: ['candidate.detailsSubmitted', 'candidate.contractSigned', 'candidate.onboarded'],
    handleInTransaction: account.fromCandidateEvent,
  })
  events.subscribe({ name: 'notifications.downloads', events: ['download.finished'], handleInTransaction: account.fromDownloadFinished })
  events.subscribe({ name: 'notifications.devices', events: ['device.alerted'], handleInTransaction: devices.fromDeviceAlert })
  events.subscribe({ name: 'notifications.visitReminders', events: ['visit.remind'], handleInTransaction: devices.fromVisitReminder })
  events.subscribe({
    name: 'notifications.promises',
    events: ['promise.remind', 'promise.queued', 'promise.unowned'],
    handleInTransaction: devices.fromPromise,
  })
  events.subscribe({ name: 'notifications.scheduledMessages', events: ['scheduledMessage.notified'], handleInTransaction: account.fromScheduledMessage })
  events.subscribe({ name: 'notifications.feedPosts', events: ['feed.posted'], handleInTransaction: notifications.feedAlerts.fromPost })
  events.subscribe({ name: 'notifications.feedResponses', events: ['feed.responded'], handleInTransaction: notifications.feedAlerts.fromResponse })
  events.subscribe({ name: 'notifications.deliver', events: ['notification.created'], handle: notifications.deliver })
  events.subscribe({
    name: 'notifications.syncPoke',
    events: [...POKED_BY],
    handle: async (e) => {
      const target = pokeTarget(e)
      if (target) await notifications.poke(target.userId, e.name)
    },
  })
}
