import type { EventBus } from '../../platform/events'
import type { TranscriptionsService } from './transcriptions.service'

/**
 * The transcriptions' reactions: a provider whose sales in a country need a written offer (decision 094) has the
 * telesales law's phrases in its calls' script (decision 098).
 */
export function transcriptionsReactions(events: EventBus, transcriptions: TranscriptionsService) {
  events.subscribe({
    name: 'transcriptions.lawPhrases',
    events: ['offerRule.saved'],
    handleInTransaction: (tx, e) => transcriptions.providerScripts.addLawPhrases(tx, e.payload.providerId, e.payload.country, e.occurredAt, e.actorId),
  })
}
