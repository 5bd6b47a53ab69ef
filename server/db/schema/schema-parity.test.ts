import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
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
  coachGroups: true,
  coachGroupMembers: true,
  coachGroupProviders: true,
  ophTargets: true,
  externalAccountTemplates: true,
  externalAccounts: true,
  roles: true,
  users: true,
  teamCoaches: true,
  userProviders: true,
  permissionRules: true,
  sessions: true,
  rateLimits: true,
  mfaTotp: true,
  mfaRecoveryCodes: true,
  loginChallenges: true,
  termsVersions: true,
  termsAnswers: true,
  qualityTemplates: true,
  qualityTemplateVersions: true,
  qualitySurveys: true,
  qualityMonthNki: true,
  qualityMonthProviderNki: true,
  gameSales: true,
  gameLedger: true,
  gameTotals: true,
  gameXpDays: true,
  gameLevels: true,
  gameLevelsReached: true,
  gameSettings: true,
  gameXpMonths: true,
  gamePlayers: true,
  gameRewards: true,
  gameRewardVariants: true,
  gamePurchases: true,
  gameCompetitions: true,
  gameBadges: true,
  gameBadgeAwards: true,
  assistantStats: true,
  assistantStatRoles: true,
  qualitySurveyLinks: true,
  userTitles: true,
  providers: true,
  products: true,
  productCategories: true,
  customers: true,
  notifications: true,
  pushSubscriptions: true,
  alertRecipients: true,
  notificationMessages: true,
  serverKeys: true,
  sales: true,
  saleLines: true,
  saleStatusHistory: true,
  saleDeviations: true,
  saleDoubles: true,
  saleSettings: true,
  saleDayTotals: true,
  saleDayProducts: true,
  saleMonthTotals: true,
  saleMonthProducts: true,
  saleMonthSellers: true,
  saleMonthPending: true,
  orderRegistrations: true,
  orderImports: true,
  orderMappings: true,
  files: true,
  timeReports: true,
  checkouts: true,
  sickNotices: true,
  timeAttestations: true,
  paycodes: true,
  extraIncomes: true,
  commissionLines: true,
  payExports: true,
  payrollExportLines: true,
  salesBudgets: true,
  unitBudgets: true,
  financeSettings: true,
  timeMonthHours: true,
  syncClients: true,
  syncRejections: true,
  syncVersion: true,
  syncUserVersions: true,
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

  it('gather every table of every area’s schema file, each defined for both dialects', async () => {
    const dir = path.dirname(fileURLToPath(import.meta.url))
    const areaFiles = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !['sqlite.ts', 'pg.ts', 'columns.ts'].includes(f))
    expect(areaFiles.length).toBeGreaterThan(5)
    const gathered = new Set([...Object.values(tables(sqlite)), ...Object.values(tables(pg))])
    for (const file of areaFiles) {
      const defined = tables((await import(path.join(dir, file))) as Record<string, unknown>)
      for (const [name, table] of Object.entries(defined)) {
        expect(gathered.has(table), `${file}: ${name} is not in sqlite.ts or pg.ts`).toBe(true)
        const twin = name.endsWith('Pg') ? name.slice(0, -2) : `${name}Pg`
        expect(defined[twin], `${file}: ${name} has no twin ${twin}`).toBeDefined()
      }
    }
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
