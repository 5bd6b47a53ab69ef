import { eq, inArray, sql } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { DEVIATION_STATES, type DeviationState, type DeviationListItem, type DeviationListQuery } from '../../../shared/schemas/deviations'
import type { ListAnswer } from '../../../shared/schemas/pagination'
import type { Translate } from '../../../shared/schemas/errors'
import { accessFilter, containsPattern, withAccess } from '../../db/conditions'
import { keysetList, onPage, listFilter } from '../../db/keyset-list'
import { cappedCount } from '../../db/list-page'
import { SORT, SORT_KEY } from './deviations.context'
import type { DeviationsContext } from './deviations.context'

/** The back office's work list of deviations. */
export function deviationList(ctx: DeviationsContext) {
  const { database, conditionColumns, d, t, read } = ctx

  /**
   * The deviations this user may see (their rules on sale reports), by state — waiting ones (open and corrected)
   * unless the query names others — type, provider, team, office and seller, and by the sale's customer, company
   * or order number; oldest first unless sorted otherwise, paged by key.
   */
  async function list(ability: AppAbility, q: DeviationListQuery, translate: Translate): Promise<ListAnswer<DeviationListItem>> {
    const { db } = database
    const filter = accessFilter(ability, 'view', 'sale_reports', conditionColumns)
    const p = (name: string) => sql.placeholder(name)
    const { values, shape, conditions, add } = listFilter(filter)
    const states: DeviationState[] = q.state?.length ? q.state : ['open', 'corrected']
    // Waiting or resolved is one value of `pending`, the first column of each index after its filter; a state
    // narrower than that is checked on the rows of that range.
    const pending = [...new Set(states.map((s) => (s === 'resolved' ? 0 : 1)))]
    if (pending.length === 1) add('pending', pending[0], eq(d.pending, p('pending')))
    const covered = DEVIATION_STATES.filter((s) => pending.includes(s === 'resolved' ? 0 : 1))
    if (covered.some((s) => !states.includes(s))) {
      states.forEach((v, i) => (values[`st${i}`] = v))
      shape.push(`state${states.length}`)
      conditions.push(
        inArray(
          d.state,
          states.map((_, i) => p(`st${i}`)),
        ),
      )
    }
    if (q.type) add('type', q.type, eq(d.type, p('type')))
    if (q.providerId) add('provider', q.providerId, eq(d.providerId, p('provider')))
    if (q.teamId) add('team', q.teamId, eq(d.teamId, p('team')))
    if (q.officeId) add('office', q.officeId, eq(d.officeId, p('office')))
    if (q.sellerId) add('seller', q.sellerId, eq(d.sellerId, p('seller')))
    // The customer, company or order number, over the deviations' own rows: tens of thousands at most, where the
    // sales' trigram index would first find every sale of a common surname (docs/benchmarks.md).
    // The column is lower-cased when written, so the pattern is compared with it as it stands.
    if (q.q) add('text', containsPattern(q.q), sql`${d.searchText} like ${p('text')} escape '\\'`)
    const sortKey = q.sortBy && Object.hasOwn(SORT, q.sortBy) ? (q.sortBy as keyof typeof SORT) : 'openedAt'
    // Oldest first unless the list asks otherwise: the work list.
    const direction = q.sortBy ? q.orderBy : 'asc'
    const where = withAccess(filter, ...conditions)
    return keysetList(
      read,
      { name: 'deviations', q, translate, shape: shape.join('|'), sortKey, direction, columns: SORT[sortKey](t), values },
      {
        page: (page) => {
          const pageIds = onPage(db.select({ id: d.id }).from(d), where, page).as('page_ids')
          return db
            .select({
              id: d.id,
              saleId: d.saleId,
              type: d.type,
              reason: d.reason,
              state: d.state,
              openedAt: d.openedAt,
              correctedAt: d.correctedAt,
              resolvedAt: d.resolvedAt,
              resolution: d.resolution,
              customerName: t.sales.customerName,
              sellDate: t.sales.sellDate,
              sellerFirst: t.users.firstName,
              sellerLast: t.users.lastName,
              teamName: t.teams.name,
              providerName: t.providers.name,
            })
            .from(pageIds)
            .innerJoin(d, eq(d.id, pageIds.id))
            .innerJoin(t.sales, eq(t.sales.id, d.saleId))
            .innerJoin(t.users, eq(t.users.id, d.sellerId))
            .innerJoin(t.providers, eq(t.providers.id, d.providerId))
            .leftJoin(t.teams, eq(t.teams.id, d.teamId))
            .orderBy(...page.orderBy)
        },
        count: () => cappedCount(db, d, where),
        items: (rows) => rows.map(({ sellerFirst, sellerLast, ...r }) => ({ ...r, sellerName: `${sellerFirst} ${sellerLast}` })),
        keyOf: SORT_KEY[sortKey],
      },
    )
  }
  return {
    list,
  }
}
