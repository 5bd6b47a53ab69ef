import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { businessDay, businessDayStart } from '../../../shared/rules/work'
import { shiftDay } from '../../../shared/rules/double-sales'
import { TRANSLATORS, type LanguageCode } from '../../../shared/i18n'
import { nixLastDay, nixUsable, type LeadOutputField } from '../../../shared/rules/leads'
import { XLSX_TYPE } from '../../../shared/schemas/files'
import type { LeadSummary } from '../../../shared/schemas/leads'
import { insertMany } from '../../db/bulk'
import { csvFile } from '../../lib/csv-file'
import { nextTurn } from '../../lib/next-turn'
import { TableFileError } from '../../lib/table-file'
import { streamTable } from '../../lib/table-stream'
import { xlsxFile } from '../../lib/xlsx-file'
import { logActivity } from '../../platform/activity-log'
import type { LeadListRow, LeadsContext } from './leads.context'
import { earlierKeys } from './leads.runs'
import { columnsOf, count, emptySummary, judge, keysOf, outputRow, readLead, type ReadLead } from './leads.rows'

/** Rows judged together: one earlier-lists lookup, one progress report, one turn of the event loop. */
const BATCH = 1_000
/** Keys written per transaction when a finished list's numbers join its campaign's (a few milliseconds each). */
const KEY_ROWS = 5_000
/** Lines a summary names of the rows it could not read. */
const SKIPPED_SHOWN = 20

type Writer = { row(values: readonly string[]): Promise<void> | void; end(): Promise<void> }

/**
 * The run (`leads.transform`, docs/decisions/075): the list read row by row, judged a batch at a time, the kept rows
 * written to a temporary file in the chosen format, which is then stored and handed to Downloads in the transaction
 * that records the summary and adds the kept rows' numbers to the campaign. Memory holds the NIX answer, the customer
 * register's keys, the list's own keys (for duplicates) and one batch; never the file's rows. Run again from the
 * start when its process died; a file that cannot be read fails the list with the reason, without retries.
 */
export function defineTransformJob(ctx: LeadsContext) {
  const { database, db, t, files, jobs, downloads, listRow, fileBytes, nixOf, customersOf } = ctx

  async function fail(list: LeadListRow, downloadId: string, message: string) {
    await db.update(t.leadLists).set({ status: 'failed', error: message, finishedAt: Date.now() }).where(eq(t.leadLists.id, list.id))
    await downloads.failed(downloadId, message)
  }

  jobs.define<{ listId: string; downloadId: string; name: string; lang?: LanguageCode }>('leads.transform', async (job) => {
    const tr = TRANSLATORS[job.payload.lang ?? 'sv'] ?? TRANSLATORS.sv
    const list = await listRow(job.payload.listId)
    const { downloadId } = job.payload
    // A later run of the same list took over: this one has nothing to do.
    if (list.downloadId !== downloadId) return { superseded: true }
    const [format] = list.formatId ? await db.select().from(t.leadFormats).where(eq(t.leadFormats.id, list.formatId)) : []
    if (!list.mapping || !list.choices || !format) {
      await fail(list, downloadId, tr('leads.missingSetup'))
      return { failed: true }
    }
    // The NIX check's two months ran out while the run waited (decision 095): nothing is exported.
    if (list.nixFileId && list.nixCheckedOn && !nixUsable(list.nixCheckedOn, businessDay(Date.now()))) {
      await fail(list, downloadId, tr('errors.nix_expired', { day: nixLastDay(list.nixCheckedOn) }))
      return { failed: true }
    }
    await downloads.running(downloadId)
    await db.update(t.leadLists).set({ status: 'running' }).where(eq(t.leadLists.id, list.id))
    const [source] = list.sourceId ? await db.select({ name: t.leadSources.name }).from(t.leadSources).where(eq(t.leadSources.id, list.sourceId)) : []
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'saljkraft-leads-'))
    const file = path.join(dir, `list.${format.fileType}`)
    try {
      const nix = await nixOf(list)
      const blocked = await ctx.ports.blockedContacts()
      const customers = await customersOf(list.country)
      const writer: Writer =
        format.fileType === 'csv'
          ? csvFile(file, { delimiter: format.delimiter, encoding: format.encoding })
          : xlsxFile(
              file,
              'Leads',
              format.columns.map((c) => ({ header: c.header, width: Math.max(12, c.header.length + 2) })),
            )
      if (format.fileType === 'csv') await writer.row(format.columns.map((c) => c.header))
      const summary = emptySummary()
      const skipped: number[] = []
      const seen = new Set<string>()
      const kept: string[] = []
      const columns = columnsOf(list.mapping, list.headers)
      const out = { campaign: list.campaign, source: source?.name ?? '', tr, choices: list.choices, nixCheckedOn: list.nixFileId ? list.nixCheckedOn : null }
      const outputColumns: Array<{ field: LeadOutputField }> = format.columns
      const flush = async (batch: ReadLead[]) => {
        const earlier = await earlierKeys(db, t, list.campaignKey, list.id, [...new Set(batch.flatMap(keysOf))])
        for (const lead of batch) {
          const { applies, verdict } = judge(lead, seen, earlier, customers, list.choices!)
          count(summary, lead, verdict, list.choices!)
          const keys = applies.has('invalid') ? [] : keysOf(lead)
          for (const k of keys) seen.add(k)
          if (!verdict.keep) continue
          await writer.row(outputRow(lead, verdict, outputColumns, out))
          for (const k of keys) if (!earlier.has(k)) kept.push(k)
        }
        await job.progress(summary.rowsIn, list.rowCount)
      }
      let batch: ReadLead[] = []
      let header = true
      const rows = streamTable(list.contentType, await fileBytes(list.fileId), { onSkipped: (line) => skipped.push(line) }, { expectedRows: list.rowCount })
      for await (const { line, cells } of rows) {
        if (header) {
          header = false
          continue
        }
        batch.push(readLead(line, cells, columns, list.country, nix, blocked))
        if (batch.length >= BATCH) {
          await flush(batch)
          batch = []
        }
      }
      if (batch.length) await flush(batch)
      await writer.end()
      const lines = [...new Set(skipped)]
      const result: LeadSummary = { ...summary, skipped: lines.length, skippedLines: lines.slice(0, SKIPPED_SHOWN) }
      await finish(list, { id: downloadId, name: job.payload.name }, format, file, result, [...new Set(kept)])
      return { rowsIn: result.rowsIn, rowsOut: result.rowsOut }
    } catch (error) {
      if (!(error instanceof TableFileError)) throw error
      await fail(list, downloadId, tr(`validation.leads.file.${error.reason}`))
      return { failed: true }
    } finally {
      await fs.rm(dir, { recursive: true, force: true })
    }
  })

  /**
   * Adds the kept numbers to the campaign, then stores the file and tells Downloads in one transaction. The numbers
   * (hundreds of thousands) go in chunks of short transactions with the event loop given back between them, so
   * that no request waits seconds for the database (issue 68 Q11, decision 079). This list's earlier numbers leave
   * first; a run whose process dies on the way is run again from the start, which replaces them the same way.
   */
  async function finish(
    list: LeadListRow,
    download: { id: string; name: string },
    format: { fileType: 'csv' | 'xlsx' },
    file: string,
    summary: LeadSummary,
    keys: string[],
  ) {
    await database.transaction((tx) => tx.delete(t.leadCampaignKeys).where(eq(t.leadCampaignKeys.listId, list.id)))
    const created = Date.now()
    for (let i = 0; i < keys.length; i += KEY_ROWS) {
      await nextTurn()
      const rows = keys.slice(i, i + KEY_ROWS).map((key) => ({ campaignKey: list.campaignKey, key, listId: list.id, createdAt: created }))
      await database.transaction((tx) => insertMany(database, tx, t.leadCampaignKeys, rows, { ignoreConflicts: true }))
    }
    const data = await fs.readFile(file)
    const contentType = format.fileType === 'csv' ? 'text/csv' : XLSX_TYPE
    const now = Date.now()
    await nextTurn()
    await database.transaction(async (tx) => {
      const fileId = crypto.randomUUID()
      await files.store({ id: fileId, kind: 'export', userId: list.createdById, name: download.name, contentType, data, attached: true }, now)
      await tx.update(t.leadLists).set({ status: 'done', summary, error: null, finishedAt: now }).where(eq(t.leadLists.id, list.id))
      // A list checked against NIX is not handed out past the check's last day (decision 095).
      const until = list.nixFileId && list.nixCheckedOn ? businessDayStart(shiftDay(nixLastDay(list.nixCheckedOn), 1)) : undefined
      await downloads.ready(tx, download.id, { fileId, size: data.byteLength, contentType, until }, now)
      await logActivity(tx, t, {
        at: now,
        actorId: list.createdById,
        entity: 'lead_list',
        entityId: list.id,
        action: 'transformed',
        after: { rowsIn: summary.rowsIn, rowsOut: summary.rowsOut },
      })
    })
  }
}
