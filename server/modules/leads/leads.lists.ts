import { desc, eq } from 'drizzle-orm'
import { campaignKey, guessLeadMapping, nixLastDay, nixUsable, type LeadCountry } from '../../../shared/rules/leads'
import { businessDay } from '../../../shared/rules/work'
import type { Translate } from '../../../shared/schemas/errors'
import type { LeadList, LeadListItem } from '../../../shared/schemas/leads'
import { validationError } from '../../lib/errors'
import { streamTable } from '../../lib/table-stream'
import { logActivity } from '../../platform/activity-log'
import { fileRefusal, type LeadsContext } from './leads.context'

type Upload = { name: string; contentType: string; data: Buffer }

/** Lists uploaded and read through once, given a NIX answer; their state and history. */
export function leadLists(ctx: LeadsContext) {
  const { database, db, t, files, listRow, readNix, answer } = ctx
  /** An uploaded file kept as a list's: the list itself, or the numbers not to call. */
  const keep = (fileId: string, actorId: string, upload: Upload, now: number) =>
    files.store({ id: fileId, kind: 'lead_list', userId: actorId, name: upload.name, contentType: upload.contentType, data: upload.data, attached: true }, now)

  /** The file's header row and how many rows follow it (the whole file is read: a file that cannot be is refused now). */
  async function scan(upload: Upload, translate: Translate): Promise<{ headers: string[]; rowCount: number }> {
    let headers: string[] | null = null
    let rowCount = 0
    try {
      for await (const { cells } of streamTable(upload.contentType, upload.data)) {
        if (headers) rowCount += 1
        else headers = cells.map((h) => h.trim())
      }
    } catch (error) {
      fileRefusal(error, translate)
    }
    if (!headers || headers.some((h) => h === '') || new Set(headers).size !== headers.length)
      throw validationError({ file: [translate('validation.leads.file.noHeaders')] })
    if (rowCount === 0) throw validationError({ file: [translate('validation.leads.file.noRows')] })
    return { headers, rowCount }
  }

  const lists = {
    /** Stores an uploaded list, read through once; answers its headers and the source's mapping (or a guess). */
    async upload(actorId: string, q: { sourceId?: string; campaign: string; country: LeadCountry }, upload: Upload, translate: Translate): Promise<LeadList> {
      if (q.sourceId) {
        const [source] = await db.select({ id: t.leadSources.id }).from(t.leadSources).where(eq(t.leadSources.id, q.sourceId))
        if (!source) throw validationError({ sourceId: [translate('validation.leads.source')] })
      }
      const { headers, rowCount } = await scan(upload, translate)
      const id = crypto.randomUUID()
      const fileId = crypto.randomUUID()
      const now = Date.now()
      await database.transaction(async (tx) => {
        await keep(fileId, actorId, upload, now)
        await tx.insert(t.leadLists).values({
          id,
          sourceId: q.sourceId ?? null,
          campaign: q.campaign,
          campaignKey: campaignKey(q.campaign),
          country: q.country,
          fileId,
          fileName: upload.name,
          contentType: upload.contentType,
          headers,
          rowCount,
          nixFileId: null,
          nixFileName: null,
          nixNumbers: null,
          status: 'uploaded',
          mapping: null,
          choices: null,
          formatId: null,
          summary: null,
          error: null,
          jobId: null,
          downloadId: null,
          createdById: actorId,
          createdAt: now,
          finishedAt: null,
        })
        await logActivity(tx, t, {
          at: now,
          actorId,
          entity: 'lead_list',
          entityId: id,
          action: 'uploaded',
          after: { fileName: upload.name, rows: rowCount, campaign: q.campaign },
        })
      })
      return lists.get(id)
    },

    /** The NIX answer for this list: its registered numbers counted now, marked when the list runs. */
    async setNix(actorId: string, id: string, upload: Upload, translate: Translate, checked?: string): Promise<LeadList> {
      const list = await listRow(id)
      // The day of the check (decision 095): not in the future, and not so old that the list could no longer be used.
      const today = businessDay(Date.now())
      const checkedOn = checked ?? today
      if (checkedOn > today) throw validationError({ checkedOn: [translate('validation.leads.nixFuture')] })
      if (!nixUsable(checkedOn, today)) throw validationError({ checkedOn: [translate('validation.leads.nixOld', { day: nixLastDay(checkedOn) })] })
      let numbers: Set<string>
      try {
        numbers = await readNix(upload.contentType, upload.data, list.country)
      } catch (error) {
        fileRefusal(error, translate)
      }
      if (numbers.size === 0) throw validationError({ file: [translate('validation.leads.file.noNumbers')] })
      const fileId = crypto.randomUUID()
      const now = Date.now()
      await database.transaction(async (tx) => {
        await keep(fileId, actorId, upload, now)
        if (list.nixFileId) await files.remove(tx, [list.nixFileId])
        await tx
          .update(t.leadLists)
          .set({ nixFileId: fileId, nixFileName: upload.name, nixNumbers: numbers.size, nixCheckedOn: checkedOn })
          .where(eq(t.leadLists.id, id))
        await logActivity(tx, t, {
          at: now,
          actorId,
          entity: 'lead_list',
          entityId: id,
          action: 'nix_added',
          after: { fileName: upload.name, numbers: numbers.size, checkedOn },
        })
      })
      return lists.get(id)
    },

    async removeNix(actorId: string, id: string): Promise<LeadList> {
      const list = await listRow(id)
      if (list.nixFileId) {
        await database.transaction(async (tx) => {
          await files.remove(tx, [list.nixFileId!])
          await tx.update(t.leadLists).set({ nixFileId: null, nixFileName: null, nixNumbers: null, nixCheckedOn: null }).where(eq(t.leadLists.id, id))
          await logActivity(tx, t, { at: Date.now(), actorId, entity: 'lead_list', entityId: id, action: 'nix_removed' })
        })
      }
      return lists.get(id)
    },

    async get(id: string): Promise<LeadList> {
      const row = await listRow(id)
      return answer(row, () => guessLeadMapping(row.headers))
    },

    /** The latest lists (a campaign's, when asked), newest first. */
    async list(q: { campaign?: string }): Promise<{ items: LeadListItem[] }> {
      const rows = await db
        .select()
        .from(t.leadLists)
        .where(q.campaign ? eq(t.leadLists.campaignKey, campaignKey(q.campaign)) : undefined)
        .orderBy(desc(t.leadLists.createdAt), desc(t.leadLists.id))
        .limit(100)
      const names = await ctx.ports.names(
        db,
        rows.map((r) => r.createdById),
      )
      const sources = new Map((await db.select({ id: t.leadSources.id, name: t.leadSources.name }).from(t.leadSources)).map((s) => [s.id, s.name]))
      return {
        items: rows.map((r) => ({
          id: r.id,
          fileName: r.fileName,
          campaign: r.campaign,
          sourceName: r.sourceId ? (sources.get(r.sourceId) ?? null) : null,
          rowCount: r.rowCount,
          status: r.status,
          summary: r.summary,
          downloadId: r.downloadId,
          createdAt: r.createdAt,
          createdByName: names.get(r.createdById) ?? '',
        })),
      }
    },
  }

  return lists
}
