import type { ListQuery } from '../../../../shared/schemas/pagination'

/** The scheduled messages' cache keys: every query and invalidation of their data uses these (docs/how-to.md). */
export const scheduledMessagesKeys = {
  all: ['scheduled-messages'] as const,
  list: (query: ListQuery, filters: object) => ['scheduled-messages', 'list', query, filters] as const,
  detail: (id: string) => ['scheduled-messages', 'detail', id] as const,
  choices: ['scheduled-messages', 'choices'] as const,
  nextSends: (schedule: unknown) => ['scheduled-messages', 'next-sends', schedule] as const,
  preview: (input: unknown) => ['scheduled-messages', 'preview', input] as const,
}
