/** The sales game's cache keys: every query and invalidation of its data uses these (docs/how-to.md). */
export const gameKeys = {
  all: ['game'] as const,
  me: () => ['game', 'me'] as const,
  player: (personId: string) => ['game', 'player', personId] as const,
  shop: () => ['game', 'shop'] as const,
  badges: () => ['game', 'badges'] as const,
  competitions: () => ['game', 'competitions'] as const,
  competition: (id: string) => ['game', 'competitions', id] as const,
  leaderboards: () => ['game', 'leaderboard'] as const,
  leaderboard: (scope: string, period: string, teamId: string) => ['game', 'leaderboard', scope, period, teamId] as const,
  admin: {
    badges: () => ['game', 'admin', 'badges'] as const,
    levels: () => ['game', 'admin', 'levels'] as const,
    rewards: () => ['game', 'admin', 'rewards'] as const,
    purchases: (status: string) => ['game', 'admin', 'purchases', status] as const,
  },
}
