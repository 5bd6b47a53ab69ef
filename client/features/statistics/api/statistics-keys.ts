/** The statistics feature's cache keys: every query and invalidation of its data uses these (docs/how-to.md). */
export const statisticsKeys = {
  coachDashboard: (date: string, teamId: string) => ['coach-dashboard', date, teamId] as const,
  managerDashboard: (month: string, officeId: string) => ['manager-dashboard', month, officeId] as const,
  orders: (filter: object | null) => ['order-statistics', filter] as const,
}
