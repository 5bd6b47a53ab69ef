import type { CoachDashboardQuery } from '../../../../shared/schemas/statistics'
import { call, rpc } from '../../../lib/api-client'

export const coachDashboard = (query: CoachDashboardQuery, signal?: AbortSignal) => call(rpc.dashboards.coach.$get({ query }, { init: { signal } }))
