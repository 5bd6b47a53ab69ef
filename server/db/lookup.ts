import { and, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { LookupItem, LookupQuery } from '../../shared/schemas/lookups'
import { containsPattern, containsText, withAccess, type AccessFilter } from './conditions'

/**
 * The WHERE clause of a lookup (shared/schemas/lookups.ts) over one table, for a prepared statement
 * (prepared.ts): the rows the caller may see (`filter`), named by `ids`, within `parent`, and containing the
 * search in one of `search` (case-insensitive, as lists search). `shape` names what changes the SQL text and
 * `values` fills its placeholders. Each area answers the lookups of its own tables with it, at most
 * LOOKUP_LIMIT rows.
 */
export function lookupWhere(
  filter: AccessFilter,
  q: LookupQuery,
  columns: { id: AnyColumn; search: Array<AnyColumn | SQL>; parent?: AnyColumn },
): { where: SQL | undefined; values: Record<string, unknown>; shape: string } {
  const values: Record<string, unknown> = { ...filter.params }
  const ids = q.ids ?? []
  ids.forEach((id, i) => (values[`id${i}`] = id))
  const parent = q.parentId && columns.parent ? columns.parent : null
  if (parent) values.parent = q.parentId
  if (q.q) values.q = containsPattern(q.q)
  return {
    where: withAccess(
      filter,
      and(
        ids.length
          ? inArray(
              columns.id,
              ids.map((_, i) => sql.placeholder(`id${i}`)),
            )
          : undefined,
        parent ? eq(parent, sql.placeholder('parent')) : undefined,
        q.q ? or(...columns.search.map((c) => containsText(c, 'q'))) : undefined,
      ),
    ),
    values,
    shape: `${filter.shape}|ids${ids.length}|${parent ? 'parent' : ''}|${q.q ? 'q' : ''}`,
  }
}

/** Lookup rows as answered: an inactive one (archived, former) says so; active ones carry no flag. */
export function lookupItems(rows: Array<{ id: string; label: string; hint: string | null; active: boolean }>): LookupItem[] {
  return rows.map(({ active, ...item }) => (active ? item : { ...item, inactive: true }))
}
