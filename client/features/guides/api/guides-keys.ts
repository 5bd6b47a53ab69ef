/** The guides feature's cache keys: every query and invalidation of its data uses these (docs/how-to.md). */
export const guidesKeys = {
  all: ['guides'] as const,
  dashboard: ['guides', 'dashboard'] as const,
  guide: (id: string) => ['guides', 'guide', id] as const,
  searchIndex: ['guides', 'search-index'] as const,
  offline: ['guides', 'offline'] as const,
  acks: (id: string, teamId?: string) => ['guides', 'acks', id, teamId ?? null] as const,
  admin: {
    all: ['guides', 'admin'] as const,
    categories: ['guides', 'admin', 'categories'] as const,
    guides: ['guides', 'admin', 'guides'] as const,
    guide: (id: string) => ['guides', 'admin', 'guide', id] as const,
    version: (id: string, number: number) => ['guides', 'admin', 'guide', id, 'version', number] as const,
  },
  roles: ['guides', 'admin', 'roles'] as const,
  embeds: ['guides', 'embeds'] as const,
  hosts: ['guides', 'embed-hosts'] as const,
  embedSession: (id: string) => ['guides', 'embed-session', id] as const,
}
