/** The budgets feature's cache keys: every query and invalidation of its data uses these (docs/how-to.md). */
export const budgetsKeys = {
  all: ['budgets'] as const,
  month: (month: string, officeId: string) => ['budgets', month, officeId] as const,
}
