import { asc, desc, eq, gte, isNull, lt, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { ListAnswer } from '../../../shared/schemas/pagination'
import type { TranscriptionDetail, TranscriptionItem, transcriptionsQuerySchema } from '../../../shared/schemas/transcriptions'
import { accessFilter, containsTerm, withAccess } from '../../db/conditions'
import { cappedCount } from '../../db/list-page'
import { notFound } from '../../lib/errors'
import type { TranscriptionsContext } from './transcriptions.context'

/** The organisation's day (Stockholm) as epoch ms at its start: the list's date filters are days. */
function dayStart(day: string): number {
  const guess = Date.parse(`${day}T00:00:00Z`)
  const offset = new Date(guess).toLocaleString('sv-SE', { timeZone: 'Europe/Stockholm', hour: '2-digit', hourCycle: 'h23' })
  return guess - Number(offset) * 3600_000
}

/** The list (search in the text, filters), a transcript, its recording; all within the reader's rules. */
export function transcriptionReads(ctx: TranscriptionsContext) {
  const { db, x, files, row, names, item, detail } = ctx
  const scope = (ability: AppAbility) =>
    accessFilter(ability, 'view', 'seller_transcriptions', { sellerId: x.sellerId, teamId: x.teamId, officeId: x.officeId }, { inline: true })

  async function visible(ability: AppAbility, id: string) {
    const r = await row(id)
    const [seen] = await db
      .select({ id: x.id })
      .from(x)
      .where(withAccess(scope(ability), eq(x.id, id)))
    if (!seen) throw notFound()
    return r
  }

  return {
    async list(ability: AppAbility, q: z.output<typeof transcriptionsQuerySchema>): Promise<ListAnswer<TranscriptionItem>> {
      const where: Array<SQL | undefined> = [
        q.q ? containsTerm(x.searchText, q.q) : undefined,
        q.sellerId ? eq(x.sellerId, q.sellerId) : undefined,
        q.teamId ? eq(x.teamId, q.teamId) : undefined,
        q.providerId ? eq(x.providerId, q.providerId) : undefined,
        q.from ? gte(x.callAt, dayStart(q.from)) : undefined,
        q.to ? lt(x.callAt, dayStart(q.to) + 24 * 3600_000) : undefined,
        q.result === 'none' ? isNull(x.checkResult) : q.result ? eq(x.checkResult, q.result) : undefined,
      ]
      const filter = withAccess(scope(ability), ...where)
      const order = q.orderBy === 'asc' ? asc(x.callAt) : desc(x.callAt)
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(x)
          .where(filter)
          .orderBy(order, asc(x.id))
          .limit(q.itemsPerPage)
          .offset((q.page - 1) * q.itemsPerPage),
        cappedCount(db, x, filter),
      ])
      const n = await names(rows)
      return { items: rows.map((r) => item(r, n, q.q)), total: counted?.n ?? 0, page: q.page, itemsPerPage: q.itemsPerPage }
    },

    async get(ability: AppAbility, id: string): Promise<TranscriptionDetail> {
      return detail(await visible(ability, id), ability)
    },

    /** The recording's bytes (a range of them when asked: the player seeks), for a reader who may see the transcript. */
    async audio(ability: AppAbility, id: string) {
      const r = await visible(ability, id)
      if (!r.audioFileId) throw notFound()
      const bytes = await files.bytes(r.audioFileId)
      if (!bytes) throw notFound()
      return { bytes, type: r.audioType ?? 'application/octet-stream' }
    },
  }
}
export type TranscriptionReads = ReturnType<typeof transcriptionReads>
