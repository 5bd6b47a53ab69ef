import { asc, count, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Translate } from '../../../shared/schemas/errors'
import type { LeadFormat, LeadSource, leadFormatInputSchema } from '../../../shared/schemas/leads'
import { ApiError, notFound, validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { LeadsContext } from './leads.context'

type FormatInput = z.output<typeof leadFormatInputSchema>

/** The output formats (named layouts: columns, order, delimiter, encoding, file type) and the sources with their saved mappings. */
export function leadFormats(ctx: LeadsContext) {
  const { database, db, t } = ctx
  const f = t.leadFormats
  const s = t.leadSources

  const formatOf = (row: typeof f.$inferSelect): LeadFormat => ({
    id: row.id,
    name: row.name,
    fileType: row.fileType,
    delimiter: row.delimiter,
    encoding: row.encoding,
    columns: row.columns,
    version: row.version,
    updatedAt: row.updatedAt,
  })

  async function nameTaken(table: typeof f | typeof s, name: string, id: string | null) {
    const [other] = await db.select({ id: table.id }).from(table).where(eq(table.name, name))
    return !!other && other.id !== id
  }

  return {
    async formats(): Promise<{ items: LeadFormat[] }> {
      return { items: (await db.select().from(f).orderBy(asc(f.name))).map(formatOf) }
    },

    /** A new format, or (with `id`) a changed one: the version it was read at must still be the one stored (409). */
    async saveFormat(actorId: string, id: string | null, input: FormatInput, translate: Translate): Promise<LeadFormat> {
      if (await nameTaken(f, input.name, id)) throw validationError({ name: [translate('validation.leads.nameTaken')] })
      const now = Date.now()
      const values = { name: input.name, fileType: input.fileType, delimiter: input.delimiter, encoding: input.encoding, columns: input.columns }
      return database.transaction(async (tx) => {
        if (!id) {
          const row = { id: crypto.randomUUID(), ...values, version: 1, createdAt: now, updatedAt: now }
          await tx.insert(f).values(row)
          await logActivity(tx, t, { at: now, actorId, entity: 'lead_format', entityId: row.id, action: 'created', after: values })
          return formatOf(row)
        }
        const [current] = await tx.select().from(f).where(eq(f.id, id))
        if (!current) throw notFound()
        if (input.version !== undefined && input.version !== current.version) throw new ApiError(409, 'conflict')
        const [row] = await tx
          .update(f)
          .set({ ...values, version: current.version + 1, updatedAt: now })
          .where(eq(f.id, id))
          .returning()
        await logActivity(tx, t, { at: now, actorId, entity: 'lead_format', entityId: id, action: 'updated', after: values })
        return formatOf(row!)
      })
    },

    async removeFormat(actorId: string, id: string): Promise<void> {
      await database.transaction(async (tx) => {
        const [gone] = await tx.delete(f).where(eq(f.id, id)).returning({ name: f.name })
        if (!gone) throw notFound()
        await logActivity(tx, t, { at: Date.now(), actorId, entity: 'lead_format', entityId: id, action: 'deleted', before: { name: gone.name } })
      })
    },

    async sources(): Promise<{ items: LeadSource[] }> {
      const used = new Map(
        (await db.select({ sourceId: t.leadLists.sourceId, n: count() }).from(t.leadLists).groupBy(t.leadLists.sourceId)).map((r) => [r.sourceId, r.n]),
      )
      const rows = await db.select().from(s).orderBy(asc(s.name))
      return {
        items: rows.map((r) => ({ id: r.id, name: r.name, mapping: r.mapping, lists: used.get(r.id) ?? 0, updatedAt: r.updatedAt, version: r.version })),
      }
    },

    async createSource(actorId: string, name: string, translate: Translate): Promise<LeadSource> {
      if (await nameTaken(s, name, null)) throw validationError({ name: [translate('validation.leads.nameTaken')] })
      const now = Date.now()
      const row = { id: crypto.randomUUID(), name, mapping: null, version: 1, createdAt: now, updatedAt: now }
      await database.transaction(async (tx) => {
        await tx.insert(s).values(row)
        await logActivity(tx, t, { at: now, actorId, entity: 'lead_source', entityId: row.id, action: 'created', after: { name } })
      })
      return { ...row, lists: 0 }
    },

    async renameSource(actorId: string, id: string, input: { name: string; version?: number }, translate: Translate): Promise<void> {
      if (await nameTaken(s, input.name, id)) throw validationError({ name: [translate('validation.leads.nameTaken')] })
      await database.transaction(async (tx) => {
        const [current] = await tx.select().from(s).where(eq(s.id, id))
        if (!current) throw notFound()
        if (input.version !== undefined && input.version !== current.version) throw new ApiError(409, 'conflict')
        await tx
          .update(s)
          .set({ name: input.name, version: current.version + 1, updatedAt: Date.now() })
          .where(eq(s.id, id))
        await logActivity(tx, t, {
          at: Date.now(),
          actorId,
          entity: 'lead_source',
          entityId: id,
          action: 'updated',
          before: { name: current.name },
          after: { name: input.name },
        })
      })
    },

    /** A source leaves; its lists stay (without a source). */
    async removeSource(actorId: string, id: string): Promise<void> {
      await database.transaction(async (tx) => {
        const [gone] = await tx.delete(s).where(eq(s.id, id)).returning({ name: s.name })
        if (!gone) throw notFound()
        await tx.update(t.leadLists).set({ sourceId: null }).where(eq(t.leadLists.sourceId, id))
        await logActivity(tx, t, { at: Date.now(), actorId, entity: 'lead_source', entityId: id, action: 'deleted', before: { name: gone.name } })
      })
    },
  }
}
