/** The terms feature's cache keys: every query and invalidation of its data uses these (docs/how-to.md). */
export const termsKeys = {
  all: ['terms'] as const,
  people: (versionId: string, answer: string, q: string) => ['terms-people', versionId, answer, q] as const,
}
