import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { maskPersonalNumber } from '../../../shared/rules/identity'
import {
  guessMapping,
  mappingProblems,
  matchOrders,
  parseOrderRow,
  type MatchableSale,
  type OrderMapping,
  type ParsedOrder,
} from '../../../shared/rules/orders'
import type { SaleStatus } from '../../../shared/rules/sale'
import type { Translate } from '../../../shared/schemas/errors'
import {
  orderListQuerySchema,
  type OrderDetail,
  type OrderImportState,
  type OrderImportSummary,
  type OrderListItem,
  type OrderListQuery,
  type OrderPreviewAnswer,
  type OrderPreviewRow,
  type OrderUploadAnswer,
  type UnmatchedSale,
} from '../../../shared/schemas/orders'
import { LIST_COUNT_CAP, type ListAnswer } from '../../../shared/schemas/pagination'
import type { SearchHit } from '../../../shared/schemas/search'
import type { Db } from '../../db/client'
import { accessFilter, containsPattern, withAccess } from '../../db/conditions'
import { literalLimit } from '../../db/prepared'
import { ApiError, notFound, validationError } from '../../lib/errors'
import { activityLines, changedFields, logActivities, logActivity, type ActivityEntry } from '../../platform/activity-log'
import { TRANSLATORS } from '../../../shared/i18n'
import type { Deps } from '../../platform/deps'
import { OrderFileError, readOrderFile, type OrderFileContent } from './order-file'
import { cappedCount } from '../../db/list-page'

type SaleSummary = {
  id: string
  status: SaleStatus
  customerName: string
  sellDate: string
  externalOrderNumber: string | null
  providerId: string
  sellerName: string
}

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
const BATCH = 500
/** How many of the provider's kept sales of the period the "Matched Sale Reports" view looks through. */
const PERIOD_LIMIT = 5000

/**
 * The orders area (docs/decisions/026): a provider's order file is uploaded, mapped (the provider's mapping
 * remembered, else guessed from the headers), previewed — every row checked and matched, nothing written — and run
 * as a job: order registrations created or updated (by the provider's order number, else the customer and date),
 * matched to sale reports, with progress; at the end, approved sales of the file's period that no order
 * registration has are flagged where the provider requires order numbers.
 */
export function ordersService({ database, files, jobs, events }: Pick<Deps, 'database' | 'files' | 'jobs' | 'events'>, ports: OrdersPorts) {
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

  function summarise(p: Awaited<ReturnType<typeof plan>>): OrderImportSummary {
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

  /** The import job: writes a batch of rows per transaction, matching as it goes; runs again safely. */
  jobs.define<{ importId: string }>('orders.import', async (job) => {
    const imp = await importRow(job.payload.importId)
    if (!imp.mapping) throw new Error('an import runs with a mapping')
    await db.update(t.orderImports).set({ status: 'running' }).where(eq(t.orderImports.id, imp.id))
    const translate = (key: string) => key
    const content = await fileOf(imp, translate)
    const provider = await ports.provider(db, imp.providerId)
    if (!provider) throw new Error('the provider is gone')
    const p = await plan(db, imp.providerId, content, imp.mapping)
    const summary = summarise(p)
    const now = Date.now()
    await job.progress(0, p.valid.length)
    for (let i = 0; i < p.valid.length; i += BATCH) {
      await database.transaction(async (tx) => {
        const batch = p.valid.slice(i, i + BATCH)
        // The batch's registrations as they stand, read in two statements (by order number; by customer and date).
        const current = new Map<string, typeof o.$inferSelect>()
        const numbers = [...new Set(batch.map((v) => v.order.externalOrderNumber).filter((n): n is string => !!n))]
        if (numbers.length) {
          for (const r of await tx
            .select()
            .from(o)
            .where(and(eq(o.providerId, imp.providerId), inArray(o.externalOrderNumber, numbers))))
            current.set(`n:${r.externalOrderNumber}`, r)
        }
        const keys = [...new Set(batch.filter((v) => !v.order.externalOrderNumber && v.order.customerKey).map((v) => v.order.customerKey!))]
        if (keys.length) {
          for (const r of await tx
            .select()
            .from(o)
            .where(and(eq(o.providerId, imp.providerId), inArray(o.customerKey, keys), isNull(o.externalOrderNumber))))
            current.set(`c:${r.customerKey}:${r.orderDate}`, r)
        }
        // New registrations and their log lines are written together at the end of the batch; a row naming a
        // registration an earlier row of the batch created updates that one.
        const created = new Map<string, typeof o.$inferInsert>()
        const logs: ActivityEntry[] = []
        for (const v of batch) {
          const key = p.keyOf(v.order)
          const existing = current.get(key)
          const pending = created.get(key)
          const before = existing ?? (pending as typeof o.$inferSelect | undefined)
          const match = before?.saleId ? null : (p.matchOf.get(v.row) ?? null)
          const fields = {
            customerKey: v.order.customerKey ?? before?.customerKey ?? null,
            customerName: v.order.customerName ?? before?.customerName ?? null,
            orderDate: v.order.orderDate ?? before?.orderDate ?? null,
            externalStatus: v.order.externalStatus ?? before?.externalStatus ?? null,
            esignStatus: v.order.esignStatus ?? before?.esignStatus ?? null,
            importId: imp.id,
            updatedAt: now,
            ...(match ? { saleId: match.saleId, matchedBy: match.by, matched: 1 } : {}),
          }
          const { importId: _importId, updatedAt: _updatedAt, ...logged } = fields
          const log = { at: now, actorId: imp.createdById, entity: 'order_registration', reason: imp.fileName }
          if (existing) {
            await tx.update(o).set(fields).where(eq(o.id, existing.id))
            const change = changedFields(existing, logged)
            current.set(key, { ...existing, ...fields })
            if (Object.keys(change.after).length > 0) logs.push({ ...log, entityId: existing.id, action: 'updated', ...change })
          } else if (pending) {
            const change = changedFields(pending as Record<string, unknown>, logged)
            Object.assign(pending, fields)
            if (Object.keys(change.after).length > 0) logs.push({ ...log, entityId: pending.id, action: 'updated', ...change })
          } else {
            const id = crypto.randomUUID()
            created.set(key, {
              id,
              providerId: imp.providerId,
              externalOrderNumber: v.order.externalOrderNumber,
              saleId: null,
              matchedBy: null,
              matched: 0,
              createdAt: now,
              ...fields,
            })
            logs.push({ ...log, entityId: id, action: 'created', after: { externalOrderNumber: v.order.externalOrderNumber, ...logged } })
          }
        }
        if (created.size) await tx.insert(o).values([...created.values()])
        await logActivities(tx, t, logs)
      })
      await job.progress(Math.min(i + BATCH, p.valid.length), p.valid.length)
    }
    // Approved sales of the file's period that no registration has: flagged where the provider requires order numbers.
    let flagged = 0
    if (provider.requireExternalOrderNumber && summary.from && summary.to) {
      const ids = await ports.salesInPeriod(db, imp.providerId, summary.from, summary.to, PERIOD_LIMIT, ['approved'])
      const missing = await withoutRegistration(db, ids)
      if (missing.length) {
        const reason = TRANSLATORS.sv('orders.flagReason', { file: imp.fileName })
        flagged = await database.transaction((tx) => ports.flagWithoutOrder(tx, missing, reason, Date.now()))
      }
    }
    const result = { ...summary, flagged }
    await database.transaction(async (tx) => {
      await tx.update(t.orderImports).set({ status: 'done', summary: result, finishedAt: Date.now() }).where(eq(t.orderImports.id, imp.id))
      await tx
        .insert(t.orderMappings)
        .values({ providerId: imp.providerId, mapping: imp.mapping!, updatedAt: Date.now(), updatedById: imp.createdById })
        .onConflictDoUpdate({ target: t.orderMappings.providerId, set: { mapping: imp.mapping!, updatedAt: Date.now(), updatedById: imp.createdById } })
      await logActivity(tx, t, {
        at: Date.now(),
        actorId: imp.createdById,
        entity: 'order_import',
        entityId: imp.id,
        action: 'imported',
        after: { ...result, fileName: imp.fileName, providerId: imp.providerId },
      })
    })
    return result
  })

  /** How a valid row is (or would be) matched: kept from its registration, else found now, else none. */
  function matchOfRow(p: Awaited<ReturnType<typeof plan>>, order: ParsedOrder, row: number): 'order_number' | 'customer_date' | null {
    const kept = p.existing.get(p.keyOf(order))
    if (kept?.saleId) return kept.matchedBy === 'customer_date' ? 'customer_date' : 'order_number'
    return p.matchOf.get(row)?.by ?? null
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

  const service = {
    /**
     * Stores an uploaded order file for a provider and reads its headers: 400 when it cannot be read (no header
     * row, not CSV or XLSX inside, too many rows). Answers the provider's remembered mapping, or a guess.
     */
    async upload(
      actorId: string,
      providerId: string,
      file: { name: string; contentType: string; data: Buffer },
      translate: Translate,
    ): Promise<OrderUploadAnswer> {
      const provider = await ports.provider(db, providerId)
      if (!provider) throw validationError({ providerId: [translate('validation.orders.provider')] })
      let content: OrderFileContent
      try {
        content = await readOrderFile(file.contentType, file.data)
      } catch (err) {
        if (err instanceof OrderFileError) throw validationError({ file: [translate(err.key)] })
        throw err
      }
      const id = crypto.randomUUID()
      const fileId = crypto.randomUUID()
      const now = Date.now()
      await files.store(
        { id: fileId, kind: 'order_import', userId: actorId, name: file.name, contentType: file.contentType, data: file.data, attached: true },
        now,
      )
      await db.insert(t.orderImports).values({
        id,
        providerId,
        fileId,
        fileName: file.name,
        status: 'uploaded',
        mapping: null,
        rowCount: content.rows.length,
        summary: null,
        jobId: null,
        createdById: actorId,
        createdAt: now,
        finishedAt: null,
      })
      const [remembered] = await db.select().from(t.orderMappings).where(eq(t.orderMappings.providerId, providerId))
      const usable = remembered && Object.keys(mappingProblems(remembered.mapping, content.headers)).length === 0
      return {
        id,
        fileName: file.name,
        providerId,
        headers: content.headers,
        rowCount: content.rows.length,
        mapping: usable ? remembered.mapping : guessMapping(content.headers),
        mappingRemembered: !!usable,
        sample: content.rows.slice(0, 5),
      }
    },

    /** What the import would do with this mapping: each row's problems or match; nothing written but the mapping. */
    async preview(id: string, mapping: OrderMapping, translate: Translate): Promise<OrderPreviewAnswer> {
      const imp = await importRow(id)
      if (imp.status !== 'uploaded') throw new ApiError(409, 'already_decided', { params: { state: imp.status }, details: { state: imp.status } })
      const content = await fileOf(imp, translate)
      checkMapping(mapping, content.headers, translate)
      const p = await plan(db, imp.providerId, content, mapping)
      await db.update(t.orderImports).set({ mapping }).where(eq(t.orderImports.id, id))
      const rows: OrderPreviewRow[] = p.parsed.map((r, i) => {
        const cells = content.rows[i]!
        const text = (field: keyof OrderMapping) => (mapping[field] ? cells[mapping[field]!] || null : null)
        return {
          row: i + 2,
          externalOrderNumber: text('externalOrderNumber'),
          customerName: text('customerName'),
          orderDate: text('orderDate'),
          errors: r.ok ? {} : Object.fromEntries(Object.entries(r.errors).map(([f, key]) => [f, translate(key)])),
          match: r.ok ? matchOfRow(p, r.order, i + 2) : null,
        }
      })
      // The rows with problems first, then the first of the rest.
      const shown = [
        ...rows.filter((r) => Object.keys(r.errors).length > 0).slice(0, 200),
        ...rows.filter((r) => Object.keys(r.errors).length === 0).slice(0, 50),
      ]
      return { summary: summarise(p), rows: shown }
    },

    /** Runs the import as a job with this mapping (once: a second run answers the same job). */
    async run(actorId: string, id: string, mapping: OrderMapping, translate: Translate): Promise<OrderImportState> {
      const imp = await importRow(id)
      const content = await fileOf(imp, translate)
      checkMapping(mapping, content.headers, translate)
      await database.transaction(async (tx) => {
        const [current] = await tx.select({ status: t.orderImports.status }).from(t.orderImports).where(eq(t.orderImports.id, id))
        if (current?.status !== 'uploaded') return
        const jobId = await jobs.enqueue(tx, 'orders.import', { importId: id }, { uniqueKey: `orders.import:${id}`, maxAttempts: 3 })
        await tx.update(t.orderImports).set({ status: 'queued', mapping, jobId }).where(eq(t.orderImports.id, id))
        await logActivity(tx, t, { at: Date.now(), actorId, entity: 'order_import', entityId: id, action: 'started', after: { mapping } })
      })
      return this.state(id)
    },

    /** An import as its screen follows it: status, the job's progress, the result or why it failed. */
    async state(id: string): Promise<OrderImportState> {
      const imp = await importRow(id)
      const job = imp.jobId ? await jobs.get(imp.jobId) : null
      const failed = job?.status === 'dead'
      return {
        id: imp.id,
        providerId: imp.providerId,
        fileName: imp.fileName,
        status: failed ? 'failed' : imp.status,
        progress: job ? { done: job.progressDone, total: job.progressTotal ?? imp.rowCount } : null,
        summary: imp.summary,
        error: failed ? (job?.lastError ?? null) : null,
        createdAt: imp.createdAt,
        finishedAt: imp.finishedAt,
      }
    },

    /** The global search's orders (docs/decisions/061): by order number or customer, newest first, within the rules. */
    async search(ability: AppAbility, q: string, limit: number): Promise<{ hits: SearchHit[]; more: boolean }> {
      const answer = await service.list(ability, orderListQuerySchema.parse({ q, itemsPerPage: limit }))
      return {
        hits: answer.items.map((r) => ({
          kind: 'order' as const,
          id: r.id,
          title: r.externalOrderNumber ?? r.customerName ?? r.providerName,
          details: [r.externalOrderNumber ? r.customerName : null, r.providerName, r.sale?.sellerName ?? null].filter((x): x is string => !!x),
          date: r.orderDate,
        })),
        more: answer.total > answer.items.length,
      }
    },

    /** The order registrations this user may see, newest first, by provider, matched or not, import and text. */
    async list(ability: AppAbility, q: OrderListQuery): Promise<ListAnswer<OrderListItem>> {
      const filter = accessFilter(ability, 'view', 'order_registrations', {})
      const conditions: Array<SQL | undefined> = []
      if (q.providerId) conditions.push(eq(o.providerId, q.providerId))
      if (q.match) conditions.push(eq(o.matched, q.match === 'matched' ? 1 : 0))
      if (q.importId) conditions.push(eq(o.importId, q.importId))
      if (q.q) {
        const pattern = containsPattern(q.q)
        conditions.push(sql`(lower(${o.externalOrderNumber}) like ${pattern} escape '\\' or lower(${o.customerName}) like ${pattern} escape '\\')`)
      }
      const where = withAccess(filter, ...conditions)
      const order =
        q.sortBy === 'orderDate' ? [q.orderBy === 'asc' ? sql`${o.orderDate} asc` : sql`${o.orderDate} desc`, desc(o.id)] : [desc(o.createdAt), desc(o.id)]
      const run = async () => {
        const rowsQ = db
          .select()
          .from(o)
          .where(where)
          .orderBy(...order)
          .limit(literalLimit(q.itemsPerPage))
          .offset((q.page - 1) * q.itemsPerPage)
        const countQ = cappedCount(db, o, where)
        return Promise.all([rowsQ, countQ])
      }
      const [rows, [counted]] = await run()
      const [sales, names] = await Promise.all([
        ports.saleSummaries(
          db,
          rows.map((r) => r.saleId).filter((x): x is string => !!x),
        ),
        ports.providerNames(db, [...new Set(rows.map((r) => r.providerId))]),
      ])
      const n = counted?.n ?? 0
      return {
        items: rows.map((r) => itemOf(r, sales, names)),
        total: Math.min(n, LIST_COUNT_CAP),
        totalCapped: n > LIST_COUNT_CAP,
        page: q.page,
        itemsPerPage: q.itemsPerPage,
      }
    },

    /**
     * The customer's full identity number of an order this reader sees, for one who may read identity numbers
     * (docs/decisions/058); each reading is logged on the order. Null when there is no such order.
     */
    async identity(actor: { id: string; ability: AppAbility }, id: string, now = Date.now()): Promise<{ number: string | null } | null> {
      const filter = accessFilter(actor.ability, 'view', 'order_registrations', {})
      return database.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: o.id, customerKey: o.customerKey })
          .from(o)
          .where(withAccess(filter, eq(o.id, id)))
        if (!row) return null
        await logActivity(tx, t, { at: now, actorId: actor.id, entity: 'order_registration', entityId: row.id, action: 'identity_read' })
        return { number: row.customerKey?.slice(1) ?? null }
      })
    },

    /** One order registration with its sale, its customer (masked) and its log; null if none is seen. */
    async detail(ability: AppAbility, id: string): Promise<OrderDetail | null> {
      const filter = accessFilter(ability, 'view', 'order_registrations', {})
      const [row] = await db
        .select()
        .from(o)
        .where(withAccess(filter, eq(o.id, id)))
      if (!row) return null
      const [sales, names, log] = await Promise.all([
        ports.saleSummaries(db, row.saleId ? [row.saleId] : []),
        ports.providerNames(db, [row.providerId]),
        activityLines(database, 'order_registration', id, 50),
      ])
      const number = row.customerKey?.slice(1) ?? null
      return {
        ...itemOf(row, sales, names),
        providerId: row.providerId,
        // Masked for every reader; the full number on request, logged (docs/decisions/058).
        customerNumber: number && row.customerKey!.startsWith('p') ? maskPersonalNumber(number) : number,
        importId: row.importId,
        updatedAt: row.updatedAt,
        // The customer's number is not spelled out in the log (the page shows it, masked where it must be).
        activity: log.map((l) => ({
          at: l.at,
          actorName: l.actor?.name ?? null,
          action: l.action,
          before: withoutKey(l.before),
          after: withoutKey(l.after),
          reason: l.reason,
        })),
      }
    },

    /**
     * Back office matches an unmatched order to one of its provider's sale reports by hand (decision 026): a report
     * no other order has, not regretted. In one transaction with its log line (the note as its reason) and event;
     * answers the order as it now stands. Two people matching the same order at once: the second is told it is
     * matched already.
     */
    async match(
      actor: { id: string; ability: AppAbility },
      id: string,
      input: { saleId: string; note: string | null },
      translate: Translate,
      now = Date.now(),
    ) {
      await database.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(o)
          .where(withAccess(accessFilter(actor.ability, 'view', 'order_registrations', {}), eq(o.id, id)))
        if (!row) throw notFound()
        if (row.saleId) throw new ApiError(409, 'order_matched')
        const sale = (await ports.saleSummaries(tx, [input.saleId])).get(input.saleId)
        if (!sale) throw validationError({ saleId: [translate('validation.orders.noSuchSale')] })
        if (sale.providerId !== row.providerId) throw validationError({ saleId: [translate('validation.orders.otherProvider')] })
        if (sale.status === 'regret') throw validationError({ saleId: [translate('validation.orders.regret')] })
        const [taken] = await tx.select({ id: o.id }).from(o).where(eq(o.saleId, input.saleId))
        if (taken) throw new ApiError(409, 'sale_has_order')
        await tx.update(o).set({ saleId: input.saleId, matchedBy: 'manual', matched: 1, updatedAt: now }).where(eq(o.id, id))
        await logActivity(tx, t, {
          at: now,
          actorId: actor.id,
          entity: 'order_registration',
          entityId: id,
          action: 'matched',
          before: { saleId: null, matchedBy: null },
          after: { saleId: input.saleId, matchedBy: 'manual' },
          reason: input.note,
        })
        await events.record(
          tx,
          'orderRegistration.matched',
          { orderId: id, providerId: row.providerId, saleId: input.saleId, previousSaleId: null },
          { actorId: actor.id, at: now },
        )
      })
      return (await service.detail(actor.ability, id))!
    },

    /** Back office undoes a match (by hand or by a file), with a reason kept in the log; the sale may be matched again. */
    async unmatch(actor: { id: string; ability: AppAbility }, id: string, reason: string, now = Date.now()) {
      await database.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(o)
          .where(withAccess(accessFilter(actor.ability, 'view', 'order_registrations', {}), eq(o.id, id)))
        if (!row) throw notFound()
        if (!row.saleId) throw new ApiError(409, 'order_unmatched')
        await tx.update(o).set({ saleId: null, matchedBy: null, matched: 0, updatedAt: now }).where(eq(o.id, id))
        await logActivity(tx, t, {
          at: now,
          actorId: actor.id,
          entity: 'order_registration',
          entityId: id,
          action: 'unmatched',
          before: { saleId: row.saleId, matchedBy: row.matchedBy },
          after: { saleId: null, matchedBy: null },
          reason,
        })
        await events.record(
          tx,
          'orderRegistration.matched',
          { orderId: id, providerId: row.providerId, saleId: null, previousSaleId: row.saleId },
          { actorId: actor.id, at: now },
        )
      })
      return (await service.detail(actor.ability, id))!
    },

    /**
     * The "Matched Sale Reports" view's third part: the provider's sales of the period (not regret) that no order
     * registration has, oldest first.
     */
    async unmatchedSales(providerId: string, from: string, to: string): Promise<UnmatchedSale[]> {
      const ids = await ports.salesInPeriod(db, providerId, from, to, PERIOD_LIMIT)
      const missing = await withoutRegistration(db, ids)
      const sales = await ports.saleSummaries(db, missing.slice(0, 500))
      return missing.slice(0, 500).flatMap((id) => {
        const s = sales.get(id)
        return s
          ? [{ id, status: s.status, customerName: s.customerName, sellDate: s.sellDate, sellerName: s.sellerName, externalOrderNumber: s.externalOrderNumber }]
          : []
      })
    },

    /** Quotes sent for e-signing (an e-sign status from the file) with an order date in the period, and the signed. */
    async esignCounts(db: Db, from: string, to: string) {
      const [row] = await db
        .select({
          total: count(),
          signed: sql<number>`coalesce(sum(case when ${o.esignStatus} = 'signed' then 1 else 0 end), 0)`.mapWith(Number),
        })
        .from(o)
        .where(and(isNotNull(o.esignStatus), sql`${o.orderDate} >= ${from}`, sql`${o.orderDate} <= ${to}`))
      return { total: row?.total ?? 0, signed: row?.signed ?? 0 }
    },

    /** The sale report's order registration, for its page (the sales area asks). */
    async ofSale(db: Db, saleId: string) {
      const [row] = await db
        .select({ id: o.id, externalOrderNumber: o.externalOrderNumber, externalStatus: o.externalStatus, esignStatus: o.esignStatus })
        .from(o)
        .where(and(eq(o.saleId, saleId), isNotNull(o.saleId)))
      return row ?? null
    },
  }
  return service

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
}

function withoutKey(fields: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!fields || !('customerKey' in fields)) return fields
  const { customerKey: _key, ...rest } = fields
  return rest
}

export type OrdersService = ReturnType<typeof ordersService>
