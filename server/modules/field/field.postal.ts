import { count, sql } from 'drizzle-orm'
import { parsePostalRow, postalColumns, type LngLat } from '../../../shared/rules/maps'
import type { Translate } from '../../../shared/schemas/errors'
import type { PostalImportResult } from '../../../shared/schemas/maps'
import { validationError } from '../../lib/errors'
import { readTableFile, TableFileError } from '../../lib/table-file'
import { logActivity } from '../../platform/activity-log'
import type { FieldContext } from './field.context'

/** A country's postal codes are some tens of thousands (Sweden about 17,000): a file of them is read at once. */
export const POSTAL_FILE_MAX_ROWS = 200_000
/** The table is kept in memory for the maps and read again this often (another instance may have imported). */
const RELOAD_MS = 5 * 60_000
const BATCH = 500

type Lookup = (country: string, postalCode: string) => LngLat | undefined

/** One table per process, shared by every field service built on the same database (tests build several). */
const loaded = new WeakMap<object, { at: number; lookup: Lookup } | null>()

/**
 * Postal codes' positions (docs/decisions/074): an admin imports a file of them; a sale without a position of its own
 * is placed by its postal code in the country of the seller's office.
 */
export function postalPositions(ctx: FieldContext) {
  const { database, db, t } = ctx
  const p = t.postalPositions

  return {
    /** The positions by country and postal code, from memory (read again after RELOAD_MS or an import here). */
    async lookup(): Promise<Lookup> {
      const cached = loaded.get(database)
      if (cached && Date.now() - cached.at < RELOAD_MS) return cached.lookup
      const rows = await db.select({ country: p.country, postalCode: p.postalCode, lat: p.lat, lng: p.lng }).from(p)
      const byKey = new Map(rows.map((r) => [`${r.country}:${r.postalCode}`, { lat: r.lat, lng: r.lng }]))
      const lookup: Lookup = (country, code) => byKey.get(`${country}:${code}`)
      loaded.set(database, { at: Date.now(), lookup })
      return lookup
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(p)
      return Number(row?.n ?? 0)
    },

    /**
     * Reads a file of postal codes (CSV or XLSX; postal code, latitude, longitude and optionally country, by their
     * usual names) and adds or replaces each row's position. Rows with problems are listed and left out.
     */
    async import(actorId: string, file: { contentType: string; bytes: Buffer }, defaultCountry: string, translate: Translate): Promise<PostalImportResult> {
      let table: string[][]
      try {
        table = await readTableFile(file.contentType, file.bytes, { maxRows: POSTAL_FILE_MAX_ROWS })
      } catch (error) {
        if (error instanceof TableFileError) throw validationError({ file: [translate(`validation.devices.file.${error.reason}`)] })
        throw error
      }
      const [headers = [], ...rows] = table
      const columns = postalColumns(headers)
      if (!columns) throw validationError({ file: [translate('validation.maps.postal.columns')] })
      const good: Array<{ country: string; postalCode: string; lat: number; lng: number; updatedAt: number }> = []
      const problems: PostalImportResult['problems'] = []
      const at = Date.now()
      rows.forEach((cells, i) => {
        if (cells.every((c) => c.trim() === '')) return
        const parsed = parsePostalRow(cells, columns, defaultCountry)
        if ('problem' in parsed) {
          if (problems.length < 100) problems.push({ row: i + 2, message: translate(parsed.problem) })
        } else good.push({ ...parsed, updatedAt: at })
      })
      const problemCount = rows.filter((c) => c.some((x) => x.trim() !== '')).length - good.length
      await database.transaction(async (tx) => {
        for (let i = 0; i < good.length; i += BATCH)
          await tx
            .insert(p)
            .values(good.slice(i, i + BATCH))
            .onConflictDoUpdate({
              target: [p.country, p.postalCode],
              set: { lat: sql`excluded.lat`, lng: sql`excluded.lng`, updatedAt: sql`excluded.updated_at` },
            })
        await logActivity(tx, t, {
          at,
          actorId,
          entity: 'postal_positions',
          entityId: defaultCountry,
          action: 'imported',
          after: { rows: good.length + problemCount, imported: good.length, problems: problemCount },
        })
      })
      loaded.delete(database)
      return { rows: good.length + problemCount, imported: good.length, problems }
    },
  }
}
