import { randomUUID } from 'node:crypto'
import { subject } from '@casl/ability'
import { and, eq, inArray } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { BudgetScope } from '../../../shared/schemas/budgets'
import { changeVersions } from '../../db/change-counter'
import type { Db } from '../../db/client'
import { logActivity } from '../../platform/activity-log'
import type { Deps } from '../../platform/deps'

export type Actor = { id: string; ability: AppAbility }

/** What the budgets area asks the organisation and the users areas (answered in server/composition/areas.ts). */
export type BudgetsPorts = {
  places(db: Db): Promise<{ offices: Array<{ id: string; name: string }>; teams: Array<{ id: string; name: string; officeId: string }> }>
  members(db: Db, teamIds: string[]): Promise<Array<{ id: string; name: string; teamId: string }>>
}

/** One budget's target as the rules see it: the office, the team (with its office) or the seller (with both). */
export type Target = { scope: BudgetScope; id: string; name: string; officeId: string; teamId: string | null }

export const key = (scope: BudgetScope, id: string) => `${scope}:${id}`

/** What the budgets' parts share: the tables, who may read or set which budgets, the office targets, the budgets of a month, and recording a change. */
export function budgetsContext({ database, events }: Pick<Deps, 'database' | 'events'>, ports: BudgetsPorts, opts: { now?: () => number } = {}) {
  const { db, t } = database
  const now = opts.now ?? Date.now

  const as = (target: Pick<Target, 'officeId' | 'teamId'> & { sellerId?: string }) =>
    subject('budgets', {
      officeId: target.officeId,
      ...(target.teamId ? { teamId: target.teamId } : {}),
      ...(target.sellerId ? { sellerId: target.sellerId } : {}),
    })
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

  return { database, events, ports, opts, db, t, now, as, may, officeTargets, budgetsOf, write, record, changeCounter }
}
export type BudgetsContext = ReturnType<typeof budgetsContext>
