/** The quality feature's cache keys: every query and invalidation of its data uses these (docs/how-to.md). */
export const qualityKeys = {
  templates: ['quality-templates'] as const,
  template: (id: string) => ['quality-template', id] as const,
  surveys: (query: object) => ['quality-surveys', query] as const,
  survey: (id: string) => ['quality-survey', id] as const,
  publicSurvey: (token: string) => ['public-survey', token] as const,
  stats: (view: 'all' | 'grades' | 'monthly' | 'regret', filter: object) => ['quality-stats', view, filter] as const,
  sellerStats: (filter: object, query: object) => ['quality-stats', 'sellers', filter, query] as const,
}
