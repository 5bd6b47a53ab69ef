import type { EventBus } from '../../platform/events'
import type { qualityService } from './quality.service'

/**
 * The quality call queue from the sales area's events (docs/decisions/045): a new sale may need a survey; a sale's
 * call checked against its provider's script (seller transcriptions, docs/decisions/076) is taken into its survey.
 */
export function qualityReactions(events: EventBus, quality: ReturnType<typeof qualityService>) {
  events.subscribe({ name: 'quality.queue', events: ['sale.created'], handleInTransaction: (tx, e) => quality.intake.fromSaleCreated(tx, e) })
  events.subscribe({ name: 'quality.script-checks', events: ['transcription.ready'], handleInTransaction: (tx, e) => quality.intake.fromTranscription(tx, e) })
}
