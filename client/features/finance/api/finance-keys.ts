/** The finance feature's cache keys: every query and invalidation of its data uses these (docs/how-to.md). */
export const financeKeys = {
  settings: ['finance-settings'] as const,
  profitability: {
    all: ['profitability'] as const,
    /** One view's page; the filter as its JSON (the screen's memo key). */
    view: (view: string, filter: string, query: object) => ['profitability', view, filter, query] as const,
  },
}
