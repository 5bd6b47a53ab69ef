import type { ListQuery } from '../../../../shared/schemas/pagination'

/** The sales feature's cache keys (the back office's side; the device reads Dexie): every query and invalidation of its data uses these (docs/how-to.md). */
export const salesKeys = {
  reports: {
    all: ['sale-reports'] as const,
    list: (query: ListQuery, filters: object) => ['sale-reports', query, filters] as const,
  },
  report: (id: string) => ['sale-report', id] as const,
  summary: (from: string | undefined, to: string | undefined) => ['sale-report-summary', from, to] as const,
  deviations: {
    all: ['deviations'] as const,
    list: (query: ListQuery, filters: object) => ['deviations', query, filters] as const,
  },
  deviation: (id: string) => ['deviation', id] as const,
  doubleSales: {
    all: ['double-sales'] as const,
    list: (query: ListQuery, filters: object) => ['double-sales', query, filters] as const,
  },
  settings: ['sale-settings'] as const,
}
