import type { EventBus } from '../../platform/events'
import type { salesService } from './sales.service'

/** A quality call's grade comes back to its sale (docs/decisions/045). */
export function salesReactions(events: EventBus, sales: ReturnType<typeof salesService>) {
  events.subscribe({
    name: 'sales.qualityGrade',
    events: ['quality.graded'],
    handleInTransaction: (tx, e) => sales.forOthers.quality.graded(tx, e.payload.saleId, e.payload.grade),
  })
}
