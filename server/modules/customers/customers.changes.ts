import { and, eq, sql } from 'drizzle-orm'
import { placeholdersOf, preparedWrites } from '../../db/prepared'
import { type UpdateCustomerInput } from '../../../shared/schemas/customers'
import type { Db } from '../../db/client'
import { ApiError, notFound } from '../../lib/errors'
import { changedFields, logActivity } from '../../platform/activity-log'
import type { SaleCustomer } from '../../platform/event-types'
import { customerSearchText } from './customers.context'
import type { CustomersContext } from './customers.context'

/**
 * What changes the register: a sale's customer taken in, and back office's corrections (version-checked, logged, an
 * event).
 */
export function customersChanges(ctx: CustomersContext) {
  const { c, database, listItem, t, events } = ctx
  const write = preparedWrites(database)
  return {
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
      const fresh = {
        id: crypto.randomUUID(),
        key: customer.key,
        ...contact,
        note: null,
        firstSaleAt: soldAt,
        lastSaleAt: soldAt,
        version: 1,
        createdAt: now,
        updatedAt: now,
      }
      // Both statements run for every sale's event: prepared once.
      const inserted = await write.rows(
        tx,
        'customers.fromSale',
        (db) => db.insert(c).values(placeholdersOf(fresh)).onConflictDoNothing({ target: c.key }).returning({ id: c.id }),
        fresh,
      )
      if (inserted.length > 0) return
      const [row] = await write.rows(
        tx,
        'customers.byKey',
        (db) =>
          db
            .select()
            .from(c)
            .where(eq(c.key, sql.placeholder('key'))),
        { key: customer.key },
      )
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
}
