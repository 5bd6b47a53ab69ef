import { asc, eq, gt } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { customerListQuerySchema, type CustomerDetail } from '../../../shared/schemas/customers'
import type { SearchHit } from '../../../shared/schemas/search'
import type { Translate } from '../../../shared/schemas/errors'
import { notFound } from '../../lib/errors'
import { activityLines, logActivity } from '../../platform/activity-log'
import { SALES_SHOWN } from './customers.context'
import type { CustomersContext } from './customers.context'

/**
 * The register read: the global search's hits, a customer's page, and the full identity number (each reading logged).
 */
export function customersReads(ctx: CustomersContext) {
  const { list, db, c, ports, database, listItem, t } = ctx
  return {
    /** The global search's customers (docs/decisions/061): as the register's search finds them, numbers masked. */
    async search(ability: AppAbility, q: string, limit: number, translate: Translate): Promise<{ hits: SearchHit[]; more: boolean }> {
      const answer = await list(ability, customerListQuerySchema.parse({ q, itemsPerPage: limit }), translate)
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
    /**
     * Every customer's key and phone number as written, a page at a time (by id): what the lead-list tool checks a
     * list against (docs/decisions/075). Nothing else leaves: no name, no address.
     */
    async *contactPages(pageSize = 5_000): AsyncGenerator<Array<{ key: string; phone: string | null }>> {
      let after = ''
      for (;;) {
        const page = await db.select({ id: c.id, key: c.key, phone: c.phone }).from(c).where(gt(c.id, after)).orderBy(asc(c.id)).limit(pageSize)
        if (page.length === 0) return
        yield page.map(({ key, phone }) => ({ key, phone }))
        if (page.length < pageSize) return
        after = page[page.length - 1]!.id
      }
    },

    async identity(actorId: string, id: string, now = Date.now()) {
      return database.transaction(async (tx) => {
        const [row] = await tx.select({ ssn: c.ssn, orgNumber: c.orgNumber, type: c.type }).from(c).where(eq(c.id, id))
        if (!row) throw notFound()
        await logActivity(tx, t, { at: now, actorId, entity: 'customer', entityId: id, action: 'identity_read' })
        return { number: row.type === 'private' ? row.ssn : row.orgNumber }
      })
    },
  }
}
