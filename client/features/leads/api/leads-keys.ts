/** The lead-list tool's cache keys (docs/how-to.md). */
export const leadsKeys = {
  all: ['leads'] as const,
  lists: (campaign: string) => ['leads', 'lists', campaign] as const,
  list: (id: string) => ['leads', 'list', id] as const,
  preview: (id: string, mapping: object) => ['leads', 'preview', id, mapping] as const,
  formats: ['leads', 'formats'] as const,
  sources: ['leads', 'sources'] as const,
}
