import { eq } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { DEFAULT_PAYROLL_TAX_BP, type ProfitabilityMetrics } from '../../../shared/rules/profitability'
import type { FinanceSettings, ProfitabilitySort, ProfitabilityView } from '../../../shared/schemas/finance'
import type { Db } from '../../db/client'
import type { Deps } from '../../platform/deps'

export type Actor = { id: string; ability: AppAbility }
export type Period = { from: string; to: string; officeId?: string; teamId?: string }
export type Unit = 'seller' | 'team' | 'office' | 'provider'

/** The standing sales' amounts of a unit (the sales summary's). */
export type Amounts = { key: string; sales: number; orderValueOre: number; sellerCommissionOre: number; companyCommissionOre: number; companyCostOre: number }

/** What profitability asks other areas (answered in server/composition/areas.ts). Each read keeps within the reader's own rules. */
export type FinancePorts = {
  /** standing sales by unit, within the reader's sale reports */
  amountsBy(ability: AppAbility, f: Period, by: Unit): Promise<Amounts[]>
  /** reported work hours by unit, within the reader's time reports */
  hoursBy(ability: AppAbility, f: Period, by: 'seller' | 'team' | 'office'): Promise<Map<string, number>>
  /** answered NKI by unit, within the reader's sale reports */
  nkiBy(actor: Actor, f: Period, by: Unit): Promise<Map<string, { answers: number; tenthsSum: number }>>
  /** the sellers' extra income of some months */
  extraIncomeOf(months: string[]): Promise<Array<{ userId: string; month: string; amountOre: number }>>
  places(db: Db): Promise<{ offices: Array<{ id: string; name: string }>; teams: Array<{ id: string; name: string; officeId: string }> }>
  placesOf(db: Db, ids: string[]): Promise<Map<string, { name: string; teamId: string | null; officeId: string | null }>>
  officeManagers(db: Db): Promise<Array<{ id: string; name: string; officeId: string }>>
  providerNames(db: Db, ids: string[]): Promise<Map<string, string>>
}

export const SETTINGS_ID = 'global'
/** Names in Swedish order, one collator for every comparison (String#localeCompare with a locale builds one each time). */
export const COLLATOR = new Intl.Collator('sv')
/** Until back office sets one: the calculation of this product applies from 2026. */
export const DEFAULT_LEGACY_CUTOFF = '2026-01-01'

/** What a view counts by. The legacy view is by team, as the earlier report was. */
export const UNIT: Record<ProfitabilityView, Unit> = { sellers: 'seller', teams: 'team', managers: 'office', providers: 'provider', legacy: 'team' }

export const SORT_VALUE: Record<Exclude<ProfitabilitySort, 'name'>, (m: ProfitabilityMetrics) => number | null> = {
  sales: (m) => m.sales,
  income: (m) => m.incomeOre,
  variableCosts: (m) => m.variableCostsOre,
  tb: (m) => m.tbOre,
  tbPercent: (m) => m.tbPercent,
  productivity: (m) => m.productivityOre,
  nki: (m) => m.nki,
  fte: (m) => m.fte,
  hourlyCompensation: (m) => m.hourlyCompensationOre,
}

/** What finance's parts share: the tables, the ports to the sales summary, quality and the organisation, and the settings as saved. */
export function financeContext({ database, events }: Pick<Deps, 'database' | 'events'>, ports: FinancePorts) {
  const { db, t } = database

  async function settings(tx: Db = db): Promise<FinanceSettings> {
    const [row] = await tx.select().from(t.financeSettings).where(eq(t.financeSettings.id, SETTINGS_ID))
    if (!row) return { payrollTaxBp: DEFAULT_PAYROLL_TAX_BP, legacyCutoff: DEFAULT_LEGACY_CUTOFF, version: 0, updatedAt: null, updatedBy: null }
    const names = row.updatedById ? await ports.placesOf(tx, [row.updatedById]) : new Map()
    return {
      payrollTaxBp: row.payrollTaxBp,
      legacyCutoff: row.legacyCutoff,
      version: row.version,
      updatedAt: row.updatedAt,
      updatedBy: row.updatedById ? (names.get(row.updatedById)?.name ?? null) : null,
    }
  }

  return { database, events, ports, db, t, settings }
}
export type FinanceContext = ReturnType<typeof financeContext>
