import { daysApart } from '../../shared/rules/double-sales'
import { searchTextOf } from '../../shared/rules/deviations'
import type { DeviationType } from '../../shared/rules/sale'
import type { Database } from '../db/client'

/** The reasons back office gives, as they write them. */
const DEVIATIONS: Array<[DeviationType, string]> = [
  ['incorrect_ssn', 'Personnumret stämmer inte med legitimationen. Kontrollera med kunden och rätta.'],
  ['not_credit_worthy', 'Kunden blev inte godkänd i kreditkontrollen hos leverantören.'],
  ['incorrect_order', 'Fel produkt registrerad: kunden beställde en annan produkt än den som skickades in.'],
  ['customer_cannot_continue', 'Kunden flyttar innan installationen och kan inte fullfölja.'],
  ['other', 'Adressen saknar portkod; installatören kom inte in. Komplettera uppgifterna.'],
]

/**
 * Work for back office in the demo (issue 70): a handful of open deviations on sales reviewed last week, and
 * possible double sales — a customer sold the same product twice by one seller within days, as happens when a
 * household is visited twice. Chosen from the generated sales (no new sale: the days, hours and budgets stay as
 * they are) and returned as the rows to write beside them.
 */
export function demoCases(
  sales: Array<Database['t']['sales']['$inferInsert']>,
  lines: Array<Database['t']['saleLines']['$inferInsert']>,
  history: Array<Database['t']['saleStatusHistory']['$inferInsert']>,
  now: number,
  today: string,
  reviewerId: string | null,
  uuid: () => string,
) {
  const DAY = 86_400_000
  const productOf = new Map(lines.map((l) => [l.saleId, l.productId]))
  const age = (s: (typeof sales)[number]) => daysApart(s.sellDate!, today)
  const deviations: Array<Database['t']['saleDeviations']['$inferInsert']> = []
  const doubles: Array<Database['t']['saleDoubles']['$inferInsert']> = []
  const taken = new Set<string>()

  // Open deviations: approved sales of 8 to 20 days ago, one a seller, five sellers.
  const deviationSellers = new Set<string>()
  for (const sale of sales) {
    if (deviations.length >= DEVIATIONS.length) break
    if (sale.status !== 'approved' || age(sale) < 8 || age(sale) > 20 || deviationSellers.has(sale.sellerId!)) continue
    const [type, reason] = DEVIATIONS[deviations.length]!
    const openedAt = Math.min(sale.soldAt! + 2 * DAY, now - 3_600_000)
    Object.assign(sale, { status: 'deviation', deviationType: type, deviationReason: reason })
    // Its last step was the approval: now the deviation, by the reviewer, after it.
    history.push({ id: uuid(), saleId: sale.id!, status: 'deviation', note: reason, byUserId: reviewerId, at: openedAt })
    deviations.push({
      id: uuid(),
      saleId: sale.id!,
      sellerId: sale.sellerId!,
      teamId: sale.teamId ?? null,
      officeId: sale.officeId ?? null,
      providerId: sale.providerId!,
      type,
      reason,
      searchText: searchTextOf({ customerName: sale.customerName!, companyName: null, externalOrderNumber: sale.externalOrderNumber ?? null }),
      state: 'open',
      pending: 1,
      openedAt,
      openedById: reviewerId,
    })
    deviationSellers.add(sale.sellerId!)
    taken.add(sale.id!)
  }

  // Possible double sales: a seller's later sale of the same product 2 to 12 days after an earlier one becomes a
  // second sale to the same customer (name, number, address); both are in this or last month, three sellers.
  const bySeller = new Map<string, typeof sales>()
  for (const s of sales) {
    if (s.status === 'regret' || taken.has(s.id!)) continue
    const list = bySeller.get(s.sellerId!)
    if (list) list.push(s)
    else bySeller.set(s.sellerId!, [s])
  }
  for (const list of bySeller.values()) {
    if (doubles.length >= 3) break
    const pair = list
      .flatMap((a) => list.map((b) => [a, b] as const))
      .find(
        ([a, b]) =>
          a.sellDate! < b.sellDate! &&
          daysApart(a.sellDate!, b.sellDate!) >= 2 &&
          daysApart(a.sellDate!, b.sellDate!) <= 12 &&
          age(b) <= 25 &&
          productOf.get(a.id!) === productOf.get(b.id!),
      )
    if (!pair) continue
    const [earlier, later] = pair
    for (const key of ['customerSsn', 'customerKey', 'customerName', 'email', 'phone', 'postalCode', 'city', 'address'] as const)
      (later as Record<string, unknown>)[key] = earlier[key]
    doubles.push({
      id: uuid(),
      saleId: later.id!,
      otherSaleId: earlier.id!,
      customerKey: earlier.customerKey!,
      providerId: later.providerId!,
      sellerId: later.sellerId!,
      teamId: later.teamId ?? null,
      officeId: later.officeId ?? null,
      daysApart: daysApart(earlier.sellDate!, later.sellDate!),
      detectedAt: later.soldAt!,
      state: 'open',
      pending: 1,
    })
  }
  return { deviations, doubles }
}
