import { previousMonth } from '../../../shared/rules/work'
import type { BudgetConflict, BudgetsCopied, BudgetsSaved, budgetsSaveSchema } from '../../../shared/schemas/budgets'
import type { Translate } from '../../../shared/schemas/errors'
import type { z } from 'zod'
import { ApiError, notFound, validationError } from '../../lib/errors'
import { type Actor, type Target, key, type BudgetsContext } from './budgets.context'

/** Saving a month's budgets and copying the previous month's, each change logged and announced. */
export function budgetChanges(ctx: BudgetsContext) {
  const { database, may, officeTargets, budgetsOf, write, record, changeCounter } = ctx
  return {
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
