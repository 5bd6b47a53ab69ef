import {
  addInputs,
  currentMethod,
  EMPTY_INPUT,
  fullTimeHours,
  LEGACY_METHOD,
  legacyPeriod,
  monthShares,
  profitability,
  type ProfitabilityInput,
  type ProfitabilityMetrics,
} from '../../../shared/rules/profitability'
import type { Profitability, ProfitabilityQuery, ProfitabilityRow, ProfitabilityView } from '../../../shared/schemas/finance'
import { type Actor, type Period, COLLATOR, UNIT, SORT_VALUE, type FinanceContext } from './finance.context'

/** The profitability views: a period's figures by seller, team, manager, provider or the legacy table, within the reader's sale reports. */
export function profitabilityViews(ctx: FinanceContext) {
  const { ports, db, settings } = ctx
  return {
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
