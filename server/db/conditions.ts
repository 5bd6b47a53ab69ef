import { rulesToAST } from '@casl/ability/extra'
import type { Database } from './client'
import { and, isNotNull, isNull, not, or, sql, type SQL } from 'drizzle-orm'
import type { AnyColumn } from 'drizzle-orm'
import type { AppAbility } from '../../shared/permissions/ability'
import type { ActionOrManage, Subject } from '../../shared/permissions/catalogue'

/**
 * Applies a user's CASL rules to a query: the rules for (action, subject) become a WHERE clause,
 * so a seller's list holds only their own rows and a coach's only their teams' rows.
 * `columns` names the condition fields a subject supports; a rule on any other field fails closed.
 */

type Node = { operator: string; field?: string; value: unknown }

/**
 * `where` uses placeholders (a0, a1, …) whose values are in `params`; `shape` is the same for every user
 * whose rules have the same structure, so a statement prepared for one shape serves them all.
 */
export type AccessFilter =
  | { kind: 'all'; shape: 'all'; params: Record<string, never> }
  | { kind: 'none'; shape: 'none'; params: Record<string, never> }
  | { kind: 'where'; where: SQL; shape: string; params: Record<string, unknown> }

export class UnsupportedConditionError extends Error {}

type Binder = { params: Record<string, unknown>; next: number; inline?: boolean }

function bind(b: Binder, value: unknown): SQL {
  // A one-off query binds the values themselves (no prepared statement to hand them to).
  if (b.inline) return sql`${value}`
  const name = `a${b.next++}`
  b.params[name] = value
  return sql`${sql.placeholder(name)}`
}

function toSql(node: Node, columns: Record<string, AnyColumn | SQL>, b: Binder): SQL {
  const op = node.operator
  if (op === 'and' || op === 'or') {
    const parts = (node.value as Node[]).map((n) => toSql(n, columns, b))
    if (parts.length === 0) return op === 'and' ? sql`1 = 1` : sql`1 = 0`
    return (op === 'and' ? and(...parts) : or(...parts)) as SQL
  }
  if (op === 'not') {
    const inner = (node.value as Node[]).map((n) => toSql(n, columns, b))
    return not(and(...inner) as SQL)
  }
  const target = node.field ? columns[node.field] : undefined
  if (!target) throw new UnsupportedConditionError(`No column for condition field "${node.field ?? ''}"`)
  const column: SQL = sql`${target}`
  const v = node.value
  const list = (values: unknown[]) =>
    sql.join(
      values.map((x) => bind(b, x)),
      sql`, `,
    )
  switch (op) {
    case 'eq':
      return v === null ? isNull(column) : sql`${column} = ${bind(b, v)}`
    case 'ne':
      return v === null ? isNotNull(column) : sql`${column} <> ${bind(b, v)}`
    case 'in':
      return Array.isArray(v) && v.length > 0 ? sql`${column} in (${list(v)})` : sql`1 = 0`
    case 'nin':
      return Array.isArray(v) && v.length > 0 ? sql`${column} not in (${list(v)})` : sql`1 = 1`
    case 'lt':
      return sql`${column} < ${bind(b, v)}`
    case 'lte':
      return sql`${column} <= ${bind(b, v)}`
    case 'gt':
      return sql`${column} > ${bind(b, v)}`
    case 'gte':
      return sql`${column} >= ${bind(b, v)}`
    case 'exists':
      return v ? isNotNull(column) : isNull(column)
    default:
      throw new UnsupportedConditionError(`Unsupported condition operator "${op}"`)
  }
}

/** The structure of a condition tree without its values (arrays keep their length, null stays null). */
function shapeOf(node: Node): unknown {
  if (node.operator === 'and' || node.operator === 'or' || node.operator === 'not') {
    return [node.operator, (node.value as Node[]).map(shapeOf)]
  }
  const v = node.value
  return [node.operator, node.field, Array.isArray(v) ? v.length : v === null ? null : typeof v === 'boolean' ? v : '?']
}

/**
 * The rows of `subject` the ability allows `action` on, as SQL over `columns`. With `inline` the values are bound in
 * the SQL itself (`params` stays empty): for a query built and run once rather than prepared per shape.
 */
export function accessFilter(
  ability: AppAbility,
  action: ActionOrManage,
  subject: Subject,
  columns: Record<string, AnyColumn | SQL>,
  options: { inline?: boolean } = {},
): AccessFilter {
  const ast = rulesToAST(ability, action, subject) as Node | null
  if (!ast) return { kind: 'none', shape: 'none', params: {} }
  if (ast.operator === 'and' && Array.isArray(ast.value) && ast.value.length === 0) return { kind: 'all', shape: 'all', params: {} }
  const binder: Binder = { params: {}, next: 0, inline: options.inline }
  const where = toSql(ast, columns, binder)
  return { kind: 'where', where, shape: JSON.stringify(shapeOf(ast)), params: binder.params }
}

/** Combines an access filter with the query's own conditions. */
export function withAccess(filter: AccessFilter, ...conditions: Array<SQL | undefined>): SQL | undefined {
  const own = conditions.filter((c): c is SQL => c !== undefined)
  if (filter.kind === 'none') return sql`1 = 0`
  if (filter.kind === 'where') own.unshift(filter.where)
  return own.length > 0 ? and(...own) : undefined
}

/** Case-insensitive "contains" that behaves the same on SQLite and PostgreSQL; the pattern is the placeholder `name`. */
export function containsText(column: AnyColumn | SQL, name: string): SQL {
  return sql`lower(${column}) like ${sql.placeholder(name)} escape '\\'`
}

/** The same "contains" with the search as a bound value, for a statement built per request (short lists). */
export function containsTerm(column: AnyColumn | SQL, q: string): SQL {
  return sql`lower(${column}) like ${containsPattern(q)} escape '\\'`
}

/** A LIKE pattern that finds `q` anywhere, its own wildcards escaped (escape character `\`). */
function likeAnywhere(q: string): string {
  return `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
}

/** The LIKE pattern for containsText: lower-cased, wildcards in the search escaped. */
export function containsPattern(q: string): string {
  return likeAnywhere(q.toLowerCase())
}

/**
 * A text to sort by regardless of case. PostgreSQL: `lower()`, Unicode-aware. SQLite: `COLLATE NOCASE` — its
 * `lower()` here is JavaScript's (conditions above), called back for every row sorted: at 5,000 people the users list's
 * sort took 2.8 ms against 1.5 ms (issue 72). NOCASE folds A–Z only, which orders names as lower() does as long as
 * they begin in capitals (Å, Ä, Ö keep their order among themselves and after Z either way).
 */
export function caseless(dialect: 'sqlite' | 'pg', text: SQL): SQL {
  return dialect === 'sqlite' ? sql`(${text}) collate nocase` : sql`lower(${text})`
}

/**
 * A column whose condition is to be checked on rows found another way (a trigram search's), not used to find them;
 * or a grouping key whose order no index is to give (a few days' rows found by the index by day, not by walking an
 * index led by the key once per value). SQLite's unary plus keeps its planner off the column's indexes; PostgreSQL's
 * planner weighs both without a hint.
 */
export function unindexed(dialect: 'sqlite' | 'pg', column: AnyColumn): SQL {
  return dialect === 'sqlite' ? sql`+${column}` : sql`${column}`
}

/**
 * A list's sort column as an expression no index has, on PostgreSQL: its planner, expecting a rare filter's rows (a
 * product's sales, found through another table) to be spread evenly, walks the list's index from the top probing
 * each row, tens of thousands of probes for one page. Ordered by an expression, it starts from the filter's rows
 * and sorts those. The order is the same. SQLite's planner needs no hint: the column as it is.
 */
export function orderedByValue(dialect: 'sqlite' | 'pg', column: AnyColumn): AnyColumn | SQL {
  if (dialect === 'sqlite') return column
  return column.dataType === 'number' ? sql`(${column} + 0)` : sql`(${column} || '')`
}

/** Terms shorter than this have no trigram to look up: they are matched with LIKE over the rows instead. */
export const TRIGRAM_MIN = 3

export type SearchGroup = { columns: AnyColumn[]; term: string }

/**
 * "Contains" over a table's text columns answered from a trigram index: FTS5 with the trigram tokenizer on SQLite
 * (the external-content table `index`, keyed by the table's rowid), pg_trgm GIN indexes with ILIKE on PostgreSQL.
 * Each group is some columns and the term they must contain; the groups are OR-ed. Values are placeholders named
 * from `name`, so a statement prepared for one search serves every search of the same shape (`shape`). A term
 * shorter than three characters falls back to LIKE, which reads the rows: correct, only slower.
 */
export function trigramContains(
  dialect: 'sqlite' | 'pg',
  table: { rowid: SQL; index: string },
  groups: SearchGroup[],
  name: string,
  /** 'scan': LIKE over the rows a query walks anyway (a common term, see `denseTerm`), not the index */
  mode: 'index' | 'scan' = 'index',
): { condition: SQL; values: Record<string, unknown>; shape: string } {
  const values: Record<string, unknown> = {}
  const short = groups.some((g) => [...g.term].length < TRIGRAM_MIN)
  if (short || mode === 'scan') {
    const parts = groups.flatMap((g, i) => {
      values[`${name}${i}`] = containsPattern(g.term)
      return g.columns.map((c) => containsText(c, `${name}${i}`))
    })
    return { condition: or(...parts)!, values, shape: `like${groups.map((g) => g.columns.length).join('.')}` }
  }
  if (dialect === 'sqlite') {
    // One MATCH expression: {col col} : "term" OR {col} : "term"; a phrase's own quotes are doubled.
    values[name] = groups.map((g) => `{${g.columns.map((c) => c.name).join(' ')}} : "${g.term.replaceAll('"', '""')}"`).join(' OR ')
    return {
      condition: sql`${table.rowid} in (select rowid from ${sql.identifier(table.index)} where ${sql.identifier(table.index)} match ${sql.placeholder(name)})`,
      values,
      shape: `fts${groups.map((g) => g.columns.length).join('.')}`,
    }
  }
  const parts = groups.flatMap((g, i) => {
    values[`${name}${i}`] = likeAnywhere(g.term)
    return g.columns.map((c) => sql`${c} ilike ${sql.placeholder(`${name}${i}`)}`)
  })
  return { condition: or(...parts)!, values, shape: `trgm${groups.map((g) => g.columns.length).join('.')}` }
}

/** Above this many index matches a term is common: a page finds its rows sooner by walking its own order. */
export const DENSE_MATCHES = 3000

/**
 * Whether a search term is common, on SQLite: its FTS5 trigram matches counted up to DENSE_MATCHES (a couple of
 * milliseconds). For a common term (a frequent surname) the page is found faster by walking the list's index in
 * its order and checking each row with LIKE (a few thousand rows for a page) than by fetching and sorting every
 * match (tens of thousands); for a rare one (an identity number, an order number) the index is the way.
 * PostgreSQL's planner weighs pg_trgm's matches itself: always false there.
 */
export async function denseTerm(database: Database, index: string, search: { values: Record<string, unknown>; shape: string }, name: string): Promise<boolean> {
  if (database.dialect !== 'sqlite' || !search.shape.startsWith('fts')) return false
  const match = search.values[name]
  const [row] = await database.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(sql`(select 1 from ${sql.identifier(index)} where ${sql.identifier(index)} match ${match} limit ${DENSE_MATCHES + 1})`)
  return (row?.n ?? 0) > DENSE_MATCHES
}

/**
 * A list's text search, as a page and its count each want it: the count always from the index; the page from the
 * index for a rare term, or by walking the list's own order checking each row for a common one (`denseTerm`).
 * `values` holds every placeholder either condition names; `shape` names the statement's form.
 */
export async function listSearch(
  database: Database,
  table: { rowid: SQL; index: string },
  groups: SearchGroup[],
  name: string,
): Promise<{ count: SQL; page: SQL; values: Record<string, unknown>; shape: string }> {
  const search = trigramContains(database.dialect, table, groups, name)
  if (!(await denseTerm(database, table.index, search, name)))
    return { count: search.condition, page: search.condition, values: search.values, shape: search.shape }
  const scan = trigramContains(database.dialect, table, groups, name, 'scan')
  return { count: search.condition, page: scan.condition, values: { ...search.values, ...scan.values }, shape: `${search.shape}~dense` }
}
