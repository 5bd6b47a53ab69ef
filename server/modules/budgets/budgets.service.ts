import { randomUUID } from 'node:crypto'
import { subject } from '@casl/ability'
import { and, eq, inArray } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { previousMonth } from '../../../shared/rules/work'
import type {
  BudgetCell,
  BudgetConflict,
  BudgetRow,
  BudgetScope,
  BudgetsCopied,
  BudgetsOverview,
  BudgetsSaved,
  budgetsSaveSchema,
} from '../../../shared/schemas/budgets'
import type { Translate } from '../../../shared/schemas/errors'
import type { z } from 'zod'
import { changeVersions } from '../../db/change-counter'
import type { Db } from '../../db/client'
import { ApiError, notFound, validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { Deps } from '../../platform/deps'

type Actor = { id: string; ability: AppAbility }

/** What the budgets area asks the organisation and the users areas (answered in server/composition/areas.ts). */
export type BudgetsPorts = {
  places(db: Db): Promise<{ offices: Array<{ id: string; name: string }>; teams: Array<{ id: string; name: string; officeId: string }> }>
  members(db: Db, teamIds: string[]): Promise<Array<{ id: string; name: string; teamId: string }>>
}

/** One budget's target as the rules see it: the office, the team (with its office) or the seller (with both). */
type Target = { scope: BudgetScope; id: string; name: string; officeId: string; teamId: string | null }

const key = (scope: BudgetScope, id: string) => `${scope}:${id}`

/**
 * Monthly order-value budgets of offices, teams and sellers (docs/decisions/047). A seller's lives in
 * `sales_budgets` (its `version` is the change counter, so their device pulls it); an office's and a team's in
 * `unit_budgets` (its `version` counts edits). Who may view budgets reads those of the offices and teams their rule
 * reaches; who may update them sets a month's at once — all of a save or, when anyone changed one of its budgets
 * since the editor read it, none (409 with the budgets as they are now). Every change is logged and recorded as a
 * `budget.changed` event in its transaction.
 */
export function budgetsService({ database, events }: Pick<Deps, 'database' | 'events'>, ports: BudgetsPorts, opts: { now?: () => number } = {}) {
  const { db, t } = database
  const now = opts.now ?? Date.now

  const as = (target: Pick<Target, 'officeId' | 'teamId'> & { sellerId?: string }) =>
    subject('budgets', {
      officeId: target.officeId,
      ...(target.teamId ? { teamId: target.teamId } : {}),
      ...(target.sellerId ? { sellerId: target.sellerId } : {}),
    }) as never
  const may = (actor: Actor, action: 'view' | 'update', target: Target) =>
    actor.ability.can(action, as({ officeId: target.officeId, teamId: target.teamId, sellerId: target.scope === 'seller' ? target.id : undefined }))

  /** An office's teams and sellers as targets, and whether the reader sees the office itself. */
  async function officeTargets(tx: Db, officeId: string, known?: Awaited<ReturnType<BudgetsPorts['places']>>) {
    const places = known ?? (await ports.places(tx))
    const office = places.offices.find((o) => o.id === officeId)
    if (!office) return null
    const teams = places.teams.filter((team) => team.officeId === officeId)
    const members = await ports.members(
      tx,
      teams.map((team) => team.id),
    )
    const targets: Target[] = [
      { scope: 'office', id: office.id, name: office.name, officeId, teamId: null },
      ...teams.map((team): Target => ({ scope: 'team', id: team.id, name: team.name, officeId, teamId: team.id })),
      ...members.map((m): Target => ({ scope: 'seller', id: m.id, name: m.name, officeId, teamId: m.teamId })),
    ]
    return { office, teams, members, targets }
  }

  /** The budgets of some targets in some months, by month and target key. */
  async function budgetsOf(tx: Db, targets: Target[], months: string[]) {
    const out = new Map<string, { amountOre: number; version: number; rowId: string | null }>()
    const units = targets.filter((x) => x.scope !== 'seller').map((x) => x.id)
    const sellers = targets.filter((x) => x.scope === 'seller').map((x) => x.id)
    if (units.length > 0) {
      const rows = await tx
        .select()
        .from(t.unitBudgets)
        .where(and(inArray(t.unitBudgets.month, months), inArray(t.unitBudgets.unitId, units)))
      for (const r of rows) out.set(`${r.month}|${key(r.scope, r.unitId)}`, { amountOre: r.amountOre, version: r.version, rowId: null })
    }
    for (let i = 0; i < sellers.length; i += 500) {
      const rows = await tx
        .select()
        .from(t.salesBudgets)
        .where(and(inArray(t.salesBudgets.month, months), inArray(t.salesBudgets.userId, sellers.slice(i, i + 500))))
      for (const r of rows) out.set(`${r.month}|${key('seller', r.userId)}`, { amountOre: r.amountOre, version: r.version, rowId: r.id })
    }
    return out
  }

  /** Writes one budget (new or changed) in the caller's transaction; `changeVersion` for a seller's. */
  async function write(
    tx: Db,
    target: Target,
    month: string,
    amountOre: number,
    current: { version: number; rowId: string | null } | undefined,
    changeVersion: (userId: string) => Promise<number>,
  ) {
    const at = now()
    if (target.scope === 'seller') {
      const version = await changeVersion(target.id)
      if (current?.rowId) await tx.update(t.salesBudgets).set({ amountOre, version, updatedAt: at }).where(eq(t.salesBudgets.id, current.rowId))
      else await tx.insert(t.salesBudgets).values({ id: randomUUID(), userId: target.id, month, amountOre, version, updatedAt: at })
      return version
    }
    const version = (current?.version ?? 0) + 1
    if (current) {
      await tx
        .update(t.unitBudgets)
        .set({ amountOre, version, updatedAt: at })
        .where(and(eq(t.unitBudgets.scope, target.scope), eq(t.unitBudgets.unitId, target.id), eq(t.unitBudgets.month, month)))
    } else await tx.insert(t.unitBudgets).values({ scope: target.scope, unitId: target.id, month, amountOre, version, updatedAt: at })
    return version
  }

  async function record(tx: Db, actor: Actor, target: Target, month: string, action: 'created' | 'updated' | 'copied', before: number | null, after: number) {
    const at = now()
    const shown = (ore: number | null) => (ore === null ? null : { month, [target.scope]: target.name, amountKr: ore / 100 })
    await logActivity(tx, t, {
      at,
      actorId: actor.id,
      entity: 'budget',
      entityId: `${key(target.scope, target.id)}:${month}`,
      action,
      before: shown(before),
      after: shown(after),
    })
    await events.record(
      tx,
      'budget.changed',
      { month, scope: target.scope, unitId: target.id, userId: target.scope === 'seller' ? target.id : null, action },
      { actorId: actor.id, at },
    )
  }

  /** One change counter value per seller and transaction, taken when their first budget is written. */
  function changeCounter(tx: Db) {
    return changeVersions(tx, t)
  }

  return {
    /** Sellers' budgets of a month, by seller (the dashboards ask; decision 049). */
    async sellerBudgets(dbOrTx: Db, userIds: string[], month: string): Promise<Map<string, number>> {
      const out = new Map<string, number>()
      for (let i = 0; i < userIds.length; i += 500) {
        const rows = await dbOrTx
          .select({ userId: t.salesBudgets.userId, amountOre: t.salesBudgets.amountOre })
          .from(t.salesBudgets)
          .where(and(eq(t.salesBudgets.month, month), inArray(t.salesBudgets.userId, userIds.slice(i, i + 500))))
        for (const r of rows) out.set(r.userId, r.amountOre)
      }
      return out
    },

    /** Offices' and teams' budgets of a month, by `scope:id` (the manager dashboard asks; decision 050). */
    /**
     * A month's gold goals of offices and teams (`office:<id>`, `team:<id>`; docs/decisions/059): a unit's own budget
     * where one is set; else a team's is the sum of its sellers' budgets and an office's the sum of its teams' goals,
     * as the budget page adds them up. A unit with neither has none.
     */
    async goalsOf(dbOrTx: Db, month: string): Promise<Map<string, number>> {
      const [units, places, sellerRows] = await Promise.all([
        dbOrTx.select().from(t.unitBudgets).where(eq(t.unitBudgets.month, month)),
        ports.places(dbOrTx),
        dbOrTx.select({ userId: t.salesBudgets.userId, amountOre: t.salesBudgets.amountOre }).from(t.salesBudgets).where(eq(t.salesBudgets.month, month)),
      ])
      const goals = new Map(units.map((r) => [key(r.scope, r.unitId), r.amountOre]))
      const sellerBudget = new Map(sellerRows.map((r) => [r.userId, r.amountOre]))
      const members = await ports.members(
        dbOrTx,
        places.teams.map((team) => team.id),
      )
      const sumOf = (amounts: Array<number | undefined>) => {
        const set = amounts.filter((a): a is number => a !== undefined)
        return set.length > 0 ? set.reduce((n, a) => n + a, 0) : undefined
      }
      for (const team of places.teams) {
        if (goals.has(key('team', team.id))) continue
        const sum = sumOf(members.filter((m) => m.teamId === team.id).map((m) => sellerBudget.get(m.id)))
        if (sum !== undefined) goals.set(key('team', team.id), sum)
      }
      for (const office of places.offices) {
        if (goals.has(key('office', office.id))) continue
        const sum = sumOf(places.teams.filter((team) => team.officeId === office.id).map((team) => goals.get(key('team', team.id))))
        if (sum !== undefined) goals.set(key('office', office.id), sum)
      }
      return goals
    },

    /** A month of one office (the one asked for, else the reader's first): its budget, its teams' and sellers'. */
    async overview(actor: Actor, q: { month: string; officeId?: string }): Promise<BudgetsOverview> {
      const places = await ports.places(db)
      const visibleTeam = (team: { id: string; officeId: string }) => actor.ability.can('view', as({ officeId: team.officeId, teamId: team.id }))
      const offices = places.offices.filter(
        (o) => actor.ability.can('view', as({ officeId: o.id, teamId: null })) || places.teams.some((team) => team.officeId === o.id && visibleTeam(team)),
      )
      const empty: BudgetsOverview = { month: q.month, offices, office: null, teams: [], may: { update: false, office: false } }
      if (q.officeId && !offices.some((o) => o.id === q.officeId)) throw notFound()
      const officeId = q.officeId ?? offices[0]?.id
      if (!officeId) return empty
      const found = await officeTargets(db, officeId, places)
      if (!found) throw notFound()
      const visible = found.targets.filter((x) => may(actor, 'view', x))
      const previous = previousMonth(q.month)
      const budgets = await budgetsOf(db, visible, [q.month, previous])
      const row = (x: Target): BudgetRow => {
        const cell = budgets.get(`${q.month}|${key(x.scope, x.id)}`)
        return {
          id: x.id,
          name: x.name,
          budget: cell ? ({ amountOre: cell.amountOre, version: cell.version } satisfies BudgetCell) : null,
          previousOre: budgets.get(`${previous}|${key(x.scope, x.id)}`)?.amountOre ?? null,
        }
      }
      const sum = (rows: BudgetRow[]) => rows.reduce((n, r) => n + (r.budget?.amountOre ?? 0), 0)
      const teams = visible
        .filter((x) => x.scope === 'team')
        .map((team) => {
          const sellers = visible.filter((x) => x.scope === 'seller' && x.teamId === team.id).map(row)
          return { ...row(team), sellersOre: sum(sellers), sellers }
        })
      const officeTarget = visible.find((x) => x.scope === 'office')
      return {
        month: q.month,
        offices,
        office: officeTarget ? { ...row(officeTarget), teamsOre: sum(teams), sellersOre: teams.reduce((n, team) => n + team.sellersOre, 0) } : null,
        teams,
        may: {
          update: visible.some((x) => x.scope !== 'office' && may(actor, 'update', x)),
          office: officeTarget ? may(actor, 'update', officeTarget) : false,
        },
      }
    },

    /**
     * Sets some of a month's budgets in one office at once, on the versions the editor read: a budget someone
     * changed since makes the whole save a 409 listing them as they are now, and nothing is written.
     */
    save(actor: Actor, month: string, input: z.output<typeof budgetsSaveSchema>, translate: Translate): Promise<BudgetsSaved> {
      return database.transaction(async (tx) => {
        const found = await officeTargets(tx, input.officeId)
        if (!found || !found.targets.some((x) => may(actor, 'view', x))) throw notFound()
        const byKey = new Map(found.targets.map((x) => [key(x.scope, x.id), x]))
        const problems: Record<string, string[]> = {}
        const seen = new Set<string>()
        const changes = input.changes.map((change, i) => {
          const target = byKey.get(key(change.scope, change.id))
          if (!target || !may(actor, 'view', target)) problems[`changes.${i}.id`] = [translate('validation.budgets.notInOffice')]
          else if (seen.has(key(change.scope, change.id))) problems[`changes.${i}.id`] = [translate('validation.budgets.twice')]
          seen.add(key(change.scope, change.id))
          return { change, target: target! }
        })
        if (Object.keys(problems).length > 0) throw validationError(problems)
        if (changes.some(({ target }) => !may(actor, 'update', target))) throw new ApiError(403, 'forbidden')
        const current = await budgetsOf(
          tx,
          changes.map((c) => c.target),
          [month],
        )
        const cellOf = (target: Target) => current.get(`${month}|${key(target.scope, target.id)}`)
        const conflicts: BudgetConflict[] = changes
          .filter(({ change, target }) => (cellOf(target)?.version ?? null) !== change.version)
          .map(({ target }) => {
            const cell = cellOf(target)
            return { scope: target.scope, id: target.id, current: cell ? { amountOre: cell.amountOre, version: cell.version } : null }
          })
        if (conflicts.length > 0) throw new ApiError(409, 'changed_elsewhere', { details: { conflicts } })
        const counter = changeCounter(tx)
        let changed = 0
        for (const { change, target } of changes) {
          const amountOre = change.amountKr * 100
          const cell = cellOf(target)
          if (cell && cell.amountOre === amountOre) continue
          await write(tx, target, month, amountOre, cell, counter)
          await record(tx, actor, target, month, cell ? 'updated' : 'created', cell?.amountOre ?? null, amountOre)
          changed++
        }
        return { changed }
      })
    },

    /**
     * Last month's budgets into this month, for the office and each team and seller the reader may set that has
     * one then and none now; budgets already set this month are kept.
     */
    copyPrevious(actor: Actor, month: string, officeId: string): Promise<BudgetsCopied> {
      return database.transaction(async (tx) => {
        const found = await officeTargets(tx, officeId)
        if (!found || !found.targets.some((x) => may(actor, 'view', x))) throw notFound()
        const targets = found.targets.filter((x) => may(actor, 'update', x))
        if (targets.length === 0) throw new ApiError(403, 'forbidden')
        const previous = previousMonth(month)
        const budgets = await budgetsOf(tx, targets, [month, previous])
        const counter = changeCounter(tx)
        let copied = 0
        for (const target of targets) {
          const before = budgets.get(`${previous}|${key(target.scope, target.id)}`)
          if (!before || budgets.has(`${month}|${key(target.scope, target.id)}`)) continue
          await write(tx, target, month, before.amountOre, undefined, counter)
          await record(tx, actor, target, month, 'copied', null, before.amountOre)
          copied++
        }
        return { copied }
      })
    },
  }
}
export type BudgetsService = ReturnType<typeof budgetsService>
