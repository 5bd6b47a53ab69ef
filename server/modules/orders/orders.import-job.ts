import { and, eq, inArray, isNull } from 'drizzle-orm'
import { toCsv } from '../../../shared/rules/csv'
import { parseOrderRow } from '../../../shared/rules/orders'
import type { Db } from '../../db/client'
import { changedFields, logActivities, logActivity, type ActivityEntry } from '../../platform/activity-log'
import { TRANSLATORS, type LanguageCode } from '../../../shared/i18n'

import { BATCH, PERIOD_LIMIT, type OrdersContext } from './orders.context'

/** The import job (`orders.import`): writes a batch of rows per transaction, matching as it goes; runs again safely. */
export function defineImportJob(ctx: OrdersContext) {
  const { database, jobs, ports, db, fileOf, importRow, o, plan, summarise, t, withoutRegistration, files, downloads } = ctx

  /** The file's rows with problems — row, field, what is wrong — as a CSV in the importer's downloads, in their language. */
  async function errorReport(
    tx: Db,
    imp: { id: string; fileName: string; createdById: string },
    parsed: ReturnType<typeof parseOrderRow>[],
    lang: LanguageCode,
  ) {
    const tr = TRANSLATORS[lang] ?? TRANSLATORS.sv
    const rows = parsed.flatMap((r, i) =>
      r.ok ? [] : Object.entries(r.errors).map(([field, key]) => [i + 2, field === 'row' ? '' : tr(`orderManagement.fields.${field}`), tr(key!)]),
    )
    const data = Buffer.from(
      toCsv([tr('orderManagement.errorReport.row'), tr('orderManagement.errorReport.field'), tr('orderManagement.errorReport.problem')], rows),
      'utf8',
    )
    const at = Date.now()
    const name = `${tr('orderManagement.errorReport.file')}-${imp.fileName.replace(/\.[^.]+$/, '')}.csv`
    const downloadId = await downloads.request(tx, {
      userId: imp.createdById,
      kind: 'orderImportErrors',
      name,
      permission: { action: 'create', subject: 'order_registrations' },
      at,
    })
    const fileId = crypto.randomUUID()
    await files.store({ id: fileId, kind: 'export', userId: imp.createdById, name, contentType: 'text/csv', data, attached: true }, at)
    await downloads.ready(tx, downloadId, { fileId, size: data.byteLength, contentType: 'text/csv' }, at)
  }
  jobs.define<{ importId: string; lang?: LanguageCode }>('orders.import', async (job) => {
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
      // The rows with problems, as a file in the importer's downloads (decision 071).
      if (summary.invalid > 0) await errorReport(tx, imp, p.parsed, job.payload.lang ?? 'sv')
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
}
