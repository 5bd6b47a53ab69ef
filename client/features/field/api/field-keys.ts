/** The field area's cache keys (docs/how-to.md): the two planners share the runs' keys, so an edit in one shows in the other. */
export const fieldKeys = {
  all: ['field'] as const,
  runs: (q: { from: string; to: string; teamId?: string }) => ['field', 'runs', q] as const,
  areas: (teamId: string) => ['field', 'areas', teamId] as const,
  members: (teamId: string) => ['field', 'members', teamId] as const,
  report: (q: { from: string; to: string; teamId?: string }) => ['field', 'report', q] as const,
}
