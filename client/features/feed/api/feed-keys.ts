/** The team feed's cache keys (docs/how-to.md). */
export const feedKeys = {
  all: ['feed'] as const,
  pages: ['feed', 'pages'] as const,
  item: (id: string) => ['feed', 'item', id] as const,
}
