import * as p from 'drizzle-orm/pg-core'
import * as s from 'drizzle-orm/sqlite-core'

/** Columns every area's tables use, per dialect: text UUID ids and epoch-millisecond times. */
export const sq = {
  id: () => s.text('id').primaryKey(),
  createdAt: () => s.integer('created_at').notNull(),
  updatedAt: () => s.integer('updated_at').notNull(),
}

const ms = (name: string) => p.bigint(name, { mode: 'number' })

export const pq = {
  id: () => p.text('id').primaryKey(),
  createdAt: () => ms('created_at').notNull(),
  updatedAt: () => ms('updated_at').notNull(),
  /** epoch milliseconds in a bigint, read as a JavaScript number */
  ms,
  bytea: p.customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' }),
}
