import { businessDay } from './work'

/**
 * The daily-checkout rule (spec section 4): a seller who has checked out for the day cannot create new
 * sales that day. What counts is when the sale was made on the device, not when it reached the server:
 * a sale made offline before the checkout and synced after it is accepted.
 */
export type CheckoutFact = { date: string; checkedOutAt: number }

export function checkoutBlocking(soldAt: number, checkouts: Iterable<CheckoutFact>): CheckoutFact | null {
  const day = businessDay(soldAt)
  for (const c of checkouts) if (c.date === day && c.checkedOutAt <= soldAt) return c
  return null
}

/**
 * A sick notice is sent once per occasion (spec section 4). An occasion starts with the notice and lasts
 * until the seller reports a day at work after it; until then a second notice is refused and the screen
 * shows the one already sent, with its date.
 */
export type SickNoticeFact = { date: string; sentAt: number }
export type WorkDayFact = { date: string; present: boolean | null }

export function openSickOccasion(notices: Iterable<SickNoticeFact>, timeReports: Iterable<WorkDayFact>): SickNoticeFact | null {
  let latest: SickNoticeFact | null = null
  for (const n of notices) if (!latest || n.date > latest.date || (n.date === latest.date && n.sentAt > latest.sentAt)) latest = n
  if (!latest) return null
  for (const r of timeReports) if (r.present === true && r.date > latest.date) return null
  return latest
}
