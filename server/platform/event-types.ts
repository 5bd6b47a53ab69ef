import type { Db } from '../db/client'
import type { DeviationType, SaleStatus } from '../../shared/rules/sale'
import type { LiveNotification } from '../../shared/realtime'

/**
 * The domain events areas record and other areas react to, with what a subscriber needs to know (so it never
 * has to read the recording area's tables). Adding an event: a name here, recorded by the area's service in
 * the transaction of its change (docs/how-to.md).
 */
/** The customer of a sale as the customer register keeps it (docs/decisions/027); null key: no identity or org number. */
export type SaleCustomer = {
  key: string
  type: 'private' | 'company'
  name: string
  ssn: string | null
  companyName: string | null
  orgNumber: string | null
  email: string | null
  phone: string | null
  address: string | null
  postalCode: string | null
  city: string | null
}

export type DomainEvents = {
  /** a sale report reached the server (from a device's sync, or an import) */
  'sale.created': {
    saleId: string
    sellerId: string
    teamId: string | null
    officeId: string | null
    providerId: string
    status: SaleStatus
    soldAt: number
    sellDate: string
    orderValueOre: number
    sellerCommissionOre: number
    lines: Array<{ productId: string; quantity: number }>
    /** the customer, for the register; null when the sale names no identity or organisation number */
    customer: SaleCustomer | null
    /** the sale's phone number as written (the do-not-contact register checks it; absent in events recorded before it) */
    phone?: string
  }
  /** a seller's correction changed the customer of a sale */
  'sale.customerCorrected': { saleId: string; soldAt: number; customer: SaleCustomer | null }
  /** a sale report moved from one status to another */
  'sale.statusChanged': {
    saleId: string
    sellerId: string
    teamId: string | null
    officeId: string | null
    providerId: string
    soldAt: number
    /** the seller's commission of the sale as it stands (pay's ledger pays or takes back this much) */
    sellerCommissionOre: number
    from: SaleStatus
    to: SaleStatus
    deviationType: DeviationType | null
    reason: string | null
    byUserId: string | null
  }
  /** a seller's time report for a day was saved (created or replaced) */
  'timeReport.saved': {
    reportId: string
    userId: string
    teamId: string | null
    officeId: string | null
    date: string
    present: boolean | null
    workHours: number
    absenceHours: number
    absenceType: string | null
  }
  /** a seller checked out for a day */
  'checkout.done': { checkoutId: string; userId: string; date: string; salesCount: number; orderValueOre: number; workHours: number }
  /** a provider, product or product category was created, changed, archived or restored */
  'catalog.changed': { entity: 'provider' | 'product' | 'product_category'; id: string; action: string }
  /** back office corrected a customer's contact details or note in the register */
  'customer.updated': { customerId: string; key: string; fields: string[] }
  /** back office corrected a seller's time report of a day */
  'timeReport.corrected': { reportId: string; userId: string; date: string; fields: string[]; reason: string }
  /** back office matched an order registration to a sale report by hand, or undid a match (`saleId` null) */
  'orderRegistration.matched': { orderId: string; providerId: string; saleId: string | null; previousSaleId: string | null }
  /** a user's month was attested (locked) or reopened */
  'timeAttestation.changed': { userId: string; month: string; attested: boolean; reason: string | null }
  /** back office created, changed or removed a seller's extra income */
  'extraIncome.changed': { id: string; userId: string; month: string; action: 'created' | 'updated' | 'removed' }
  /** back office changed the payroll code of a pay item */
  'paycode.changed': { item: string; code: string | null }
  /** a payroll export of a month finished */
  'payroll.exported': { exportId: string; month: string; format: string; employees: number }
  /**
   * a notification for one user was made: shown live when `live` (it is stored then, with this id), pushed to
   * their devices when `push` (their settings for its type)
   */
  'notification.created': Omit<LiveNotification, 'id'> & { notificationId: string; userId: string; live: boolean; push: boolean }
  /** a region was created, renamed or deleted (server/modules/org) */
  'region.changed': { regionId: string; action: 'created' | 'updated' | 'deleted' }
  /** an office was created, renamed, moved to another region or deleted (server/modules/org) */
  'office.changed': { officeId: string; action: 'created' | 'updated' | 'deleted' }
  /** a coach group was created, changed (name, coaches, providers) or deleted (server/modules/org; decision 041) */
  'coachGroup.changed': { groupId: string; action: 'created' | 'updated' | 'deleted' }
  /**
   * a budget of an office, a team or a seller (`userId`, whose device pulls it) was set or copied from the month
   * before (server/modules/budgets; decision 047)
   */
  /** a guide's version was published or restored (server/modules/guides; decision 069): devices holding guides pull */
  'guide.published': { guideId: string; number: number; mustRead: boolean }
  /** who may read a published guide changed, or it was deleted */
  'guide.audienceChanged': { guideId: string }
  /** a candidate filled in their own details from their link (server/modules/candidates; decision 070) */
  'candidate.detailsSubmitted': { candidateId: string; recruiterId: string; name: string }
  /** a candidate signed a contract (in the app or at the e-signing service) */
  'candidate.contractSigned': { candidateId: string; recruiterId: string; name: string; kind: 'work' | 'education' }
  /** a candidate's four steps are done: they are a user now */
  'candidate.onboarded': { candidateId: string; recruiterId: string; name: string; userId: string | null }
  /** a call's text is in (from the engine, typed or imported) and its provider's script checked (docs/decisions/076) */
  'transcription.ready': { transcriptionId: string; saleId: string | null; result: 'pass' | 'fail' | null; missing: string[]; forbidden: string[] }
  /**
   * the customer answered a written offer, or it expired unanswered (docs/decisions/094): the seller and their
   * coaches hear of it; a decline or expiry has made the sale a regret in the same transaction
   */
  /** the do-not-contact register gained or lost an entry (decision 096): every phone pulls its fingerprints again */
  'contactBlock.changed': { blockId: string }
  /** a provider's sales in a country need a written offer (decision 094): its calls' script gains the law's phrases (decision 098) */
  'offerRule.saved': { ruleId: string; providerId: string; country: string }
  /** an office screen was paired, changed or revoked (docs/decisions/101): what it shows follows, a revoked one goes dark */
  'display.changed': { displayId: string; officeId: string | null; state: 'paired' | 'revoked' }
  /** the team feed changed (docs/decisions/102): an item added, reacted to, commented, removed; null item: a person's settings */
  'feed.changed': { itemId: string | null; officeId: string | null }
  /** a manager posted to the feed of an office (null: everyone) or a team of it */
  'feed.posted': { itemId: string; officeId: string | null; teamId: string | null; authorId: string; text: string }
  /** someone reacted to (emoji) or commented on (comment) an item about or by `ownerId` */
  'feed.responded': { itemId: string; ownerId: string; byUserId: string; emoji: string | null; comment: string | null }
  'offer.answered': { offerId: string; saleId: string; sellerId: string; teamId: string | null; outcome: 'accepted' | 'declined' | 'expired' }
  /** a file made in the background for a person is ready to fetch, or could not be made (docs/decisions/071) */
  'download.finished': { downloadId: string; userId: string; name: string; kind: string; state: 'ready' | 'failed'; error: string | null }
  /** a seller's device needs attention it did not need before (docs/decisions/072): their coaches are told */
  'device.alerted': {
    deviceId: string
    userId: string
    teamId: string | null
    label: string
    alerts: Array<'stale' | 'lowSpace' | 'oldVersion'>
    pending: number
  }
  /** a door's come-back is near (decision 073): the seller is reminded */
  'visit.remind': { visitId: string; userId: string; address: string; comeBackAt: number; note: string | null }
  /** a call-back's or an appointment's time is near (decision 097): its holder is reminded */
  'promise.remind': { promiseId: string; userId: string; kind: string; who: string; phone: string | null; dueAt: number; note: string | null }
  /** an open promise left an hour past its time went to its team's queue (decision 097), from the seller who held it */
  'promise.queued': { promiseId: string; kind: string; userId: string; teamId: string | null; who: string; dueAt: number }
  /** a promise in the team's queue a day past its time, still without a holder: the team's coaches are told */
  'promise.unowned': { promiseId: string; kind: string; teamId: string; missedById: string | null; who: string; dueAt: number }
  /** a scheduled message's occurrence handed its in-app notifications over (one event per batch of recipients) */
  'scheduledMessage.notified': {
    messageId: string
    runId: string
    fromName: string | null
    items: Array<{ userId: string; title: string; message: string }>
  }
  /** a reader acknowledged a must-read guide's version */
  'guide.acknowledged': { guideId: string; userId: string; number: number }
  /** a coach or a manager reminded those who have not acknowledged a must-read guide */
  'guide.reminded': {
    guideId: string
    number: number
    userIds: string[]
    titles: { sv: string; en: string | null; fi: string | null }
    byUserId: string
  }
  'budget.changed': { month: string; scope: 'office' | 'team' | 'seller'; unitId: string; userId: string | null; action: 'created' | 'updated' | 'copied' }
  /** the profitability calculation's settings changed: the contribution rate or the legacy cut-off (server/modules/finance; decision 051) */
  'finance.settingsChanged': { payrollTaxBp: number; legacyCutoff: string }
  /** an office's or a team's OPH targets were set, changed or removed (server/modules/org; decision 042) */
  'ophTarget.changed': { scope: 'office' | 'team'; scopeId: string; action: 'created' | 'updated' | 'deleted' }
  /** a team was created, changed (name, office, coaches) or deleted (server/modules/org) */
  'team.changed': { teamId: string; action: 'created' | 'updated' | 'deleted'; coachesChanged: boolean }
  /**
   * a role was created, its permissions changed, or it was deleted (its users moved to `movedTo`): whoever holds it
   * gets the new rules with their next request
   */
  'role.changed': { roleId: string; action: 'created' | 'updated' | 'deleted'; movedTo: string | null; users: number }
  /**
   * a user was created, edited, deactivated or reactivated (decision 033), or an admin reset their two-step sign-in
   * (decision 038); `fields` names what an edit changed
   * (never the values: some are sensitive)
   */
  'user.changed': { userId: string; action: 'created' | 'updated' | 'deactivated' | 'reactivated' | 'mfa_reset' | 'mfa_locked'; fields: string[] }
  /**
   * a sale's quality survey was answered and graded (docs/decisions/045): the sales area writes the grade on the
   * sale, the game weights the sale's XP by it; score and NKI in tenths, null when the answers scored nothing
   */
  'quality.graded': {
    surveyId: string
    saleId: string
    sellerId: string
    teamId: string | null
    officeId: string | null
    providerId: string
    grade: string | null
    scoreTenths: number | null
    nkiTenths: number | null
    channel: 'call' | 'link' | 'qr'
  }
  /** a person's XP reached a level of the sales game (docs/decisions/052): once per person and level */
  'game.levelReached': { userId: string; levelId: string; levelNumber: number; levelName: string; xp: number }
  /** a person earned a badge of the sales game for a period (decision 052): once per badge, person and period */
  'game.badgeAwarded': { userId: string; badgeId: string; name: string; periodKey: string; coins: number }
  /** a published competition of the sales game ended (decision 052): its winners by rank with their prizes */
  'game.competitionFinished': {
    competitionId: string
    name: string
    kind: 'sellers' | 'teams' | 'offices'
    winners: Array<{ rank: number; id: string; name: string; coins: number | null; text: string }>
  }
  /** a seller reported sick */
  'sickNotice.created': { noticeId: string; userId: string; teamId: string | null; officeId: string | null; date: string }
}

export type EventName = keyof DomainEvents

export type DomainEvent<N extends EventName = EventName> = {
  [K in N]: { id: number; name: K; payload: DomainEvents[K]; actorId: string | null; occurredAt: number }
}[N]

/**
 * A subscriber either handles an event on its own (`handle`: delivered at least once, after which its delivery is
 * marked done), or only writes to the database (`handleInTransaction`): then the dispatcher runs it in the same
 * transaction as the mark of its delivery, so its writes and the mark commit together — exactly once — and a
 * batch of such deliveries shares one commit (each in a savepoint of its own: one that throws is undone alone and
 * retried later). Such a handler writes only through the `tx` it is given and does nothing outside the database
 * (no mail, no push, no network): a serialization retry on PostgreSQL runs it again.
 */
export type Subscriber<N extends EventName = EventName> = {
  /** stable: deliveries are stored under this name */
  name: string
  events: readonly N[]
} & (
  | { handle(event: DomainEvent<N>): Promise<void>; handleInTransaction?: never }
  | { handleInTransaction(tx: Db, event: DomainEvent<N>): Promise<void>; handle?: never }
)
