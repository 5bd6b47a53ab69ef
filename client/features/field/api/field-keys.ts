/** The field area's cache keys (docs/how-to.md): the two planners share the runs' keys, so an edit in one shows in the other. */
export const fieldKeys = {
  all: ['field'] as const,
  runs: (q: { from: string; to: string; teamId?: string }) => ['field', 'runs', q] as const,
  areas: (teamId: string) => ['field', 'areas', teamId] as const,
  members: (teamId: string) => ['field', 'members', teamId] as const,
  report: (q: { from: string; to: string; teamId?: string }) => ['field', 'report', q] as const,
  /** promises (docs/decisions/097): the team's queue, the closers, the coach's figures */
  promiseQueue: ['field', 'promises', 'queue'] as const,
  promiseClosers: ['field', 'promises', 'closers'] as const,
  promisesReport: (q: { from: string; to: string; teamId?: string }) => ['field', 'promises', 'report', q] as const,
  /** the maps (docs/decisions/074): a view's sales, the doors, the areas, a point's sales, the settings */
  mapSales: (q: Record<string, unknown>) => ['field', 'maps', 'sales', q] as const,
  mapVisits: (q: Record<string, unknown>) => ['field', 'maps', 'visits', q] as const,
  mapAreas: (q: Record<string, unknown>) => ['field', 'maps', 'areas', q] as const,
  mapPoint: (key: string) => ['field', 'maps', 'point', key] as const,
  mapSettings: ['field', 'maps', 'settings'] as const,
}
