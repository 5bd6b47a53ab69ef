import {
  SELLER_BUDGET_MAX_KR,
  UNIT_BUDGET_MAX_KR,
  type BudgetChange,
  type BudgetRow,
  type BudgetScope,
  type BudgetsOverview,
} from '../../../../shared/schemas/budgets'

/**
 * The budgets screen's edits (docs/decisions/047), without drawing: which fields a person changed, what each means
 * in kronor, what is wrong with it, and what a save sends. The screen holds the drafts (the text typed per field)
 * and the server's refusals per field; everything else follows from them and the month as read.
 */

export const keyOf = (scope: BudgetScope, id: string) => `${scope}:${id}`

/** What a budget field holds: nothing, whole kronor, or text that is not a budget (with the reason's key). */
export function parseKronor(text: string, scope: BudgetScope): { kr: number | null; problem: string | null } {
  const plain = text.replace(/[\s\u00a0\u202f]/g, '')
  if (plain === '') return { kr: null, problem: null }
  if (/^-\d/.test(plain)) return { kr: null, problem: 'validation.budgets.notNegative' }
  if (/^\d+[.,]\d*$/.test(plain)) return { kr: null, problem: 'validation.budgets.wholeKronor' }
  if (!/^\d+$/.test(plain)) return { kr: null, problem: 'validation.budgets.amount' }
  const kr = Number(plain)
  if (kr > (scope === 'seller' ? SELLER_BUDGET_MAX_KR : UNIT_BUDGET_MAX_KR)) return { kr: null, problem: 'validation.tooBig' }
  return { kr, problem: null }
}

export type Line = { scope: BudgetScope; row: BudgetRow; teamId?: string }

/** The month's table, top to bottom: the office, then each team followed by its sellers. */
export function budgetLines(data: BudgetsOverview | undefined): Line[] {
  if (!data) return []
  const out: Line[] = data.office ? [{ scope: 'office', row: data.office }] : []
  for (const team of data.teams) {
    out.push({ scope: 'team', row: team })
    for (const seller of team.sellers) out.push({ scope: 'seller', row: seller, teamId: team.id })
  }
  return out
}

export type Field = { text: string; kr: number | null; problem: string | null; changed: boolean; line: Line }

/**
 * Each field's state: the text shown, the amount it means, a problem (the text's, a stored budget emptied, or the
 * server's refusal until the field is edited), and whether it changes the stored budget.
 */
export function budgetFields(lines: Line[], drafts: ReadonlyMap<string, string>, serverErrors: ReadonlyMap<string, string>): Map<string, Field> {
  const out = new Map<string, Field>()
  for (const line of lines) {
    const k = keyOf(line.scope, line.row.id)
    const stored = line.row.budget ? line.row.budget.amountOre / 100 : null
    const draft = drafts.get(k)
    const text = draft ?? (stored === null ? '' : String(stored))
    const parsed = draft === undefined ? { kr: stored, problem: null } : parseKronor(draft, line.scope)
    const cleared = draft !== undefined && parsed.kr === null && parsed.problem === null && stored !== null
    const problem = parsed.problem ?? (cleared ? 'validation.budgets.amount' : null) ?? serverErrors.get(k) ?? null
    out.set(k, { text, kr: parsed.kr, problem, changed: draft !== undefined && (parsed.kr !== stored || problem !== null), line })
  }
  return out
}

/** The save bar's state: the changed fields, those with a problem (which stop the save), and what a save sends. */
export function budgetEdits(fields: ReadonlyMap<string, Field>) {
  const changed = [...fields.values()].filter((f) => f.changed)
  const problems = changed.filter((f) => f.problem !== null)
  const changes: BudgetChange[] = changed.map((f) => ({
    scope: f.line.scope,
    id: f.line.row.id,
    amountKr: f.kr ?? 0,
    version: f.line.row.budget?.version ?? null,
  }))
  return { changed, problems, dirty: changed.length > 0, changes }
}

/** The server's refusals of a save (`changes.<i>.amountKr`) put back on the fields they name. */
export function refusalsByField(changes: readonly BudgetChange[], fieldErrors: Record<string, string[]>): Map<string, string> {
  const byKey = new Map<string, string>()
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const i = /^changes\.(\d+)\./.exec(path)?.[1]
    const change = i === undefined ? undefined : changes[Number(i)]
    if (change) byKey.set(keyOf(change.scope, change.id), messages[0] ?? '')
  }
  return byKey
}
