import type { ListQuery } from '../../../../shared/schemas/pagination'

/** The candidates feature's cache keys: every query and invalidation of its data uses these (docs/how-to.md). */
export const candidatesKeys = {
  all: ['candidates'] as const,
  list: (query: ListQuery, filters: object) => ['candidates', 'list', query, filters] as const,
  detail: (id: string) => ['candidate', id] as const,
  choices: ['candidates', 'choices'] as const,
  settings: ['candidates', 'settings'] as const,
  templates: ['candidates', 'templates'] as const,
  ownPage: (token: string) => ['candidate-own', token] as const,
  signing: (token: string) => ['candidate-sign', token] as const,
}
