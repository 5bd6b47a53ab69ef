import type { ListQuery } from '../../../../shared/schemas/pagination'

/** The organisation feature's cache keys: every query and invalidation of its data uses these (docs/how-to.md). */
export const orgKeys = {
  regions: ['regions'] as const,
  region: (id: string) => ['region', id] as const,
  offices: ['offices'] as const,
  office: (id: string) => ['office', id] as const,
  teams: {
    all: ['teams'] as const,
    list: (query: ListQuery) => ['teams', query] as const,
  },
  team: (id: string) => ['team', id] as const,
  coachGroups: ['coach-groups'] as const,
  coachGroupProviders: ['coach-group-providers'] as const,
  ophTargets: ['oph-targets'] as const,
}
