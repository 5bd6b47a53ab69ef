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

/**
 * An office's or a team's order-value budget for a month (YYYY-MM), set beside its sellers' (docs/decisions/047).
 * `version` counts its edits, so an edit made on an older reading is refused (409), not written over.
 */
export const unitBudgets = s.sqliteTable(
  'unit_budgets',
  {
    scope: s.text('scope').$type<'office' | 'team'>().notNull(),
    unitId: s.text('unit_id').notNull(),
    month: s.text('month').notNull(),
    amountOre: s.integer('amount_ore').notNull(),
    version: s.integer('version').notNull(),
    updatedAt: sq.updatedAt(),
  },
  (t) => [s.primaryKey({ columns: [t.scope, t.unitId, t.month] }), s.index('unit_budgets_month').on(t.month, t.scope)],
)

export const unitBudgetsPg = p.pgTable(
  'unit_budgets',
  {
    scope: p.text('scope').$type<'office' | 'team'>().notNull(),
    unitId: p.text('unit_id').notNull(),
    month: p.text('month').notNull(),
    amountOre: p.bigint('amount_ore', { mode: 'number' }).notNull(),
    version: p.integer('version').notNull(),
    updatedAt: pq.updatedAt(),
  },
  (t) => [p.primaryKey({ columns: [t.scope, t.unitId, t.month] }), p.index('unit_budgets_month').on(t.month, t.scope)],
)
