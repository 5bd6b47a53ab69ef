import type { ListQuery } from '../../../../shared/schemas/pagination'

/** The time reports feature's cache keys: every query and invalidation of its data uses these (docs/how-to.md). */
export const timeReportsKeys = {
  all: ['time-reports'] as const,
  list: (query: ListQuery, filters: object) => ['time-reports', query, filters] as const,
  detail: (id: string) => ['time-report', id] as const,
  attestations: {
    all: ['time-attestations'] as const,
    of: (month: string, teamId: string | undefined, officeId: string | undefined) => ['time-attestations', month, teamId, officeId] as const,
  },
  sick: (state: string, days: number | undefined, teamId: string | undefined, officeId: string | undefined) =>
    ['sick-notices', state, days, teamId, officeId] as const,
}
