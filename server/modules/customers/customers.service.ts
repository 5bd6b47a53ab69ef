import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { maskPersonalNumber, normalizeOrganisationNumber, normalizePersonalNumber } from '../../../shared/rules/identity'
import {
  customerListQuerySchema,
  type CustomerDetail,
  type CustomerListItem,
  type CustomerListQuery,
  type UpdateCustomerInput,
} from '../../../shared/schemas/customers'
import type { SearchHit } from '../../../shared/schemas/search'
import type { Translate } from '../../../shared/schemas/errors'
import { LIST_COUNT_CAP, type ListAnswer } from '../../../shared/schemas/pagination'
import type { Db } from '../../db/client'
import { denseTerm, trigramContains } from '../../db/conditions'
import { decodeCursor, keysetPage, keysetQuery, type Cursor } from '../../db/keyset'
import { literalLimit, preparedReads } from '../../db/prepared'
import { ApiError, notFound, validationError } from '../../lib/errors'
import { activityLines, changedFields, logActivity } from '../../platform/activity-log'
import type { Deps } from '../../platform/deps'
import type { SaleCustomer } from '../../platform/event-types'
import { cappedCount } from '../../db/list-page'

/** What the customers area asks the sales area (wired in server/composition/areas.ts). */
export type CustomersPorts = {
  /** the customer's sale reports this user may see, newest first */
  salesOfCustomer(ability: AppAbility, key: string, limit: number): Promise<CustomerDetail['sales']>
}

/** The lower-cased text the free search reads (name, company, e-mail, phone, city). */
export function customerSearchText(c: { name: string; companyName: string | null; email: string | null; phone: string | null; city: string | null }): string {
  return [c.name, c.companyName, c.email, c.phone, c.city].filter(Boolean).join(' ').toLocaleLowerCase('sv')
}

const SALES_SHOWN = 200

/**
 * The customer register (docs/decisions/027): built from the sales area's events (a sale made, a customer
 * corrected) by `fromSale`, which is idempotent — the same sale again changes nothing — and keeps the contact
 * details of the customer's latest sale. Back office corrects contact details and keeps a note through `update`
 * (version-checked, logged). Identity numbers are masked in every answer but `identity`, which logs each reading.
 */
export function customersService({ database, events }: Pick<Deps, 'database' | 'events'>, ports: CustomersPorts) {
  const { db, t } = database
  const c = t.customers
  const read = preparedReads(database)

  function listItem(r: typeof c.$inferSelect): CustomerListItem {
    return {
      id: r.id,
      type: r.type,
      name: r.name,
      companyName: r.companyName,
      number: r.type === 'private' ? (r.ssn ? maskPersonalNumber(r.ssn) : null) : r.orgNumber,
      phone: r.phone,
      city: r.city,
      lastSaleAt: r.lastSaleAt,
    }
  }

  const service = {
    /**
     * A sale's customer into the register: created at the customer's first sale; a later sale (or a correction of
     * the latest) brings its contact details, in the caller's transaction (the event's delivery). Runs again
     * harmlessly: the same sale twice changes nothing.
     */
    async fromSale(tx: Db, customer: SaleCustomer, soldAt: number, opts: { correction: boolean }, now = Date.now()) {
      const contact = {
        type: customer.type,
        name: customer.name,
        ssn: customer.ssn,
        companyName: customer.companyName,
        orgNumber: customer.orgNumber,
        email: customer.email,
        phone: customer.phone,
        address: customer.address,
        postalCode: customer.postalCode,
        city: customer.city,
        searchText: customerSearchText(customer),
      }
      const inserted = await tx
        .insert(c)
        .values({
          id: crypto.randomUUID(),
          key: customer.key,
          ...contact,
          note: null,
          firstSaleAt: soldAt,
          lastSaleAt: soldAt,
          version: 1,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: c.key })
        .returning({ id: c.id })
      if (inserted.length > 0) return
      const [row] = await tx.select().from(c).where(eq(c.key, customer.key))
      if (!row) return
      const newer = opts.correction ? soldAt >= row.lastSaleAt : soldAt > row.lastSaleAt
      const set: Partial<typeof c.$inferInsert> = {}
      if (soldAt < row.firstSaleAt) set.firstSaleAt = soldAt
      if (newer) {
        Object.assign(set, { lastSaleAt: soldAt }, changedFields(row, contact).after)
      }
      if (Object.keys(set).length === 0) return
      await tx
        .update(c)
        .set({ ...set, updatedAt: now })
        .where(eq(c.id, row.id))
    },

    async list(ability: AppAbility, q: CustomerListQuery, translate: Translate): Promise<ListAnswer<CustomerListItem>> {
      const values: Record<string, unknown> = {}
      const shape: string[] = []
      const conditions: SQL[] = []
      // A text search may find a page's rows one way and count them another (denseTerm).
      const pageOnly: SQL[] = []
      const countOnly: SQL[] = []
      if (q.type) {
        values.type = q.type
        shape.push('type')
        conditions.push(eq(c.type, sql.placeholder('type') as never))
      }
      if (q.q) {
        // An identity or organisation number finds its customer by key; anything else searches the text. An identity
        // number finds a customer only for those who may read them (docs/decisions/058); a company's is public.
        const digits = /^[\d\s+-]+$/.test(q.q)
        const ssn = digits ? normalizePersonalNumber(q.q) : null
        const org = ssn ? null : /^[\d\s-]+$/.test(q.q) ? normalizeOrganisationNumber(q.q) : null
        if (ssn && !ability.can('view', 'identity_numbers')) {
          // Nothing is a match: the number is not searched, and no name holds only digits.
          conditions.push(sql`1 = 0`)
          shape.push('none')
        } else if (ssn || org) {
          values.key = ssn ? `p${ssn}` : `o${org}`
          shape.push('key')
          conditions.push(eq(c.key, sql.placeholder('key') as never))
        } else {
          const table = { rowid: sql`${c}.rowid`, index: 'customers_search' }
          const groups = [{ columns: [c.searchText], term: q.q.toLocaleLowerCase('sv') }]
          const search = trigramContains(database.dialect, table, groups, 'text')
          Object.assign(values, search.values)
          countOnly.push(search.condition)
          if (await denseTerm(database, table.index, search, 'text')) {
            // A common term: the page walks the list's index checking each row; the count stays on the index.
            const scan = trigramContains(database.dialect, table, groups, 'text', 'scan')
            Object.assign(values, scan.values)
            shape.push(`${search.shape}~dense`)
            pageOnly.push(scan.condition)
          } else {
            shape.push(search.shape)
            pageOnly.push(search.condition)
          }
        }
      }
      const sortKey = q.sortBy === 'name' ? 'name' : 'lastSale'
      const direction = q.sortBy ? q.orderBy : 'desc'
      const columns = sortKey === 'name' ? [c.name, c.id] : [c.lastSaleAt, c.id]
      let cursor: Cursor | null = null
      if (q.cursor) {
        cursor = decodeCursor(q.cursor, columns.length)
        if (!cursor) throw validationError({ cursor: [translate('validation.invalidFormat')] })
      }
      const page = keysetQuery(columns, direction, cursor)
      const where = conditions.length || pageOnly.length ? and(...conditions, ...pageOnly) : undefined
      const countWhere = conditions.length || countOnly.length ? and(...conditions, ...countOnly) : undefined
      const key = shape.join('|')
      const [rows, [counted]] = await Promise.all([
        read(
          `customers.rows|${key}|${sortKey}|${direction}|${page.shape}|${q.itemsPerPage}`,
          () =>
            db
              .select()
              .from(c)
              .where(and(where, page.condition))
              .orderBy(...page.orderBy)
              .limit(literalLimit(q.itemsPerPage + 1))
              .offset(sql.placeholder('offset') as never),
          { ...values, ...page.values, offset: cursor ? 0 : (q.page - 1) * q.itemsPerPage },
        ),
        read(`customers.count|${key}`, () => cappedCount(db, c, countWhere), values),
      ])
      const paged = keysetPage(rows, q.itemsPerPage, cursor, q.page, (r) => (sortKey === 'name' ? [r.name, r.id] : [r.lastSaleAt, r.id]))
      const n = Number(counted?.n ?? 0)
      return {
        items: paged.items.map(listItem),
        nextCursor: paged.nextCursor,
        prevCursor: paged.prevCursor,
        total: Math.min(n, LIST_COUNT_CAP),
        totalCapped: n > LIST_COUNT_CAP,
        page: q.page,
        itemsPerPage: q.itemsPerPage,
      }
    },

    /** The global search's customers (docs/decisions/061): as the register's search finds them, numbers masked. */
    async search(ability: AppAbility, q: string, limit: number, translate: Translate): Promise<{ hits: SearchHit[]; more: boolean }> {
      const answer = await service.list(ability, customerListQuerySchema.parse({ q, itemsPerPage: limit }), translate)
      return {
        hits: answer.items.map((r) => ({
          kind: 'customer' as const,
          id: r.id,
          title: r.name,
          details: [r.companyName, r.number, r.city].filter((x): x is string => !!x),
        })),
        more: answer.total > answer.items.length,
      }
    },

    async detail(ability: AppAbility, id: string): Promise<CustomerDetail | null> {
      const [row] = await db.select().from(c).where(eq(c.id, id))
      if (!row) return null
      const [sales, activity] = await Promise.all([ports.salesOfCustomer(ability, row.key, SALES_SHOWN), activityLines(database, 'customer', id)])
      return {
        ...listItem(row),
        email: row.email,
        address: row.address,
        postalCode: row.postalCode,
        note: row.note,
        firstSaleAt: row.firstSaleAt,
        version: row.version,
        sales,
        activity,
      }
    },

    /** The customer's full identity number; the reading is logged (who, when). */
    async identity(actorId: string, id: string, now = Date.now()) {
      return database.transaction(async (tx) => {
        const [row] = await tx.select({ ssn: c.ssn, orgNumber: c.orgNumber, type: c.type }).from(c).where(eq(c.id, id))
        if (!row) throw notFound()
        await logActivity(tx, t, { at: now, actorId, entity: 'customer', entityId: id, action: 'identity_read' })
        return { number: row.type === 'private' ? row.ssn : row.orgNumber }
      })
    },

    async update(actorId: string, id: string, input: UpdateCustomerInput, now = Date.now()) {
      return database.transaction(async (tx: Db) => {
        const [row] = await tx.select().from(c).where(eq(c.id, id))
        if (!row) throw notFound()
        if (row.version !== input.version) throw new ApiError(409, 'version_conflict', { details: { current: listItem(row) } })
        const { version: _v, ...fields } = input
        const diff = changedFields(row, fields as Partial<typeof row>)
        if (Object.keys(diff.after).length === 0) return { version: row.version }
        const merged = { ...row, ...diff.after }
        const version = row.version + 1
        const done = await tx
          .update(c)
          .set({ ...diff.after, searchText: customerSearchText(merged), version, updatedAt: now })
          .where(and(eq(c.id, id), eq(c.version, row.version)))
          .returning({ id: c.id })
        if (done.length === 0) throw new ApiError(409, 'version_conflict', { details: { current: null } })
        await logActivity(tx, t, { at: now, actorId, entity: 'customer', entityId: id, action: 'updated', before: diff.before, after: diff.after })
        await events.record(tx, 'customer.updated', { customerId: id, key: row.key, fields: Object.keys(diff.after) }, { actorId, at: now })
        return { version }
      })
    },
  }
  return service
}
export type CustomersService = ReturnType<typeof customersService>
