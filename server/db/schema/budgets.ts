import { table } from './table'

import { users } from './identity'

/** Sellers' monthly budgets. Each table once for both databases (./table.ts; conventions in ./sqlite.ts). */

/** A seller's order-value budget for a month (YYYY-MM). */
export const [salesBudgets, salesBudgetsPg] = table(
  'sales_budgets',
  (k) => ({
    id: k.id(),
    userId: k.ref('user_id', () => users, 'cascade').notNull(),
    month: k.text('month').notNull(),
    amountOre: k.integer('amount_ore').notNull(),
    version: k.integer('version').notNull(),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [k.uniqueIndex('sales_budgets_user_month').on(t.userId, t.month)],
)

/**
 * An office's or a team's order-value budget for a month (YYYY-MM), set beside its sellers' (docs/decisions/047).
 * `version` counts its edits, so an edit made on an older reading is refused (409), not written over.
 */
export const [unitBudgets, unitBudgetsPg] = table(
  'unit_budgets',
  (k) => ({
    scope: k.text('scope').$type<'office' | 'team'>().notNull(),
    unitId: k.text('unit_id').notNull(),
    month: k.text('month').notNull(),
    amountOre: k.bigint('amount_ore').notNull(),
    version: k.integer('version').notNull(),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [k.primaryKey({ columns: [t.scope, t.unitId, t.month] }), k.index('unit_budgets_month').on(t.month, t.scope)],
)
