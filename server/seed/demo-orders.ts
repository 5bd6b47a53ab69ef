import { and, eq, inArray, lt } from 'drizzle-orm'
import { addDays, businessDay } from '../../shared/rules/work'
import type { Database, Db } from '../db/client'
import { prng } from './vocabulary'

const DAY = 86_400_000

/**
 * The providers' order files as back office would have imported them (issue 41): for Fiberlinjen and Tryggt Hem
 * Larm, an order for nearly every sale kept of the last weeks (older than a week), matched by order number where the
 * provider gives one, else by customer and date, with the provider's status and e-signing; and a few orders the file
 * holds that no sale matches, for back office to match by hand. Each is logged as made by the file it came in.
 * Deterministic for the day.
 */
export async function seedDemoOrders(database: Database, tx: Db, now: number, opts: { importerId: string | null }): Promise<void> {
  const { t } = database
  const rng = prng(`saljkraft-demo-orders:${businessDay(now)}`)
  const weekAgo = addDays(businessDay(now), -7)
  const providers = await tx
    .select({ id: t.providers.id, name: t.providers.name, requireExternal: t.providers.requireExternalOrderNumber })
    .from(t.providers)
    .where(inArray(t.providers.name, ['Fiberlinjen', 'Tryggt Hem Larm']))
  const rows: Array<typeof t.orderRegistrations.$inferInsert> = []
  // A provider's order number is one order (the sales' numbers are their own; the unmatched get fresh ones).
  const numbers = new Set<string>()
  const log: Array<typeof t.activityLog.$inferInsert> = []
  for (const provider of providers) {
    const file = `${provider.name.toLowerCase().replace(/\s+/g, '-').replace(/[åä]/g, 'a').replace(/ö/g, 'o')}-ordrar.csv`
    const sales = await tx
      .select({
        id: t.sales.id,
        key: t.sales.customerKey,
        name: t.sales.customerName,
        date: t.sales.sellDate,
        number: t.sales.externalOrderNumber,
        status: t.sales.status,
      })
      .from(t.sales)
      .where(and(eq(t.sales.providerId, provider.id), lt(t.sales.sellDate, weekAgo), inArray(t.sales.status, ['approved', 'flagged', 'unanswered'])))
    for (const sale of sales) {
      // A few of the kept sales the provider has not registered yet.
      if (rng.chance(0.06)) continue
      if (provider.requireExternal && (!sale.number || numbers.has(sale.number))) continue
      if (sale.number) numbers.add(sale.number)
      const orderDate = addDays(sale.date, rng.int(0, 2))
      const at = Date.parse(`${orderDate}T16:00:00Z`) + rng.int(1, 3) * DAY
      const id = rng.uuid()
      const esign = rng.chance(0.85) ? 'signed' : 'unsigned'
      const fields = {
        customerKey: sale.key,
        customerName: sale.name,
        orderDate,
        externalStatus: rng.pick(['Levererad', 'Levererad', 'Levererad', 'Registrerad', 'Installation bokad']),
        esignStatus: esign as 'signed' | 'unsigned',
      }
      const matchedBy = provider.requireExternal && sale.number ? 'order_number' : 'customer_date'
      rows.push({
        id,
        providerId: provider.id,
        externalOrderNumber: provider.requireExternal ? sale.number : null,
        ...fields,
        saleId: sale.id,
        matchedBy,
        matched: 1,
        importId: null,
        createdAt: Math.min(at, now),
        updatedAt: Math.min(at, now),
      })
      log.push({
        at: Math.min(at, now),
        actorId: opts.importerId,
        actingAsId: null,
        entity: 'order_registration',
        entityId: id,
        action: 'created',
        after: { externalOrderNumber: provider.requireExternal ? sale.number : null, ...fields, matchedBy, matched: 1 },
        reason: file,
      })
    }
    // Orders the file holds that no sale matches (a wrong number, a sale never reported): for matching by hand.
    for (let n = 0; n < 3; n++) {
      const orderDate = addDays(weekAgo, -rng.int(1, 20))
      const at = Math.min(Date.parse(`${orderDate}T16:00:00Z`) + DAY, now)
      const id = rng.uuid()
      const number = provider.requireExternal ? `FL-${900_000 + n}` : null
      const fields = {
        customerKey: null,
        customerName: rng.pick(['Okänd kund', 'Kund utan personnummer', 'Hushållet Berg']),
        orderDate,
        externalStatus: 'Registrerad',
        esignStatus: null,
      }
      rows.push({
        id,
        providerId: provider.id,
        externalOrderNumber: number,
        ...fields,
        saleId: null,
        matchedBy: null,
        matched: 0,
        importId: null,
        createdAt: at,
        updatedAt: at,
      })
      log.push({
        at,
        actorId: opts.importerId,
        entity: 'order_registration',
        entityId: id,
        action: 'created',
        after: { externalOrderNumber: number, ...fields },
        reason: file,
      })
    }
  }
  for (let i = 0; i < rows.length; i += 200) await tx.insert(t.orderRegistrations).values(rows.slice(i, i + 200))
  for (let i = 0; i < log.length; i += 200) await tx.insert(t.activityLog).values(log.slice(i, i + 200))
}
