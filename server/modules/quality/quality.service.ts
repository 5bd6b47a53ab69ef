import type { Deps } from '../../platform/deps'
import { qualityStatistics } from './quality.statistics'
import { qualityAnalytics } from './quality.analytics'
import type { QualityPorts } from './quality.ports'

import { qualityContext } from './quality.context'
import { qualityIntake } from './quality.intake'
import { surveyOutcomes, surveyReads } from './quality.surveys'
import { templateChanges, templateReads } from './quality.templates'

export { LINK_TTL_MS, QR_TTL_MS, RETRY_AFTER_MS } from './quality.context'

/**
 * Sale quality (docs/decisions/045): templates with versions that never change once answered, the call queue fed by
 * the sales area's `sale.created` events through the sampling rule, and the three outcomes of a call: answered
 * (graded; the grade goes to the sale by event), not reached (after the version's maximum the sale becomes
 * unanswered) and regret (the sale becomes regret). The sale moves through the sales area's lifecycle.
 * Assembled from its parts: quality.templates.ts, quality.surveys.ts and quality.intake.ts over quality.context.ts.
 */
export function qualityService(deps: Pick<Deps, 'database' | 'events' | 'mail'>, ports: QualityPorts) {
  const ctx = qualityContext(deps, ports)
  return {
    statistics: qualityStatistics({ database: deps.database }, ports),
    analytics: qualityAnalytics(deps.database),
    templates: { reads: templateReads(ctx), changes: templateChanges(ctx) },
    surveys: { reads: surveyReads(ctx), outcomes: surveyOutcomes(ctx) },
    intake: qualityIntake(ctx),
  }
}

export type QualityService = ReturnType<typeof qualityService>
