import { describe, expect, it } from 'vitest'
import { SELLER_BUDGET_MAX_KR, UNIT_BUDGET_MAX_KR, type BudgetRow, type BudgetsOverview } from '../../../../shared/schemas/budgets'
import { budgetEdits, budgetFields, budgetLines, keyOf, parseKronor, refusalsByField } from './budget-drafts'

const row = (id: string, kr: number | null, version = 3): BudgetRow => ({
  id,
  name: id,
  budget: kr === null ? null : { amountOre: kr * 100, version },
  previousOre: null,
})
const month: BudgetsOverview = {
  month: '2026-11',
  offices: [{ id: 'o1', name: 'Malmö' }],
  office: { ...row('o1', 900000), teamsOre: 0, sellersOre: 0 },
  teams: [
    { ...row('t1', 400000), sellersOre: 0, sellers: [row('s1', 500), row('s2', null)] },
    { ...row('t2', null), sellersOre: 0, sellers: [row('s3', 200)] },
  ],
  may: { update: true, office: true },
}
const lines = budgetLines(month)
const none = new Map<string, string>()
const edits = (drafts: Record<string, string>, refusals: Record<string, string> = {}) =>
  budgetEdits(budgetFields(lines, new Map(Object.entries(drafts)), new Map(Object.entries(refusals))))

describe('a budget field’s text', () => {
  it.each([
    ['', 'seller', { kr: null, problem: null }],
    ['12 000', 'seller', { kr: 12000, problem: null }],
    ['12\u00a0000', 'team', { kr: 12000, problem: null }],
    ['-5', 'seller', { kr: null, problem: 'validation.budgets.notNegative' }],
    ['100,50', 'seller', { kr: null, problem: 'validation.budgets.wholeKronor' }],
    ['100.', 'office', { kr: null, problem: 'validation.budgets.wholeKronor' }],
    ['tio', 'seller', { kr: null, problem: 'validation.budgets.amount' }],
    [String(SELLER_BUDGET_MAX_KR), 'seller', { kr: SELLER_BUDGET_MAX_KR, problem: null }],
    [String(SELLER_BUDGET_MAX_KR + 1), 'seller', { kr: null, problem: 'validation.tooBig' }],
    [String(SELLER_BUDGET_MAX_KR + 1), 'team', { kr: SELLER_BUDGET_MAX_KR + 1, problem: null }],
    [String(UNIT_BUDGET_MAX_KR + 1), 'office', { kr: null, problem: 'validation.tooBig' }],
  ] as const)('%j as a %s budget', (text, scope, expected) => {
    expect(parseKronor(text, scope)).toEqual(expected)
  })
})

describe('the budgets screen’s edits', () => {
  it('lists the office, then each team followed by its sellers', () => {
    expect(lines.map((l) => keyOf(l.scope, l.row.id))).toEqual(['office:o1', 'team:t1', 'seller:s1', 'seller:s2', 'team:t2', 'seller:s3'])
    expect(lines.find((l) => l.row.id === 's3')?.teamId).toBe('t2')
    expect(budgetLines(undefined)).toEqual([])
  })

  it('shows the stored budgets and has nothing to save until a field changes', () => {
    const fields = budgetFields(lines, none, none)
    expect(fields.get('seller:s1')).toMatchObject({ text: '500', kr: 500, problem: null, changed: false })
    expect(fields.get('seller:s2')).toMatchObject({ text: '', kr: null, changed: false })
    expect(edits({})).toMatchObject({ dirty: false, changed: [], problems: [], changes: [] })
  })

  it('a field typed back to its stored amount is not a change', () => {
    expect(edits({ 'seller:s1': '500', 'seller:s2': '' }).dirty).toBe(false)
  })

  it('sends each changed budget in kronor with the version the editor read (none for a new one)', () => {
    const e = edits({ 'seller:s1': '650', 'seller:s2': '300', 'team:t2': '1 000' })
    expect(e.dirty).toBe(true)
    expect(e.problems).toEqual([])
    expect(e.changes).toEqual([
      { scope: 'seller', id: 's1', amountKr: 650, version: 3 },
      { scope: 'seller', id: 's2', amountKr: 300, version: null },
      { scope: 'team', id: 't2', amountKr: 1000, version: null },
    ])
  })

  it('a stored budget emptied, or text that is no amount, stops the save', () => {
    const e = edits({ 'seller:s1': '', 'seller:s3': '12,5' })
    expect(e.problems.map((f) => [f.line.row.id, f.problem])).toEqual([
      ['s1', 'validation.budgets.amount'],
      ['s3', 'validation.budgets.wholeKronor'],
    ])
  })

  it('the server’s refusal stays on its field until the field is edited', () => {
    const refused = edits({ 'seller:s1': '650' }, { 'seller:s1': 'validation.tooBig' })
    expect(refused.problems.map((f) => f.problem)).toEqual(['validation.tooBig'])
    // A refused field typed back to the stored amount still shows the refusal, so it is still "changed".
    expect(edits({ 'seller:s1': '500' }, { 'seller:s1': 'validation.tooBig' }).dirty).toBe(true)
  })

  it('puts the server’s refusals back on the fields the save sent, by position', () => {
    const { changes } = edits({ 'seller:s1': '650', 'team:t2': '99' })
    expect(refusalsByField(changes, { 'changes.1.amountKr': ['För stort'], 'changes.7.amountKr': ['x'], officeId: ['y'] })).toEqual(
      new Map([['team:t2', 'För stort']]),
    )
  })
})
