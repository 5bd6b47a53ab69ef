import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { Translate } from '../../shared/schemas/errors'
import { validationError } from '../lib/errors'

/**
 * Keyset paging for long lists: a page starts after (or ends before) the row a cursor names, by the list's sort
 * columns, so page 5,000 costs what page 1 costs (an OFFSET reads and throws away every row before it). The sort
 * columns end with a unique one (the id) and each has an index in that order, so the page is read from the index.
 *
 * A cursor is opaque to the client: base64url of the direction and the sort key of the row it starts from. The
 * client keeps it in the URL beside the page number (which only numbers the rows shown), so a reload or a shared
 * link shows the same page. A list query without a cursor pages by offset, as before.
 */

export type Cursor = { dir: 'after' | 'before'; key: Array<string | number> }

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.dir === 'after' ? 'a' : 'b', ...cursor.key]), 'utf8').toString('base64url')
}

/** The cursor, or null when it is not one this list made (wrong length or types): the caller answers 400. */
export function decodeCursor(text: string, keyLength: number): Cursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
    if (!Array.isArray(parsed) || parsed.length !== keyLength + 1) return null
    const [dir, ...key] = parsed as unknown[]
    if (dir !== 'a' && dir !== 'b') return null
    if (!key.every((v) => (typeof v === 'string' && v.length <= 200) || (typeof v === 'number' && Number.isFinite(v)))) return null
    return { dir: dir === 'a' ? 'after' : 'before', key: key as Array<string | number> }
  } catch {
    return null
  }
}

/** A list request's cursor, or a 400 on `cursor` when the client sent one this list did not make; null without one. */
export function cursorOf(q: { cursor?: string }, keyLength: number, translate: Translate): Cursor | null {
  if (!q.cursor) return null
  const cursor = decodeCursor(q.cursor, keyLength)
  if (!cursor) throw validationError({ cursor: [translate('validation.invalidFormat')] })
  return cursor
}

/** The rows a page skips: none after a cursor (it starts there), else the pages before it. */
export const pageOffset = (q: { page: number; itemsPerPage: number }, cursor: Cursor | null) => (cursor ? 0 : (q.page - 1) * q.itemsPerPage)

/**
 * The parts of one page's query: the condition that starts it after (or ends it before) the cursor's row, the
 * ORDER BY (reversed when reading backwards) and the key values as placeholders `k0…`. One more row than the page
 * is read, to know whether another page follows.
 */
export function keysetQuery(columns: Array<AnyColumn | SQL>, direction: 'asc' | 'desc', cursor: Cursor | null) {
  const backwards = cursor?.dir === 'before'
  // Reading backwards walks the index the other way and turns the rows round afterwards.
  const walk = backwards ? (direction === 'asc' ? 'desc' : 'asc') : direction
  const values: Record<string, unknown> = {}
  let condition: SQL | undefined
  if (cursor) {
    cursor.key.forEach((v, i) => (values[`k${i}`] = v))
    const left = sql.join(columns, sql`, `)
    const right = sql.join(
      columns.map((_, i) => sql.placeholder(`k${i}`)),
      sql`, `,
    )
    // A row value comparison: both SQLite and PostgreSQL read it as a range of the index on these columns.
    condition = walk === 'desc' ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`
  }
  return {
    condition,
    values,
    orderBy: columns.map((c) => (walk === 'desc' ? desc(c) : asc(c))),
    /** names what changes the SQL text, for the prepared-statement key */
    shape: cursor ? `${cursor.dir}` : 'offset',
  }
}

/**
 * The page from the rows read (page size + 1 at most) and the cursors to the pages on either side: `null` where
 * there is none. `keyOf` gives a row's sort key, in the order of the query's columns.
 */
export function keysetPage<Row>(
  rows: Row[],
  size: number,
  cursor: Cursor | null,
  page: number,
  keyOf: (row: Row) => Array<string | number>,
): { items: Row[]; nextCursor: string | null; prevCursor: string | null } {
  const more = rows.length > size
  const items = rows.slice(0, size)
  if (cursor?.dir === 'before') items.reverse()
  const first = items[0]
  const last = items.at(-1)
  const after = (key: Array<string | number>) => encodeCursor({ dir: 'after', key })
  const before = (key: Array<string | number>) => encodeCursor({ dir: 'before', key })
  if (cursor?.dir === 'before') {
    return {
      items,
      nextCursor: last ? after(keyOf(last)) : after(cursor.key),
      prevCursor: more && first ? before(keyOf(first)) : null,
    }
  }
  return {
    items,
    nextCursor: more && last ? after(keyOf(last)) : null,
    prevCursor: cursor ? (first ? before(keyOf(first)) : before(cursor.key)) : page > 1 && first ? before(keyOf(first)) : null,
  }
}
