import * as p from 'drizzle-orm/pg-core'
import * as s from 'drizzle-orm/sqlite-core'
import { pq, sq } from './columns'
import { users, usersPg } from './identity'

/** Sellers' monthly budgets. Each table twice, SQLite then PostgreSQL (conventions in ./sqlite.ts). */

/** A seller's order-value budget for a month (YYYY-MM). */
export const salesBudgets = s.sqliteTable(
  'sales_budgets',
  {
    id: sq.id(),
    userId: s
      .text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: s.text('month').notNull(),
    amountOre: s.integer('amount_ore').notNull(),
    version: s.integer('version').notNull(),
    updatedAt: sq.updatedAt(),
  },
  (t) => [s.uniqueIndex('sales_budgets_user_month').on(t.userId, t.month)],
)

export const salesBudgetsPg = p.pgTable(
  'sales_budgets',
  {
    id: pq.id(),
    userId: p
      .text('user_id')
      .notNull()
      .references(() => usersPg.id, { onDelete: 'cascade' }),
    month: p.text('month').notNull(),
    amountOre: p.integer('amount_ore').notNull(),
    version: p.integer('version').notNull(),
    updatedAt: pq.updatedAt(),
  },
  (t) => [p.uniqueIndex('sales_budgets_user_month').on(t.userId, t.month)],
)
