import { and, eq, inArray } from 'drizzle-orm'
import { customerKeyOf, DOUBLE_WINDOW_DEFAULT_DAYS } from '../../shared/rules/double-sales'
import { demoCases } from './demo-cases'
import { personalNumberOf } from '../../shared/rules/identity'
import { addDays, businessDay, businessMonth, isWeekend, monthRange, previousMonth } from '../../shared/rules/work'
import type { SaleStatus } from '../../shared/schemas/sales'
import { raiseChangeBaseline } from '../db/change-counter'
import type { Database, Db } from '../db/client'
import { doorPosition, postalPositionsOf } from './places'
import { FIRST_NAMES, LAST_NAMES, prng, REGRET_REASONS, STREETS } from './vocabulary'

const DAY = 86_400_000
/** Where each office's customers live: its city and postal code prefix. */
const PLACES: Record<string, [string, string]> = { Malmö: ['Malmö', '211'], Göteborg: ['Göteborg', '411'], Stockholm: ['Stockholm', '118'] }

/**
 * The demo organisation's selling (issue 41): every seller's sales, weekday by weekday, from the first of the month
 * two months back to yesterday, as a real office would have them — most days one or two, some none (never two in a
 * row), a good day three; older ones settled by back office (mostly approved, some regretted, a few flagged or unanswered), this
 * week's still waiting. No sale on a day the seller reported away. Sellers given in `keepRecent` (the demo seller,
 * whose last week is hand-made) get none in their last `keepRecentDays` days. Deterministic: the same sales every time
 * for the same day. Then each seller's budget for this month and the last: what they sold last month, give or take
 * a tenth (in whole 500 kronor), so the dashboards show progress near target. Answers how many reports wait for back office.
 */
export async function seedDemoSales(
  database: Database,
  tx: Db,
  now: number,
  opts: { sellerEmails: string[]; keepRecent: string[]; keepRecentDays: number; reviewerId: string | null },
): Promise<{ waiting: number }> {
  const { t } = database
  const rng = prng(`saljkraft-demo:${businessDay(now)}`)
  const today = businessDay(now)
  const thisMonth = businessMonth(now)
  const lastMonth = previousMonth(thisMonth)
  const first = `${previousMonth(lastMonth)}-01`
  const sellers = await tx
    .select({ id: t.users.id, email: t.users.email, teamId: t.users.teamId, officeName: t.offices.name, officeId: t.offices.id })
    .from(t.users)
    .innerJoin(t.teams, eq(t.teams.id, t.users.teamId))
    .innerJoin(t.offices, eq(t.offices.id, t.teams.officeId))
    .where(inArray(t.users.email, opts.sellerEmails))
  const products = await tx
    .select({
      id: t.products.id,
      name: t.products.name,
      providerId: t.products.providerId,
      priceOre: t.products.priceOre,
      sellerCommissionOre: t.products.sellerCommissionOre,
      companyCommissionOre: t.products.companyCommissionOre,
      companyCostOre: t.products.companyCostOre,
      requireExternal: t.providers.requireExternalOrderNumber,
    })
    .from(t.products)
    .innerJoin(t.providers, eq(t.providers.id, t.products.providerId))
  const away = new Set(
    (
      await tx
        .select({ userId: t.timeReports.userId, date: t.timeReports.date })
        .from(t.timeReports)
        .where(
          and(
            inArray(
              t.timeReports.userId,
              sellers.map((s) => s.id),
            ),
            eq(t.timeReports.present, false),
          ),
        )
    ).map((r) => `${r.userId}|${r.date}`),
  )
  await raiseChangeBaseline(tx, t, 0)
  const [counter] = await tx.select({ version: t.syncVersion.version }).from(t.syncVersion).where(eq(t.syncVersion.id, 'global'))
  let version = counter?.version ?? 0

  // Every customer has a number of their own (none the hand-made sales have).
  const existing = await tx.select({ ssn: t.sales.customerSsn, name: t.sales.customerName }).from(t.sales)
  const used = new Set(existing.map((r) => r.ssn))
  // Nor anyone's name: a search for a hand-made customer finds that one.
  const names = new Set(existing.map((r) => r.name))
  const sales: Array<typeof t.sales.$inferInsert> = []
  const lines: Array<typeof t.saleLines.$inferInsert> = []
  const history: Array<typeof t.saleStatusHistory.$inferInsert> = []
  const soldByMonth = new Map<string, number>()
  let waiting = 0
  for (const seller of sellers) {
    const keepFrom = opts.keepRecent.includes(seller.email) ? addDays(today, -opts.keepRecentDays) : today
    // Every provider's products (the hand-made sales do the same): an energy contract alone has no order value to
    // count towards a budget.
    const offered = products
    const [city, postal] = PLACES[seller.officeName] ?? ['Malmö', '211']
    // Each seller has a pace of their own: some sell more than others; none goes two working days without a sale,
    // so even a seller who was sick half of last month has a month to show (whatever day the demo is seeded).
    const pace = 1 + rng.next() * 0.6
    let emptyBefore = false
    for (let day = first; day < keepFrom; day = addDays(day, 1)) {
      if (isWeekend(day) || away.has(`${seller.id}|${day}`)) continue
      const roll = rng.next() * pace
      const drawn = roll < 0.25 ? 0 : roll < 0.75 ? 1 : roll < 1.05 ? 2 : 3
      const count: number = drawn === 0 && emptyBefore ? 1 : drawn
      emptyBefore = count === 0
      for (let n = 0; n < count; n++) {
        const product = rng.pick(offered)
        const quantity = product.name.startsWith('Brandvarnare') ? rng.int(2, 4) : 1
        const soldAt = Date.parse(`${day}T${String(rng.int(8, 17)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:00Z`)
        const age = Math.floor((now - soldAt) / DAY)
        const status: SaleStatus =
          age <= 3
            ? rng.chance(0.85)
              ? 'finalized'
              : 'approved'
            : age <= 7
              ? rng.pick(['finalized', 'approved', 'approved', 'approved', 'flagged'] as const)
              : rng.chance(0.84)
                ? 'approved'
                : rng.pick(['regret', 'regret', 'regret', 'flagged', 'unanswered'] as const)
        let firstName: string
        let lastName: string
        do {
          firstName = rng.pick(FIRST_NAMES)
          lastName = rng.pick(LAST_NAMES)
        } while (names.has(`${firstName} ${lastName}`))
        let customerSsn: string
        do
          customerSsn = personalNumberOf(
            `${rng.int(1945, 2003)}${String(rng.int(1, 12)).padStart(2, '0')}${String(rng.int(1, 28)).padStart(2, '0')}`,
            String(rng.int(0, 999)).padStart(3, '0'),
          )
        while (used.has(customerSsn))
        used.add(customerSsn)
        const id = rng.uuid()
        sales.push({
          id,
          sellerId: seller.id,
          teamId: seller.teamId,
          officeId: seller.officeId,
          providerId: product.providerId,
          customerType: 'private',
          customerSsn,
          customerName: `${firstName} ${lastName}`,
          email: rng.chance(0.6) ? `${firstName}.${lastName}${rng.int(1, 99)}@example.se`.toLowerCase().replace(/[åä]/g, 'a').replace(/ö/g, 'o') : null,
          phone: `07${rng.int(0, 9)}-${rng.int(100, 999)} ${rng.int(10, 99)} ${rng.int(10, 99)}`,
          companyName: null,
          orgNumber: null,
          customerKey: customerKeyOf({ customerType: 'private', customerSsn, orgNumber: null }),
          postalCode: `${postal} ${rng.int(10, 99)}`,
          city,
          address: `${rng.pick(STREETS)} ${rng.int(1, 80)}`,
          message: null,
          // The provider's order numbers: one of its own each.
          externalOrderNumber: product.requireExternal ? `FL-${30_000 + sales.length}` : null,
          checklistFileId: null,
          status,
          externalStatus: null,
          deviationType: null,
          deviationReason: null,
          soldAt,
          sellDate: day,
          orderValueOre: product.priceOre * quantity,
          sellerCommissionOre: product.sellerCommissionOre * quantity,
          companyCommissionOre: product.companyCommissionOre * quantity,
          companyCostOre: product.companyCostOre * quantity,
          version: ++version,
          createdAt: soldAt,
          updatedAt: soldAt,
        })
        lines.push({
          id: rng.uuid(),
          saleId: id,
          productId: product.id,
          productName: product.name,
          quantity,
          priceOre: product.priceOre,
          sellerCommissionOre: product.sellerCommissionOre,
          companyCommissionOre: product.companyCommissionOre,
          companyCostOre: product.companyCostOre,
          position: 0,
        })
        history.push({ id: rng.uuid(), saleId: id, status: 'finalized', note: null, byUserId: seller.id, at: soldAt })
        if (status !== 'finalized') {
          const at = Math.min(soldAt + rng.int(1, 3) * DAY, now - 3_600_000)
          history.push({ id: rng.uuid(), saleId: id, status, note: status === 'regret' ? rng.pick(REGRET_REASONS) : null, byUserId: opts.reviewerId, at })
        } else waiting++
        if (status !== 'regret') {
          const key = `${seller.id}|${day.slice(0, 7)}`
          soldByMonth.set(key, (soldByMonth.get(key) ?? 0) + product.priceOre * quantity)
        }
      }
    }
  }
  // The maps (docs/decisions/074): the offices' postal codes at points around their cities, and most sales at the door
  // (the app's position); the rest are placed by their postal code.
  const postal = new Map<string, [number, number]>()
  for (const [city, prefix] of Object.values(PLACES))
    for (const row of postalPositionsOf(city, prefix, now)) {
      postal.set(row.postalCode, [row.lat, row.lng])
      await tx.insert(t.postalPositions).values(row).onConflictDoNothing()
    }
  await tx
    .insert(t.saleSettings)
    .values({ id: 'global', doubleWindowDays: DOUBLE_WINDOW_DEFAULT_DAYS, recordPositions: true, updatedAt: now, updatedById: null })
    .onConflictDoUpdate({ target: t.saleSettings.id, set: { recordPositions: true } })
  const positions = prng(`saljkraft-demo:positions:${businessDay(now)}`)
  for (const sale of sales) {
    const at = positions.next() < 0.8 ? doorPosition(postal, sale.postalCode, positions.next) : null
    Object.assign(sale, { lat: at?.lat ?? null, lng: at?.lng ?? null, accuracy: at?.accuracy ?? null })
  }
  // Back office's work: open deviations and possible double sales among them (issue 70).
  const cases = demoCases(sales, lines, history, now, today, opts.reviewerId, () => rng.uuid())
  for (let i = 0; i < sales.length; i += 200) await tx.insert(t.sales).values(sales.slice(i, i + 200))
  for (let i = 0; i < lines.length; i += 200) await tx.insert(t.saleLines).values(lines.slice(i, i + 200))
  for (let i = 0; i < history.length; i += 200) await tx.insert(t.saleStatusHistory).values(history.slice(i, i + 200))
  if (cases.deviations.length) await tx.insert(t.saleDeviations).values(cases.deviations)
  if (cases.doubles.length) await tx.insert(t.saleDoubles).values(cases.doubles)

  // Budgets: last month's sales, give or take a tenth, in whole 500 kronor; this month's the same for a seller whose
  // month so far is on its way there.
  const { to: monthEnd } = monthRange(thisMonth)
  let workDays = 0
  let workedDays = 0
  for (let d = `${thisMonth}-01`; d <= monthEnd; d = addDays(d, 1))
    if (!isWeekend(d)) {
      workDays++
      if (d < today) workedDays++
    }
  for (const seller of sellers) {
    const last = soldByMonth.get(`${seller.id}|${lastMonth}`) ?? 0
    const round = (ore: number) => Math.max(500_00, Math.round(ore / 500_00) * 500_00)
    const lastBudget = round(last * (0.9 + rng.next() * 0.25))
    // This month's: last month's pace over this month's work days, unless the month so far runs ahead of it.
    const soFar = soldByMonth.get(`${seller.id}|${thisMonth}`) ?? 0
    const pace = workedDays > 0 ? (soFar / workedDays) * workDays : 0
    const thisBudget = round(Math.max(last, pace) * (0.95 + rng.next() * 0.2))
    for (const [month, amountOre] of [
      [lastMonth, lastBudget],
      [thisMonth, thisBudget],
    ] as const) {
      version++
      await tx
        .insert(t.salesBudgets)
        .values({ id: rng.uuid(), userId: seller.id, month, amountOre, version, updatedAt: now })
        .onConflictDoUpdate({ target: [t.salesBudgets.userId, t.salesBudgets.month], set: { amountOre, version, updatedAt: now } })
    }
  }
  await raiseChangeBaseline(tx, t, version)
  return { waiting }
}
