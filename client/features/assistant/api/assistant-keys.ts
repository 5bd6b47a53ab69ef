/** The assistant feature's cache keys: every query and invalidation of its data uses these (docs/how-to.md). */
export const assistantKeys = {
  all: ['assistant'] as const,
  settings: () => ['assistant', 'settings'] as const,
  shareRoles: () => ['assistant', 'share-roles'] as const,
  stats: () => ['assistant', 'stats'] as const,
  stat: (id: string) => ['assistant', 'stats', id] as const,
}
