import { and, eq, inArray, isNull } from 'drizzle-orm'
import { mappingProblems, matchOrders, parseOrderRow, type MatchableSale, type OrderMapping, type ParsedOrder } from '../../../shared/rules/orders'
import type { SaleStatus } from '../../../shared/rules/sale'
import type { Translate } from '../../../shared/schemas/errors'
import type { OrderImportSummary, OrderListItem, OrderSaleSummary } from '../../../shared/schemas/orders'
import type { Db } from '../../db/client'
import { notFound, validationError } from '../../lib/errors'
import type { Deps } from '../../platform/deps'
import { OrderFileError, readOrderFile, type OrderFileContent } from './order-file'

export type SaleSummary = OrderSaleSummary

/** What the orders area asks other areas (wired in server/composition/areas.ts). */
export type OrdersPorts = {
  /** the catalog: the provider, and whether its sales need an order registration (it requires order numbers) */
  provider(db: Db, id: string): Promise<{ id: string; name: string; requireExternalOrderNumber: boolean } | undefined>
  providerNames(db: Db, ids: string[]): Promise<Map<string, string>>
  /** the sales area: the provider's sales an order file may match */
  salesForMatching(
    tx: Db,
    providerId: string,
    q: { orderNumbers: string[]; customerKeys: string[]; from: string | null; to: string | null },
  ): Promise<MatchableSale[]>
  saleSummaries(db: Db, ids: string[]): Promise<Map<string, SaleSummary>>
  salesInPeriod(db: Db, providerId: string, from: string, to: string, limit: number, statuses?: SaleStatus[]): Promise<string[]>
  flagWithoutOrder(tx: Db, saleIds: string[], reason: string, now: number): Promise<number>
}

/** Rows written per transaction while an import runs (its progress moves by this much). */
export const BATCH = 500
/** How many of the provider's kept sales of the period the "Matched Sale Reports" view looks through. */
export const PERIOD_LIMIT = 5000

/** What the orders area's parts share: its tables, an import's file and plan, and an order's list row. */
export function ordersContext(
  { database, files, jobs, events, downloads }: Pick<Deps, 'database' | 'files' | 'jobs' | 'events' | 'downloads'>,
  ports: OrdersPorts,
) {
  const { db, t } = database
  const o = t.orderRegistrations

  async function fileOf(imp: typeof t.orderImports.$inferSelect, translate: Translate): Promise<OrderFileContent> {
    const [meta] = await files.describeMany(db, [imp.fileId])
    const bytes = await files.bytes(imp.fileId)
    if (!meta || !bytes) throw notFound()
    try {
      return await readOrderFile(meta.contentType, bytes)
    } catch (err) {
      if (err instanceof OrderFileError) throw validationError({ file: [translate(err.key)] })
      throw err
    }
  }

  async function importRow(id: string) {
    const [imp] = await db.select().from(t.orderImports).where(eq(t.orderImports.id, id))
    if (!imp) throw notFound()
    return imp
  }

  function checkMapping(mapping: OrderMapping, headers: string[], translate: Translate) {
    const problems = mappingProblems(mapping, headers)
    if (Object.keys(problems).length > 0) {
      throw validationError(Object.fromEntries(Object.entries(problems).map(([f, key]) => [f === 'mapping' ? 'mapping' : `mapping.${f}`, [translate(key)]])))
    }
  }

  /** The file's rows through the mapping, checked; and what matching them would do, nothing written. */
  async function plan(tx: Db, providerId: string, content: OrderFileContent, mapping: OrderMapping) {
    const parsed = content.rows.map((cells) => parseOrderRow(cells, mapping))
    const valid = parsed.flatMap((p, i) => (p.ok ? [{ row: i + 2, order: p.order }] : []))
    const dates = valid.map((v) => v.order.orderDate).filter((d): d is string => !!d)
    const from = dates.length ? dates.reduce((a, b) => (a < b ? a : b)) : null
    const to = dates.length ? dates.reduce((a, b) => (a > b ? a : b)) : null
    // The registrations this file updates (same order number, or same customer and date without a number).
    const numbers = [...new Set(valid.map((v) => v.order.externalOrderNumber).filter((n): n is string => !!n))]
    const existing = new Map<string, typeof o.$inferSelect>()
    for (let i = 0; i < numbers.length; i += 500) {
      const rows = await tx
        .select()
        .from(o)
        .where(and(eq(o.providerId, providerId), inArray(o.externalOrderNumber, numbers.slice(i, i + 500))))
      for (const r of rows) existing.set(`n:${r.externalOrderNumber}`, r)
    }
    const keys = [...new Set(valid.filter((v) => !v.order.externalOrderNumber && v.order.customerKey).map((v) => v.order.customerKey!))]
    for (let i = 0; i < keys.length; i += 500) {
      const rows = await tx
        .select()
        .from(o)
        .where(and(eq(o.providerId, providerId), inArray(o.customerKey, keys.slice(i, i + 500)), isNull(o.externalOrderNumber)))
      for (const r of rows) existing.set(`c:${r.customerKey}:${r.orderDate}`, r)
    }
    const keyOf = (order: ParsedOrder) => (order.externalOrderNumber ? `n:${order.externalOrderNumber}` : `c:${order.customerKey}:${order.orderDate}`)
    // Orders already matched keep their sale; the rest are matched among the sales no registration has.
    const candidates = await ports.salesForMatching(tx, providerId, {
      orderNumbers: numbers,
      customerKeys: [...new Set(valid.map((v) => v.order.customerKey).filter((k): k is string => !!k))],
      from,
      to,
    })
    const taken = new Set<string>()
    for (let i = 0; i < candidates.length; i += 500) {
      const rows = await tx
        .select({ saleId: o.saleId })
        .from(o)
        .where(
          inArray(
            o.saleId,
            candidates.slice(i, i + 500).map((c) => c.id),
          ),
        )
      for (const r of rows) if (r.saleId) taken.add(r.saleId)
    }
    const open = valid.filter((v) => !existing.get(keyOf(v.order))?.saleId)
    const matches = matchOrders(
      open.map((v) => v.order),
      candidates,
      taken,
    )
    const matchOf = new Map(open.map((v, i) => [v.row, matches[i] ?? null]))
    return { parsed, valid, existing, keyOf, matchOf, from, to }
  }

  async function withoutRegistration(tx: Db, saleIds: string[]): Promise<string[]> {
    const have = new Set<string>()
    for (let i = 0; i < saleIds.length; i += 500) {
      const rows = await tx
        .select({ saleId: o.saleId })
        .from(o)
        .where(inArray(o.saleId, saleIds.slice(i, i + 500)))
      for (const r of rows) if (r.saleId) have.add(r.saleId)
    }
    return saleIds.filter((id) => !have.has(id))
  }

  function itemOf(r: typeof o.$inferSelect, sales: Map<string, SaleSummary>, names: Map<string, string>): OrderListItem {
    const s = r.saleId ? sales.get(r.saleId) : undefined
    return {
      id: r.id,
      providerName: names.get(r.providerId) ?? '',
      externalOrderNumber: r.externalOrderNumber,
      customerName: r.customerName,
      orderDate: r.orderDate,
      externalStatus: r.externalStatus,
      esignStatus: r.esignStatus,
      matchedBy: r.matchedBy,
      sale: s ? { id: s.id, status: s.status, customerName: s.customerName, sellDate: s.sellDate, sellerName: s.sellerName } : null,
      createdAt: r.createdAt,
    }
  }
  return {
    database,
    files,
    jobs,
    events,
    downloads,
    ports,
    checkMapping,
    db,
    fileOf,
    importRow,
    itemOf,
    matchOfRow,
    o,
    plan,
    summarise,
    t,
    withoutRegistration,
  }
}
export type OrdersContext = ReturnType<typeof ordersContext>

export function withoutKey(fields: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!fields || !('customerKey' in fields)) return fields
  const { customerKey: _key, ...rest } = fields
  return rest
}

/** What a planned file holds, as matching needs it. */
type OrderPlan = {
  valid: Array<{ row: number; order: ParsedOrder }>
  parsed: unknown[]
  existing: Map<string, { saleId: string | null; matchedBy: string | null }>
  keyOf: (order: ParsedOrder) => string
  matchOf: Map<number, { by: 'order_number' | 'customer_date' } | null>
  from: string | null
  to: string | null
}

/** What an import did or would do, as figures. */
function summarise(p: OrderPlan): OrderImportSummary {
  const seen = new Set<string>()
  let created = 0
  let updated = 0
  let byNumber = 0
  let byCustomer = 0
  let unmatched = 0
  for (const v of p.valid) {
    const key = p.keyOf(v.order)
    if (p.existing.has(key) || seen.has(key)) updated++
    else created++
    seen.add(key)
    const match = matchOfRow(p, v.order, v.row)
    if (match === 'order_number') byNumber++
    else if (match === 'customer_date') byCustomer++
    else unmatched++
  }
  return {
    rows: p.parsed.length,
    invalid: p.parsed.length - p.valid.length,
    created,
    updated,
    matchedByOrderNumber: byNumber,
    matchedByCustomer: byCustomer,
    unmatched,
    from: p.from,
    to: p.to,
  }
}

/** How a valid row is (or would be) matched: kept from its registration, else found now, else none. */
function matchOfRow(p: OrderPlan, order: ParsedOrder, row: number): 'order_number' | 'customer_date' | null {
  const kept = p.existing.get(p.keyOf(order))
  if (kept?.saleId) return kept.matchedBy === 'customer_date' ? 'customer_date' : 'order_number'
  return p.matchOf.get(row)?.by ?? null
}
