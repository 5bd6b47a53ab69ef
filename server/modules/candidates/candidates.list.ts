import { eq, gte, lte, ne, sql } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { CandidateListItem, CandidateListQuery } from '../../../shared/schemas/candidates'
import type { Translate } from '../../../shared/schemas/errors'
import type { ListAnswer } from '../../../shared/schemas/pagination'
import { accessFilter, containsPattern, containsText, withAccess } from '../../db/conditions'
import { keysetList, onPage, listFilter } from '../../db/keyset-list'
import { cappedCount } from '../../db/list-page'
import { preparedReads } from '../../db/prepared'
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
  const p = (name: string) => sql.placeholder(name)

  async function list(ability: AppAbility, q: CandidateListQuery, translate: Translate): Promise<ListAnswer<CandidateListItem>> {
    const filter = accessFilter(ability, 'view', 'candidates', { recruiterId: c.recruiterId, regionId: c.regionId })
    const { values, shape, conditions, add } = listFilter(filter)
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
    const keyOf = (r: CandidateListItem): Array<string | number> =>
      sortKey === 'name' ? [r.lastName, r.firstName, r.id] : sortKey === 'startDate' ? [r.startDate ?? NO_START, r.id] : [r.createdAt, r.id]
    const where = withAccess(filter, ...conditions)
    return keysetList(
      read,
      { name: 'candidates', q, translate, shape: shape.join('|'), sortKey, direction, columns, values },
      {
        page: (page) => onPage(db.select().from(c), where, page),
        count: () => cappedCount(db, c, where),
        items: (rows) => listItems(db, rows),
        keyOf,
      },
    )
  }
  return { list }
}
