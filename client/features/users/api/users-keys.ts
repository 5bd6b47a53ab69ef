import type { ListQuery } from '../../../../shared/schemas/pagination'

/** The users feature's cache keys: every query and invalidation of its data uses these (docs/how-to.md). */
export const usersKeys = {
  all: ['users'] as const,
  list: (query: ListQuery, filters: object) => ['users', query, filters] as const,
  user: {
    all: ['user'] as const,
    detail: (id: string) => ['user', id] as const,
  },
  roles: ['roles'] as const,
  roleOptions: ['role-options'] as const,
  teamOptions: ['team-options'] as const,
  titles: ['user-titles'] as const,
  titleItems: ['title-items'] as const,
  externalTemplates: ['external-templates'] as const,
  externalAccounts: (userId: string) => ['user-external-accounts', userId] as const,
}
