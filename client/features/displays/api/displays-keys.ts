/** The office screens' cache keys (docs/how-to.md). */
export const displaysKeys = {
  all: ['displays'] as const,
  list: ['displays', 'list'] as const,
}
