import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { DeviationType, SaleStatus } from '../../../shared/rules/sale'
import { maskPersonalNumber } from '../../../shared/rules/identity'
import { searchTextOf } from '../../../shared/rules/deviations'
import {
  DEVIATION_STATES,
  type DeviationDetail,
  type DeviationState,
  type DeviationListItem,
  type DeviationListQuery,
} from '../../../shared/schemas/deviations'
import { LIST_COUNT_CAP, type ListAnswer } from '../../../shared/schemas/pagination'
import type { Translate } from '../../../shared/schemas/errors'
import type { Database, Db, Schema } from '../../db/client'
import { accessFilter, containsPattern, withAccess } from '../../db/conditions'
import { decodeCursor, keysetPage, keysetQuery, type Cursor } from '../../db/keyset'
import { literalLimit, preparedReads } from '../../db/prepared'
import { validationError } from '../../lib/errors'
import { cappedCount } from '../../db/list-page'

/**
 * Deviations as their own records (docs/decisions/024). The sales service writes them with the move that causes
 * them (`deviationWrites`, in its transaction): a move to deviation opens one, the seller's correction marks it
 * corrected, and back office's next move of the sale resolves it with that move. `deviationReads` answers the
 * back-office list (the work list: waiting ones oldest first) and a deviation's page.
 */

type SaleRow = Schema['sales']['$inferSelect']

export function deviationWrites(t: Schema) {
  const pendingOf = (saleId: string) => and(eq(t.saleDeviations.saleId, saleId), eq(t.saleDeviations.pending, 1))
  return {
    /** Back office moved the sale on: its waiting deviation (if any) is resolved by that move. */
    async resolve(tx: Db, saleId: string, resolution: SaleStatus, byUserId: string | null, at: number) {
      await tx.update(t.saleDeviations).set({ state: 'resolved', pending: 0, resolvedAt: at, resolvedById: byUserId, resolution }).where(pendingOf(saleId))
    },
    /** Back office marked the sale as a deviation: a new open one (after resolving any that was waiting). */
    async open(tx: Db, sale: SaleRow, deviation: { type: DeviationType; reason: string }, byUserId: string | null, at: number) {
      await tx.insert(t.saleDeviations).values({
        id: crypto.randomUUID(),
        saleId: sale.id,
        sellerId: sale.sellerId,
        teamId: sale.teamId,
        officeId: sale.officeId,
        providerId: sale.providerId,
        type: deviation.type,
        reason: deviation.reason,
        searchText: searchTextOf(sale),
        state: 'open',
        pending: 1,
        openedAt: at,
        openedById: byUserId,
      })
    },
    /** The seller corrected the sale: back office's turn. The sale's deviations are found by its corrected names. */
    async corrected(tx: Db, sale: SaleRow, note: string | null, at: number) {
      await tx
        .update(t.saleDeviations)
        .set({ state: 'corrected', correctedAt: at, correctionNote: note })
        .where(and(pendingOf(sale.id), eq(t.saleDeviations.state, 'open')))
      await tx
        .update(t.saleDeviations)
        .set({ searchText: searchTextOf(sale) })
        .where(eq(t.saleDeviations.saleId, sale.id))
    },
  }
}

/** Each sort's columns, ending with the id; each has an index in this order after its filter. */
const SORT = {
  openedAt: (t: Schema) => [t.saleDeviations.openedAt, t.saleDeviations.id],
  type: (t: Schema) => [t.saleDeviations.type, t.saleDeviations.openedAt, t.saleDeviations.id],
}
const SORT_KEY: Record<keyof typeof SORT, (r: DeviationListItem) => Array<string | number>> = {
  openedAt: (r) => [r.openedAt, r.id],
  type: (r) => [r.type, r.openedAt, r.id],
}

export function deviationReads(
  database: Database,
  sale: {
    /** whether this user may see the sale (the sale report's own rule) */
    mayView(actor: { id: string; ability: AppAbility }, sale: SaleRow): boolean
    /** the statuses this user may move the sale to now */
    allowedNext(actor: { id: string; ability: AppAbility }, sale: SaleRow): SaleStatus[]
  },
) {
  const { t } = database
  const read = preparedReads(database)
  const d = t.saleDeviations
  /** The fields rule conditions on `sale_reports` may use: a deviation is seen by whoever sees its sale. */
  const conditionColumns = { sellerId: d.sellerId, teamId: d.teamId, officeId: d.officeId }

  /**
   * The deviations this user may see (their rules on sale reports), by state — waiting ones (open and corrected)
   * unless the query names others — type, provider, team, office and seller, and by the sale's customer, company
   * or order number; oldest first unless sorted otherwise, paged by key.
   */
  async function list(ability: AppAbility, q: DeviationListQuery, translate: Translate): Promise<ListAnswer<DeviationListItem>> {
    const { db } = database
    const filter = accessFilter(ability, 'view', 'sale_reports', conditionColumns)
    const p = (name: string) => sql.placeholder(name)
    const values: Record<string, unknown> = { ...filter.params }
    const shape: string[] = [filter.shape]
    const conditions: Array<SQL | undefined> = []
    const add = (name: string, value: unknown, condition: SQL) => {
      values[name] = value
      shape.push(name)
      conditions.push(condition)
    }
    const states: DeviationState[] = q.state?.length ? q.state : ['open', 'corrected']
    // Waiting or resolved is one value of `pending`, the first column of each index after its filter; a state
    // narrower than that is checked on the rows of that range.
    const pending = [...new Set(states.map((s) => (s === 'resolved' ? 0 : 1)))]
    if (pending.length === 1) add('pending', pending[0], eq(d.pending, p('pending') as never))
    const covered = DEVIATION_STATES.filter((s) => pending.includes(s === 'resolved' ? 0 : 1))
    if (covered.some((s) => !states.includes(s))) {
      states.forEach((v, i) => (values[`st${i}`] = v))
      shape.push(`state${states.length}`)
      conditions.push(inArray(d.state, states.map((_, i) => p(`st${i}`)) as never))
    }
    if (q.type) add('type', q.type, eq(d.type, p('type') as never))
    if (q.providerId) add('provider', q.providerId, eq(d.providerId, p('provider') as never))
    if (q.teamId) add('team', q.teamId, eq(d.teamId, p('team') as never))
    if (q.officeId) add('office', q.officeId, eq(d.officeId, p('office') as never))
    if (q.sellerId) add('seller', q.sellerId, eq(d.sellerId, p('seller') as never))
    // The customer, company or order number, over the deviations' own rows: tens of thousands at most, where the
    // sales' trigram index would first find every sale of a common surname (docs/benchmarks.md).
    // The column is lower-cased when written, so the pattern is compared with it as it stands.
    if (q.q) add('text', containsPattern(q.q), sql`${d.searchText} like ${p('text')} escape '\\'`)
    const sortKey = q.sortBy && Object.hasOwn(SORT, q.sortBy) ? (q.sortBy as keyof typeof SORT) : 'openedAt'
    // Oldest first unless the list asks otherwise: the work list.
    const direction = q.sortBy ? q.orderBy : 'asc'
    const sortColumns = SORT[sortKey](t)
    let cursor: Cursor | null = null
    if (q.cursor) {
      cursor = decodeCursor(q.cursor, sortColumns.length)
      if (!cursor) throw validationError({ cursor: [translate('validation.invalidFormat')] })
    }
    const page = keysetQuery(sortColumns, direction, cursor)
    const where = withAccess(filter, ...conditions)
    const key = shape.join('|')
    const [rows, [counted]] = await Promise.all([
      read(
        `deviations.rows|${key}|${sortKey}|${direction}|${page.shape}|${q.itemsPerPage}`,
        () => {
          const pageIds = db
            .select({ id: d.id })
            .from(d)
            .where(and(where, page.condition))
            .orderBy(...page.orderBy)
            .limit(literalLimit(q.itemsPerPage + 1))
            .offset(p('offset') as never)
            .as('page_ids')
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
        { ...values, ...page.values, offset: cursor ? 0 : (q.page - 1) * q.itemsPerPage },
      ),
      read(`deviations.count|${key}`, () => cappedCount(db, d, where), values),
    ])
    const items = rows.map(({ sellerFirst, sellerLast, ...r }) => ({ ...r, sellerName: `${sellerFirst} ${sellerLast}` }))
    const paged = keysetPage(items, q.itemsPerPage, cursor, q.page, SORT_KEY[sortKey])
    const n = counted?.n ?? 0
    return { ...paged, total: Math.min(n, LIST_COUNT_CAP), totalCapped: n > LIST_COUNT_CAP, page: q.page, itemsPerPage: q.itemsPerPage }
  }

  /**
   * A deviation as back office opens it, or null when there is none this user may see (they may not see its sale):
   * who opened, corrected and resolved it, the sale with the moves this user may make on it, the sale's logged
   * changes while it was waiting (the correction's fields among them), and the sale's other deviations.
   */
  async function detail(actor: { id: string; ability: AppAbility }, id: string): Promise<DeviationDetail | null> {
    const { db } = database
    const [dev] = await db.select().from(d).where(eq(d.id, id))
    if (!dev) return null
    const [row] = await db
      .select({ sale: t.sales, teamName: t.teams.name, providerName: t.providers.name })
      .from(t.sales)
      .innerJoin(t.providers, eq(t.providers.id, t.sales.providerId))
      .leftJoin(t.teams, eq(t.teams.id, t.sales.teamId))
      .where(eq(t.sales.id, dev.saleId))
    if (!row || !sale.mayView(actor, row.sale)) return null
    const [activity, siblings] = await Promise.all([
      db
        .select()
        .from(t.activityLog)
        .where(
          and(
            eq(t.activityLog.entity, 'sale_report'),
            eq(t.activityLog.entityId, dev.saleId),
            sql`${t.activityLog.at} >= ${dev.openedAt}`,
            ...(dev.resolvedAt !== null ? [sql`${t.activityLog.at} <= ${dev.resolvedAt}`] : []),
          ),
        )
        .orderBy(asc(t.activityLog.at), asc(t.activityLog.id))
        .limit(200),
      db
        .select({ id: d.id, type: d.type, state: d.state, openedAt: d.openedAt, resolution: d.resolution })
        .from(d)
        .where(and(eq(d.saleId, dev.saleId), sql`${d.id} <> ${dev.id}`))
        .orderBy(desc(d.openedAt)),
    ])
    const people = await namesOf(db, t, [dev.openedById, dev.resolvedById, row.sale.sellerId, ...activity.map((a) => a.actorId)])
    const person = (uid: string | null) => (uid ? { id: uid, name: people.get(uid) ?? '' } : null)
    const s = row.sale
    return {
      id: dev.id,
      type: dev.type,
      reason: dev.reason,
      state: dev.state,
      openedAt: dev.openedAt,
      openedBy: person(dev.openedById),
      correctedAt: dev.correctedAt,
      correctionNote: dev.correctionNote,
      resolvedAt: dev.resolvedAt,
      resolvedBy: person(dev.resolvedById),
      resolution: dev.resolution,
      sale: {
        id: s.id,
        status: s.status,
        version: s.version,
        allowedNext: sale.allowedNext(actor, s),
        customerName: s.customerName,
        sellDate: s.sellDate,
        orderValueOre: s.orderValueOre,
        seller: person(s.sellerId)!,
        team: s.teamId && row.teamName ? { id: s.teamId, name: row.teamName } : null,
        provider: { id: s.providerId, name: row.providerName },
      },
      activity: activity.map((a) => ({
        at: a.at,
        actor: person(a.actorId),
        action: a.action,
        // Identity numbers in the log are masked, as everywhere (docs/decisions/058).
        before: maskSsn(a.before),
        after: maskSsn(a.after),
        reason: a.reason,
      })),
      others: siblings,
    }
  }

  return { list, detail }
}

/** Names of the given users, by id. */
async function namesOf(db: Db, t: Schema, ids: Array<string | null>) {
  const wanted = [...new Set(ids.filter((x): x is string => !!x))]
  if (wanted.length === 0) return new Map<string, string>()
  const rows = await db.select({ id: t.users.id, first: t.users.firstName, last: t.users.lastName }).from(t.users).where(inArray(t.users.id, wanted))
  return new Map(rows.map((r) => [r.id, `${r.first} ${r.last}`]))
}

export function maskSsn(fields: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!fields || typeof fields.customerSsn !== 'string') return fields
  return { ...fields, customerSsn: maskPersonalNumber(fields.customerSsn) }
}
