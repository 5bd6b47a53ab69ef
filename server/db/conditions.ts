import { rulesToAST } from '@casl/ability/extra'
import { and, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, not, notInArray, or, sql, type SQL } from 'drizzle-orm'
import type { AnyColumn } from 'drizzle-orm'
import type { AppAbility } from '../../shared/permissions/ability'
import type { ActionOrManage, Subject } from '../../shared/permissions/catalogue'

/**
 * Applies a user's CASL rules to a query: the rules for (action, subject) become a WHERE clause,
 * so a seller's list holds only their own rows and a coach's only their teams' rows.
 * `columns` names the condition fields a subject supports; a rule on any other field fails closed.
 */

type Node = { operator: string; field?: string; value: unknown }

export type AccessFilter = { kind: 'all' } | { kind: 'none' } | { kind: 'where'; where: SQL }

export class UnsupportedConditionError extends Error {}

function toSql(node: Node, columns: Record<string, AnyColumn | SQL>): SQL {
  const op = node.operator
  if (op === 'and' || op === 'or') {
    const parts = (node.value as Node[]).map((n) => toSql(n, columns))
    if (parts.length === 0) return op === 'and' ? sql`1 = 1` : sql`1 = 0`
    return (op === 'and' ? and(...parts) : or(...parts)) as SQL
  }
  if (op === 'not') {
    const inner = (node.value as Node[]).map((n) => toSql(n, columns))
    return not(and(...inner) as SQL)
  }
  const target = node.field ? columns[node.field] : undefined
  if (!target) throw new UnsupportedConditionError(`No column for condition field "${node.field ?? ''}"`)
  const column: SQL = sql`${target}`
  const v = node.value
  switch (op) {
    case 'eq':
      return v === null ? isNull(column) : eq(column, v)
    case 'ne':
      return v === null ? isNotNull(column) : ne(column, v)
    case 'in':
      return Array.isArray(v) && v.length > 0 ? inArray(column, v) : sql`1 = 0`
    case 'nin':
      return Array.isArray(v) && v.length > 0 ? notInArray(column, v) : sql`1 = 1`
    case 'lt':
      return lt(column, v)
    case 'lte':
      return lte(column, v)
    case 'gt':
      return gt(column, v)
    case 'gte':
      return gte(column, v)
    case 'exists':
      return v ? isNotNull(column) : isNull(column)
    default:
      throw new UnsupportedConditionError(`Unsupported condition operator "${op}"`)
  }
}

export function accessFilter(
  ability: AppAbility,
  action: ActionOrManage,
  subject: Subject,
  columns: Record<string, AnyColumn | SQL>,
): AccessFilter {
  const ast = rulesToAST(ability, action, subject) as Node | null
  if (!ast) return { kind: 'none' }
  if (ast.operator === 'and' && Array.isArray(ast.value) && ast.value.length === 0) return { kind: 'all' }
  return { kind: 'where', where: toSql(ast, columns) }
}

/** Combines an access filter with the query's own conditions. */
export function withAccess(filter: AccessFilter, ...conditions: Array<SQL | undefined>): SQL | undefined {
  const own = conditions.filter((c): c is SQL => c !== undefined)
  if (filter.kind === 'none') return sql`1 = 0`
  if (filter.kind === 'where') own.unshift(filter.where)
  return own.length > 0 ? and(...own) : undefined
}

/** Case-insensitive "contains" that behaves the same on SQLite and PostgreSQL. */
export function containsText(column: AnyColumn | SQL, q: string): SQL {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
  return sql`lower(${column}) like ${pattern} escape '\\'`
}
