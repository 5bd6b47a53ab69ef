import * as p from 'drizzle-orm/pg-core'
import * as s from 'drizzle-orm/sqlite-core'
import { pq } from './columns'

/** The finance area's settings. Each table twice, SQLite then PostgreSQL (conventions in ./sqlite.ts). */

/**
 * The profitability calculation's settings (docs/decisions/051), one row ("global"): the employer's contribution
 * rate on the sellers' pay (basis points) and the legacy cut-off (the first day of the current calculation).
 * Without a row the defaults apply. `version` counts its edits: a save on an older reading is a 409.
 */
export const financeSettings = s.sqliteTable('finance_settings', {
  id: s.text('id').primaryKey(),
  payrollTaxBp: s.integer('payroll_tax_bp').notNull(),
  legacyCutoff: s.text('legacy_cutoff').notNull(),
  version: s.integer('version').notNull(),
  updatedAt: s.integer('updated_at').notNull(),
  updatedById: s.text('updated_by_id'),
})

export const financeSettingsPg = p.pgTable('finance_settings', {
  id: p.text('id').primaryKey(),
  payrollTaxBp: p.integer('payroll_tax_bp').notNull(),
  legacyCutoff: p.text('legacy_cutoff').notNull(),
  version: p.integer('version').notNull(),
  updatedAt: pq.ms('updated_at').notNull(),
  updatedById: p.text('updated_by_id'),
})
