import { and, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { CandidateListItem, CandidateListQuery } from '../../../shared/schemas/candidates'
import type { Translate } from '../../../shared/schemas/errors'
import { LIST_COUNT_CAP, type ListAnswer } from '../../../shared/schemas/pagination'
import { accessFilter, containsPattern, containsText, withAccess } from '../../db/conditions'
import { keysetPage, keysetQuery, cursorOf, pageOffset } from '../../db/keyset'
import { cappedCount } from '../../db/list-page'
import { literalLimit, preparedReads } from '../../db/prepared'
import type { CandidatesContext } from './candidates.context'

/** A start date's sort key: candidates without one last. */
const NO_START = '9999-12-31'

/**
 * The candidates a reader may see (their `view candidates` rules: their own, their region's, or all), searched by
 * name, e-mail or phone and filtered by recruiter, region, stage, status and start date; newest first unless sorted
 * otherwise. Erased candidates are listed only when asked for. Paged by key, counted up to the cap.
 */
export function candidatesList(ctx: CandidatesContext) {
  const { database, c, listItems } = ctx
  const { db } = database
  const read = preparedReads(database)
  const p = (name: string) => sql.placeholder(name) as never

  async function list(ability: AppAbility, q: CandidateListQuery, translate: Translate): Promise<ListAnswer<CandidateListItem>> {
    const filter = accessFilter(ability, 'view', 'candidates', { recruiterId: c.recruiterId, regionId: c.regionId })
    const values: Record<string, unknown> = { ...filter.params }
    const shape: string[] = [filter.shape]
    const conditions: SQL[] = []
    const add = (name: string, value: unknown, condition: SQL) => {
      values[name] = value
      shape.push(name)
      conditions.push(condition)
    }
    if (q.status) add('status', q.status, eq(c.status, p('status')))
    else add('notErased', 'erased', ne(c.status, p('notErased')))
    if (q.recruiterId) add('recruiter', q.recruiterId, eq(c.recruiterId, p('recruiter')))
    if (q.regionId) add('region', q.regionId, eq(c.regionId, p('region')))
    if (q.stage) add('stage', q.stage, eq(c.step, p('stage')))
    if (q.startFrom) add('startFrom', q.startFrom, gte(c.startDate, p('startFrom')))
    if (q.startTo) add('startTo', q.startTo, lte(c.startDate, p('startTo')))
    if (q.q) add('q', containsPattern(q.q.replace(/^\+46|^0(?=7)/, '')), containsText(c.searchText, 'q'))

    const sortKey = q.sortBy ?? 'created'
    const direction = q.sortBy ? q.orderBy : 'desc'
    const startKey = sql`coalesce(${c.startDate}, ${NO_START})`
    const columns = sortKey === 'name' ? [c.lastName, c.firstName, c.id] : sortKey === 'startDate' ? [startKey, c.id] : [c.createdAt, c.id]
    const keyOf = (r: typeof c.$inferSelect): Array<string | number> =>
      sortKey === 'name' ? [r.lastName, r.firstName, r.id] : sortKey === 'startDate' ? [r.startDate ?? NO_START, r.id] : [r.createdAt, r.id]
    const cursor = cursorOf(q, columns.length, translate)
    const page = keysetQuery(columns, direction, cursor)
    const where = withAccess(filter, ...conditions)
    const key = shape.join('|')
    const [rows, [counted]] = await Promise.all([
      read(
        `candidates.rows|${key}|${sortKey}|${direction}|${page.shape}|${q.itemsPerPage}`,
        () =>
          db
            .select()
            .from(c)
            .where(and(where, page.condition))
            .orderBy(...page.orderBy)
            .limit(literalLimit(q.itemsPerPage + 1))
            .offset(p('offset')),
        { ...values, ...page.values, offset: pageOffset(q, cursor) },
      ),
      read(`candidates.count|${key}`, () => cappedCount(db, c, where), values),
    ])
    const paged = keysetPage(rows, q.itemsPerPage, cursor, q.page, keyOf)
    const n = Number(counted?.n ?? 0)
    return {
      items: await listItems(db, paged.items),
      nextCursor: paged.nextCursor,
      prevCursor: paged.prevCursor,
      total: Math.min(n, LIST_COUNT_CAP),
      totalCapped: n > LIST_COUNT_CAP,
      page: q.page,
      itemsPerPage: q.itemsPerPage,
    }
  }
  return { list }
}
