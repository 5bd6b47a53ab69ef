import type { OrderStatsFilter } from '../../../../shared/schemas/statistics'
import { call, rpc } from '../../../lib/api-client'

export const orderStatistics = (query: OrderStatsFilter, signal?: AbortSignal) => call(rpc.statistics.orders.$get({ query }, { init: { signal } }))
