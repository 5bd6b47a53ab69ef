import type { CoachDashboardQuery, ManagerDashboardQuery } from '../../../../shared/schemas/statistics'
import { call, rpc } from '../../../lib/api-client'

export const coachDashboard = (query: CoachDashboardQuery, signal?: AbortSignal) => call(rpc.dashboards.coach.$get({ query }, { init: { signal } }))
export const managerDashboard = (query: ManagerDashboardQuery, signal?: AbortSignal) => call(rpc.dashboards.manager.$get({ query }, { init: { signal } }))
