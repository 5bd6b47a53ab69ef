import type { LanguageCode } from '../../../shared/i18n'
import { eq } from 'drizzle-orm'
import { guessMapping, mappingProblems, type OrderMapping } from '../../../shared/rules/orders'
import type { Translate } from '../../../shared/schemas/errors'
import { type OrderImportState, type OrderPreviewAnswer, type OrderPreviewRow, type OrderUploadAnswer } from '../../../shared/schemas/orders'
import { ApiError, validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import { OrderFileError, readOrderFile, type OrderFileContent } from './order-file'

import { type OrdersContext } from './orders.context'

/** An order file uploaded, previewed with a mapping, run as a job, and its state. */
export function orderImports(ctx: OrdersContext) {
  const { database, files, jobs, ports, checkMapping, db, fileOf, importRow, matchOfRow, plan, summarise, t } = ctx
  const imports = {
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
    async run(actorId: string, id: string, mapping: OrderMapping, translate: Translate, language: LanguageCode = 'sv'): Promise<OrderImportState> {
      const imp = await importRow(id)
      const content = await fileOf(imp, translate)
      checkMapping(mapping, content.headers, translate)
      await database.transaction(async (tx) => {
        const [current] = await tx.select({ status: t.orderImports.status }).from(t.orderImports).where(eq(t.orderImports.id, id))
        if (current?.status !== 'uploaded') return
        const jobId = await jobs.enqueue(tx, 'orders.import', { importId: id, lang: language }, { uniqueKey: `orders.import:${id}`, maxAttempts: 3 })
        await tx.update(t.orderImports).set({ status: 'queued', mapping, jobId }).where(eq(t.orderImports.id, id))
        await logActivity(tx, t, { at: Date.now(), actorId, entity: 'order_import', entityId: id, action: 'started', after: { mapping } })
      })
      return imports.state(id)
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
  }
  return imports
}
