import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { maskPersonalNumber, normalizeOrganisationNumber, normalizePersonalNumber } from '../../../shared/rules/identity'
import { type CustomerDetail, type CustomerListItem, type CustomerListQuery } from '../../../shared/schemas/customers'
import type { Translate } from '../../../shared/schemas/errors'
import type { ListAnswer } from '../../../shared/schemas/pagination'
import { listSearch } from '../../db/conditions'
import { keysetList, onPage } from '../../db/keyset-list'
import { preparedReads } from '../../db/prepared'
import type { Deps } from '../../platform/deps'
import type { Db } from '../../db/client'
import { cappedCount } from '../../db/list-page'

/** What the customers area asks the sales area (wired in server/composition/areas.ts). */
export type CustomersPorts = {
  /** the customer's sale reports this user may see, newest first */
  salesOfCustomer(ability: AppAbility, key: string, limit: number): Promise<CustomerDetail['sales']>
  /** the users area: people's names (who recorded a do-not-contact entry) */
  names(db: Db, ids: string[]): Promise<Map<string, string>>
}

/** The lower-cased text the free search reads (name, company, e-mail, phone, city). */
export function customerSearchText(c: { name: string; companyName: string | null; email: string | null; phone: string | null; city: string | null }): string {
  return [c.name, c.companyName, c.email, c.phone, c.city].filter(Boolean).join(' ').toLocaleLowerCase('sv')
}

export const SALES_SHOWN = 200

/**
 * What the register's parts share: a customer as a list shows it (the number masked) and the list itself, within the
 * reader's rules.
 */
export function customersContext({ database, events }: Pick<Deps, 'database' | 'events'>, ports: CustomersPorts) {
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

  async function list(ability: AppAbility, q: CustomerListQuery, translate: Translate): Promise<ListAnswer<CustomerListItem>> {
    const values: Record<string, unknown> = {}
    const shape: string[] = []
    const conditions: SQL[] = []
    // A text search may find a page's rows one way and count them another (denseTerm).
    const pageOnly: SQL[] = []
    const countOnly: SQL[] = []
    if (q.type) {
      values.type = q.type
      shape.push('type')
      conditions.push(eq(c.type, sql.placeholder('type')))
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
        conditions.push(eq(c.key, sql.placeholder('key')))
      } else {
        const table = { rowid: sql`${c}.rowid`, index: 'customers_search' }
        const groups = [{ columns: [c.searchText], term: q.q.toLocaleLowerCase('sv') }]
        const search = await listSearch(database, table, groups, 'text')
        Object.assign(values, search.values)
        shape.push(search.shape)
        countOnly.push(search.count)
        pageOnly.push(search.page)
      }
    }
    const sortKey = q.sortBy === 'name' ? 'name' : 'lastSale'
    const direction = q.sortBy ? q.orderBy : 'desc'
    const columns = sortKey === 'name' ? [c.name, c.id] : [c.lastSaleAt, c.id]
    const where = conditions.length || pageOnly.length ? and(...conditions, ...pageOnly) : undefined
    const countWhere = conditions.length || countOnly.length ? and(...conditions, ...countOnly) : undefined
    return keysetList(
      read,
      { name: 'customers', q, translate, shape: shape.join('|'), sortKey, direction, columns, values },
      {
        page: (page) => onPage(db.select().from(c), where, page),
        count: () => cappedCount(db, c, countWhere),
        items: (rows) => rows.map(listItem),
        keyOf: (r) => (sortKey === 'name' ? [r.name, r.id] : [r.lastSaleAt, r.id]),
      },
    )
  }

  return { database, events, ports, db, t, c, read, listItem, list }
}
export type CustomersContext = ReturnType<typeof customersContext>
