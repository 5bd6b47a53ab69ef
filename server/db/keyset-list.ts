import { and, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm'
import { LIST_COUNT_CAP, type ListAnswer } from '../../shared/schemas/pagination'
import type { Translate } from '../../shared/schemas/errors'
import type { AccessFilter } from './conditions'
import { cursorOf, keysetPage, keysetQuery, pageOffset } from './keyset'
import { literalLimit, type preparedReads } from './prepared'

/** What a list's page statement is built from: where the page starts, its order, one row more than the page, and the offset's placeholder. */
export type KeysetPageParts = { condition: SQL | undefined; orderBy: SQL[]; limit: number; offset: Placeholder }

/** A select statement as far as its page is concerned (either database's builder). */
type PageableSelect<R> = {
  where(condition: SQL | undefined): { orderBy(...columns: SQL[]): { limit(limit: number): { offset(offset: Placeholder): R } } }
}

/**
 * A list's select narrowed to one page: the list's filter and where the page starts, the list's order, one row more
 * than the page (whether a next page exists, without counting) from the offset.
 */
export function onPage<R>(select: PageableSelect<R>, where: SQL | undefined, page: KeysetPageParts): R {
  return select
    .where(and(where, page.condition))
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset)
}

/**
 * One page of a long back-office list paged by key (keyset.ts): the cursor read from the query (a bad one is a 400),
 * the page's statement and the capped count read side by side as prepared statements, the rows turned into the
 * list's items, and the answer with the cursors on either side and the total (capped, docs/decisions/023).
 *
 * The list builds its own filter — `shape` names what changes its SQL, `values` fills its placeholders — and its
 * two statements: `page` with the parts given (the page's rows in the list's order, `limit` of them from `offset`),
 * `count` the rows the filter matches (cappedCount). `keyOf` gives an item's sort key in the order of `columns`.
 */
export async function keysetList<Q extends PromiseLike<unknown[]>, C extends PromiseLike<Array<{ n: number | string }>>, Item>(
  read: ReturnType<typeof preparedReads>,
  list: {
    name: string
    q: { cursor?: string; page: number; itemsPerPage: number }
    translate: Translate
    shape: string
    sortKey: string
    direction: 'asc' | 'desc'
    columns: Array<AnyColumn | SQL>
    values: Record<string, unknown>
    countValues?: Record<string, unknown>
  },
  statements: {
    page: (parts: KeysetPageParts) => Q
    count: () => C
    items: (rows: Awaited<Q>) => Item[] | Promise<Item[]>
    keyOf: (item: Item) => Array<string | number>
  },
): Promise<ListAnswer<Item>> {
  const { q } = list
  const cursor = cursorOf(q, list.columns.length, list.translate)
  const page = keysetQuery(list.columns, list.direction, cursor)
  const parts: KeysetPageParts = {
    condition: page.condition,
    orderBy: page.orderBy,
    limit: literalLimit(q.itemsPerPage + 1),
    offset: sql.placeholder('offset'),
  }
  const [rows, [counted]] = await Promise.all([
    read(`${list.name}.rows|${list.shape}|${list.sortKey}|${list.direction}|${page.shape}|${q.itemsPerPage}`, () => statements.page(parts), {
      ...list.values,
      ...page.values,
      offset: pageOffset(q, cursor),
    }),
    read(`${list.name}.count|${list.shape}`, statements.count, list.countValues ?? list.values),
  ])
  const paged = keysetPage(await statements.items(rows), q.itemsPerPage, cursor, q.page, statements.keyOf)
  const n = Number(counted?.n ?? 0)
  return { ...paged, total: Math.min(n, LIST_COUNT_CAP), totalCapped: n > LIST_COUNT_CAP, page: q.page, itemsPerPage: q.itemsPerPage }
}

/**
 * A prepared list's filter as it is built: each condition added with its placeholder's value and its name in the
 * statement's shape (what changes the SQL), after the reader's access rules when the list has them.
 */
export function listFilter(filter?: AccessFilter) {
  const values: Record<string, unknown> = { ...filter?.params }
  const shape: string[] = filter ? [filter.shape] : []
  const conditions: Array<SQL | undefined> = []
  const add = (name: string, value: unknown, condition: SQL) => {
    values[name] = value
    shape.push(name)
    conditions.push(condition)
  }
  return { values, shape, conditions, add }
}
