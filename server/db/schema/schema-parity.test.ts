import { getTableColumns, getTableName, type InferSelectModel, type Table } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as pg from './pg'
import * as sqlite from './sqlite'

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
type RowsAlike<K extends keyof typeof sqlite & keyof typeof pg> = Equal<InferSelectModel<(typeof sqlite)[K]>, InferSelectModel<(typeof pg)[K]>>

// The row types of the two dialects must be identical: repository code is typed once, for both.
const parity: { [K in keyof typeof sqlite & keyof typeof pg]: RowsAlike<K> } = {
  regions: true,
  offices: true,
  teams: true,
  roles: true,
  users: true,
  teamCoaches: true,
  permissionRules: true,
  sessions: true,
  rateLimits: true,
  providers: true,
  products: true,
  notifications: true,
  sales: true,
  saleLines: true,
  saleStatusHistory: true,
  files: true,
  timeReports: true,
  checkouts: true,
  sickNotices: true,
  salesBudgets: true,
  syncClients: true,
  syncRejections: true,
  syncVersion: true,
  domainEvents: true,
  eventDeliveries: true,
  activityLog: true,
  jobs: true,
  jobSchedules: true,
  mailOutbox: true,
}

const tables = (mod: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(mod)
      .filter(([, v]) => v && typeof v === 'object' && Symbol.for('drizzle:Name') in (v as object))
      .map(([k, v]) => [k, v as Table]),
  )

describe('the SQLite and PostgreSQL schemas', () => {
  it('have the same tables', () => {
    expect(Object.keys(tables(sqlite)).sort()).toEqual(Object.keys(tables(pg)).sort())
    expect(Object.keys(parity).sort()).toEqual(Object.keys(tables(sqlite)).sort())
  })

  it('have the same table and column names, nullability and defaults', () => {
    const pgTables = tables(pg)
    for (const [key, table] of Object.entries(tables(sqlite))) {
      const other = pgTables[key]!
      expect(getTableName(other)).toBe(getTableName(table))
      const describe = (t: Table) =>
        Object.fromEntries(
          Object.entries(getTableColumns(t)).map(([k, c]) => [k, { name: c.name, notNull: c.notNull, hasDefault: c.hasDefault, primary: c.primary }]),
        )
      expect(describe(other), key).toEqual(describe(table))
    }
  })
})
