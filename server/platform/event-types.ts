import type { DeviationType, SaleStatus } from '../../shared/rules/sale'

/**
 * The domain events areas record and other areas react to, with what a subscriber needs to know (so it never
 * has to read the recording area's tables). Adding an event: a name here, recorded by the area's service in
 * the transaction of its change (docs/how-to.md).
 */
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
  }
  /** a sale report moved from one status to another */
  'sale.statusChanged': {
    saleId: string
    sellerId: string
    teamId: string | null
    officeId: string | null
    providerId: string
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
  /** a seller reported sick */
  'sickNotice.created': { noticeId: string; userId: string; teamId: string | null; officeId: string | null; date: string }
}

export type EventName = keyof DomainEvents

export type DomainEvent<N extends EventName = EventName> = {
  [K in N]: { id: number; name: K; payload: DomainEvents[K]; actorId: string | null; occurredAt: number }
}[N]
