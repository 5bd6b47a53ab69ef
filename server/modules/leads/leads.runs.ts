import { and, eq, inArray, ne } from 'drizzle-orm'
import type { z } from 'zod'
import { TRANSLATORS, type LanguageCode } from '../../../shared/i18n'
import { leadMappingProblems, nixLastDay, nixUsable, type LeadMapping } from '../../../shared/rules/leads'
import { businessDay } from '../../../shared/rules/work'
import type { Translate } from '../../../shared/schemas/errors'
import type { LeadList, LeadPreviewAnswer, LeadPreviewRow, leadRunSchema } from '../../../shared/schemas/leads'
import type { Db } from '../../db/client'
import { ApiError, validationError } from '../../lib/errors'
import { streamTable } from '../../lib/table-stream'
import { logActivity } from '../../platform/activity-log'
import { fileRefusal, type LeadsContext } from './leads.context'
import { columnsOf, judge, keysOf, problemText, readLead } from './leads.rows'

/** Rows a preview shows. */
export const PREVIEW_ROWS = 50
/** How many of a list's numbers an earlier-lists lookup asks about at once. */
export const KEYS_PER_QUERY = 2_000

/** The campaign's keys among `keys` that a finished list other than `listId` already held. */
export async function earlierKeys(db: Db, t: LeadsContext['t'], campaign: string, listId: string, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>()
  for (let i = 0; i < keys.length; i += KEYS_PER_QUERY) {
    const some = keys.slice(i, i + KEYS_PER_QUERY)
    const rows = await db
      .select({ key: t.leadCampaignKeys.key })
      .from(t.leadCampaignKeys)
      .where(and(eq(t.leadCampaignKeys.campaignKey, campaign), inArray(t.leadCampaignKeys.key, some), ne(t.leadCampaignKeys.listId, listId)))
    for (const r of rows) found.add(r.key)
  }
  return found
}

/** A list previewed with a mapping, and run in the background into Downloads. */
export function leadRuns(ctx: LeadsContext, get: (id: string) => Promise<LeadList>) {
  const { database, db, t, jobs, downloads, listRow, fileBytes, nixOf, customersOf } = ctx

  function checkMapping(mapping: LeadMapping, headers: string[], translate: Translate) {
    const problems = leadMappingProblems(mapping, headers)
    if (Object.keys(problems).length === 0) return
    throw validationError(Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, [translate(`validation.leads.mapping.${key}`)]])))
  }

  /** The source's mapping kept (a new source made from its name when the list has none); answers the list's source. */
  async function keepMapping(tx: Db, list: Awaited<ReturnType<typeof listRow>>, input: z.output<typeof leadRunSchema>, translate: Translate, now: number) {
    let sourceId = list.sourceId
    if (!sourceId && input.sourceName) {
      const [existing] = await tx.select({ id: t.leadSources.id }).from(t.leadSources).where(eq(t.leadSources.name, input.sourceName))
      if (existing) sourceId = existing.id
      else {
        sourceId = crypto.randomUUID()
        await tx.insert(t.leadSources).values({ id: sourceId, name: input.sourceName, mapping: null, version: 1, createdAt: now, updatedAt: now })
      }
    }
    if (sourceId && input.saveMapping) {
      const [source] = await tx.select({ version: t.leadSources.version }).from(t.leadSources).where(eq(t.leadSources.id, sourceId))
      if (!source) throw validationError({ sourceName: [translate('validation.leads.source')] })
      await tx
        .update(t.leadSources)
        .set({ mapping: input.mapping, version: source.version + 1, updatedAt: now })
        .where(eq(t.leadSources.id, sourceId))
    }
    return sourceId
  }

  return {
    /** The first rows with this mapping: each row's numbers, problems and the reasons that apply. Nothing is written. */
    async preview(id: string, mapping: LeadMapping, translate: Translate, lang: LanguageCode): Promise<LeadPreviewAnswer> {
      const list = await listRow(id)
      checkMapping(mapping, list.headers, translate)
      const columns = columnsOf(mapping, list.headers)
      const [nix, blocked] = await Promise.all([nixOf(list), ctx.ports.blockedContacts()])
      const read = []
      let header = true
      try {
        for await (const { line, cells } of streamTable(list.contentType, await fileBytes(list.fileId))) {
          if (header) {
            header = false
            continue
          }
          read.push(readLead(line, cells, columns, list.country, nix, blocked))
          if (read.length >= PREVIEW_ROWS) break
        }
      } catch (error) {
        fileRefusal(error, translate)
      }
      const customers = await customersOf(list.country)
      const earlier = await earlierKeys(db, t, list.campaignKey, list.id, [...new Set(read.flatMap(keysOf))])
      const seen = new Set<string>()
      const tr = TRANSLATORS[lang] ?? TRANSLATORS.sv
      const rows: LeadPreviewRow[] = read.map((lead) => {
        const { applies } = judge(lead, seen, earlier, customers, {
          invalid: 'mark',
          nix: 'mark',
          duplicate: 'mark',
          earlier: 'mark',
          customer: 'mark',
          blocked: 'drop',
        })
        for (const k of keysOf(lead)) seen.add(k)
        return {
          row: lead.line,
          name: lead.text.name || null,
          identityNumber: lead.text.identityNumber || null,
          phones: lead.phones,
          problems: lead.problems.map((p) => problemText(p, tr)),
          applies: [...applies],
        }
      })
      return { rows, shown: rows.length, rowCount: list.rowCount }
    },

    /** Runs the list in the background into Downloads; the source keeps the mapping when asked. */
    async run(actorId: string, id: string, input: z.output<typeof leadRunSchema>, translate: Translate, lang: LanguageCode): Promise<LeadList> {
      const list = await listRow(id)
      checkMapping(input.mapping, list.headers, translate)
      if (list.status === 'queued' || list.status === 'running') throw new ApiError(409, 'list_running')
      // Past the NIX check's two months the list may not be exported or called from (decision 095).
      if (list.nixFileId && list.nixCheckedOn && !nixUsable(list.nixCheckedOn, businessDay(Date.now())))
        throw new ApiError(409, 'nix_expired', { params: { day: nixLastDay(list.nixCheckedOn) } })
      const [format] = await db.select().from(t.leadFormats).where(eq(t.leadFormats.id, input.formatId))
      if (!format) throw validationError({ formatId: [translate('validation.leads.format')] })
      const now = Date.now()
      await database.transaction(async (tx) => {
        const [current] = await tx.select({ status: t.leadLists.status }).from(t.leadLists).where(eq(t.leadLists.id, id))
        if (current?.status === 'queued' || current?.status === 'running') throw new ApiError(409, 'list_running')
        const sourceId = await keepMapping(tx, list, input, translate, now)
        const name = `${list.campaign} ${list.fileName.replace(/\.[^.]+$/, '')}.${format.fileType}`
        const downloadId = await downloads.request(tx, {
          userId: actorId,
          kind: 'leadList',
          name,
          permission: { action: 'view', subject: 'tool_pts_transform' },
          large: true,
          at: now,
        })
        const jobId = await jobs.enqueue(
          tx,
          'leads.transform',
          { listId: id, downloadId, name, lang },
          { uniqueKey: `leads.transform:${downloadId}`, maxAttempts: 3 },
        )
        await downloads.setJob(tx, downloadId, jobId)
        await tx
          .update(t.leadLists)
          .set({
            sourceId,
            status: 'queued',
            mapping: input.mapping,
            choices: input.choices,
            formatId: format.id,
            jobId,
            downloadId,
            summary: null,
            error: null,
            finishedAt: null,
          })
          .where(eq(t.leadLists.id, id))
        await logActivity(tx, t, {
          at: now,
          actorId,
          entity: 'lead_list',
          entityId: id,
          action: 'started',
          after: { choices: input.choices, format: format.name },
        })
      })
      return get(id)
    },
  }
}
