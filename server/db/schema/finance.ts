import { table } from './table'

/** The finance area's settings. Each table once for both databases (./table.ts; conventions in ./sqlite.ts). */

/**
 * The profitability calculation's settings (docs/decisions/051), one row ("global"): the employer's contribution
 * rate on the sellers' pay (basis points) and the legacy cut-off (the first day of the current calculation).
 * Without a row the defaults apply. `version` counts its edits: a save on an older reading is a 409.
 */
export const [financeSettings, financeSettingsPg] = table('finance_settings', (k) => ({
  id: k.text('id').primaryKey(),
  payrollTaxBp: k.integer('payroll_tax_bp').notNull(),
  legacyCutoff: k.text('legacy_cutoff').notNull(),
  version: k.integer('version').notNull(),
  updatedAt: k.ms('updated_at').notNull(),
  updatedById: k.text('updated_by_id'),
}))
