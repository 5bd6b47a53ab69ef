import { eq } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import {
  addInputs,
  currentMethod,
  DEFAULT_PAYROLL_TAX_BP,
  EMPTY_INPUT,
  fullTimeHours,
  LEGACY_METHOD,
  legacyPeriod,
  monthShares,
  profitability,
  type ProfitabilityInput,
  type ProfitabilityMetrics,
} from '../../../shared/rules/profitability'
import type {
  FinanceSettings,
  FinanceSettingsInput,
  Profitability,
  ProfitabilityQuery,
  ProfitabilityRow,
  ProfitabilitySort,
  ProfitabilityView,
} from '../../../shared/schemas/finance'
import type { Db } from '../../db/client'
import { ApiError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { Deps } from '../../platform/deps'

type Actor = { id: string; ability: AppAbility }
type Period = { from: string; to: string; officeId?: string; teamId?: string }
type Unit = 'seller' | 'team' | 'office' | 'provider'

/** The standing sales' amounts of a unit (the sales summary's). */
type Amounts = { key: string; sales: number; orderValueOre: number; sellerCommissionOre: number; companyCommissionOre: number; companyCostOre: number }

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

const SETTINGS_ID = 'global'
/** Names in Swedish order, one collator for every comparison (String#localeCompare with a locale builds one each time). */
const COLLATOR = new Intl.Collator('sv')
/** Until back office sets one: the calculation of this product applies from 2026. */
export const DEFAULT_LEGACY_CUTOFF = '2026-01-01'

/** What a view counts by. The legacy view is by team, as the earlier report was. */
const UNIT: Record<ProfitabilityView, Unit> = { sellers: 'seller', teams: 'team', managers: 'office', providers: 'provider', legacy: 'team' }

const SORT_VALUE: Record<Exclude<ProfitabilitySort, 'name'>, (m: ProfitabilityMetrics) => number | null> = {
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

/**
 * Finance profitability (issue 19, docs/decisions/051): the five views of one calculation (shared/rules/
 * profitability.ts) over the sales summary, the time reports, the sellers' extra income and the quality surveys,
 * each read through its area's port within the reader's own rules; and the calculation's settings.
 */
export function financeService({ database, events }: Pick<Deps, 'database' | 'events'>, ports: FinancePorts) {
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

  return {
    settings: () => settings(),

    /** Change the settings on the version read: an older one is a 409 with the settings as they are now. Logged. */
    async saveSettings(actor: Actor, input: FinanceSettingsInput, now = Date.now()): Promise<FinanceSettings> {
      await database.transaction(async (tx) => {
        const current = await settings(tx)
        if (current.version !== input.version) throw new ApiError(409, 'changed_elsewhere', { details: { current } })
        const next = { payrollTaxBp: Math.round(input.payrollTaxPercent * 100), legacyCutoff: input.legacyCutoff }
        if (next.payrollTaxBp === current.payrollTaxBp && next.legacyCutoff === current.legacyCutoff) return
        const row = { ...next, version: current.version + 1, updatedAt: now, updatedById: actor.id }
        if (current.version === 0) await tx.insert(t.financeSettings).values({ id: SETTINGS_ID, ...row })
        else await tx.update(t.financeSettings).set(row).where(eq(t.financeSettings.id, SETTINGS_ID))
        const shown = (s: { payrollTaxBp: number; legacyCutoff: string }) => ({ payrollTaxPercent: s.payrollTaxBp / 100, legacyCutoff: s.legacyCutoff })
        await logActivity(tx, t, {
          at: now,
          actorId: actor.id,
          entity: 'finance_settings',
          entityId: SETTINGS_ID,
          action: 'updated',
          before: shown(current),
          after: shown(next),
        })
        await events.record(tx, 'finance.settingsChanged', next, { actorId: actor.id, at: now })
      })
      return settings()
    },

    /**
     * One view's rows for a period: every unit within the reader's rules with standing sales or hours in it, each
     * with the metrics of the calculation that applies (the legacy view: the earlier one, for the days before the
     * cut-off), sorted and paged; `sum` adds up every row, not only the page's.
     */
    async profitability(actor: Actor, view: ProfitabilityView, q: ProfitabilityQuery): Promise<Profitability> {
      const config = await settings()
      const legacy = view === 'legacy'
      const clipped = legacy ? legacyPeriod(q.from, q.to, config.legacyCutoff) : { from: q.from, to: q.to, clipped: false }
      const method = legacy ? LEGACY_METHOD : currentMethod(config.payrollTaxBp)
      const base = {
        view,
        legacy: legacy ? { cutoff: config.legacyCutoff, clipped: clipped?.clipped ?? false } : null,
        method,
        page: q.page,
        itemsPerPage: q.itemsPerPage,
      }
      if (!clipped) return { ...base, period: null, fullTimeHours: 0, items: [], total: 0, sum: profitability(EMPTY_INPUT, method, 0) }
      const period: Period = { from: clipped.from, to: clipped.to, officeId: q.officeId, teamId: q.teamId }
      const unit = UNIT[view]
      const shares = monthShares(period.from, period.to)
      const [amounts, hours, nki, extra, places, managers] = await Promise.all([
        ports.amountsBy(actor.ability, period, unit),
        unit === 'provider' ? Promise.resolve(null) : ports.hoursBy(actor.ability, period, unit),
        ports.nkiBy(actor, period, unit),
        unit === 'provider' || !method.extraIncomeIsCost ? Promise.resolve([]) : ports.extraIncomeOf(shares.map((s) => s.month)),
        ports.places(db),
        unit === 'office' ? ports.officeManagers(db) : Promise.resolve([]),
      ])

      const inputs = new Map<string, ProfitabilityInput>()
      const inputOf = (key: string) => {
        let input = inputs.get(key)
        if (!input) inputs.set(key, (input = { ...EMPTY_INPUT, workHours: unit === 'provider' ? null : 0 }))
        return input
      }
      for (const a of amounts) {
        const input = inputOf(a.key)
        input.sales += a.sales
        input.orderValueOre += a.orderValueOre
        input.sellerCommissionOre += a.sellerCommissionOre
        input.companyCommissionOre += a.companyCommissionOre
        input.companyCostOre += a.companyCostOre
      }
      for (const [key, h] of hours ?? []) inputOf(key).workHours = h
      for (const [key, n] of nki) {
        const input = inputs.get(key)
        if (!input) continue
        input.nkiAnswers += n.answers
        input.nkiTenthsSum += n.tenthsSum
      }

      // Names: the sellers' (with their team and office now), the places', the providers'.
      const teamsById = new Map(places.teams.map((team) => [team.id, team]))
      const officeNames = new Map(places.offices.map((o) => [o.id, o.name]))
      // A seller row needs its name for sorting or searching by it; otherwise only the page's rows are named (below).
      const allNames = unit === 'seller' && (q.sortBy === 'name' || !!q.q)
      const people = new Map<string, { name: string; teamId: string | null; officeId: string | null }>()
      const wanted = [...(allNames ? inputs.keys() : []), ...(unit === 'seller' ? [] : extra.map((x) => x.userId))]
      if (wanted.length) for (const [id, person] of await ports.placesOf(db, wanted)) people.set(id, person)
      // Extra income belongs to the seller's month; a period carries each month's share of its days. It counts for the
      // seller's row, or their team's or office's as they are now, when that row is in the reader's view.
      const share = new Map(shares.map((s) => [s.month, s.share]))
      for (const x of extra) {
        const person = people.get(x.userId)
        const teamId = person?.teamId ?? ''
        const key = unit === 'seller' ? x.userId : unit === 'team' ? teamId : (person?.officeId ?? teamsById.get(teamId)?.officeId ?? '')
        const input = inputs.get(key)
        if (input) input.extraIncomeOre += Math.round(x.amountOre * (share.get(x.month) ?? 0))
      }
      const providerNames = unit === 'provider' ? await ports.providerNames(db, [...inputs.keys()]) : new Map<string, string>()
      const managersOf = new Map<string, Array<{ id: string; name: string }>>()
      for (const m of managers) managersOf.set(m.officeId, [...(managersOf.get(m.officeId) ?? []), { id: m.id, name: m.name }])

      const fullTime = fullTimeHours(period.from, period.to, method.monthHours)
      const sellerRow = (key: string, metrics: ProfitabilityMetrics): ProfitabilityRow => {
        const person = people.get(key)
        const team = person?.teamId ? teamsById.get(person.teamId) : undefined
        return { id: key, name: person?.name ?? '', team: team ? { id: team.id, name: team.name } : null, metrics }
      }
      let rows: ProfitabilityRow[] = [...inputs.entries()].map(([key, input]) => {
        const metrics = profitability(input, method, fullTime)
        switch (unit) {
          case 'seller':
            return sellerRow(key, metrics)
          case 'team':
            return { id: key, name: teamsById.get(key)?.name ?? '', metrics }
          case 'office':
            return { id: key, name: officeNames.get(key) ?? '', managers: managersOf.get(key) ?? [], metrics }
          case 'provider':
            return { id: key, name: providerNames.get(key) ?? '', metrics }
        }
      })
      if (q.q) {
        const needle = q.q.toLocaleLowerCase('sv')
        rows = rows.filter(
          (r) => r.name.toLocaleLowerCase('sv').includes(needle) || (r.managers ?? []).some((m) => m.name.toLocaleLowerCase('sv').includes(needle)),
        )
      }
      const direction = q.orderBy === 'asc' ? 1 : -1
      rows.sort((a, b) => {
        if (q.sortBy !== 'name') {
          const x = SORT_VALUE[q.sortBy](a.metrics)
          const y = SORT_VALUE[q.sortBy](b.metrics)
          // Rows without the figure (no hours, no answers) come last either way.
          if (x === null || y === null) {
            if (x !== y) return x === null ? 1 : -1
          } else if (x !== y) return (x - y) * direction
        }
        const byName = COLLATOR.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
        return q.sortBy === 'name' ? byName * direction : byName
      })
      let items = rows.slice((q.page - 1) * q.itemsPerPage, q.page * q.itemsPerPage)
      if (unit === 'seller' && !allNames && items.length) {
        for (const [id, person] of await ports.placesOf(
          db,
          items.map((r) => r.id),
        ))
          people.set(id, person)
        items = items.map((r) => sellerRow(r.id, r.metrics))
      }
      const total = rows.reduce((sum, r) => addInputs(sum, inputs.get(r.id)!), { ...EMPTY_INPUT, workHours: unit === 'provider' ? null : 0 })
      return {
        ...base,
        period: { from: period.from, to: period.to },
        fullTimeHours: Math.round(fullTime * 100) / 100,
        items,
        total: rows.length,
        sum: profitability(total, method, fullTime),
      }
    },
  }
}
export type FinanceService = ReturnType<typeof financeService>
