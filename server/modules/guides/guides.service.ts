import type { Deps } from '../../platform/deps'
import { guideAcknowledgements } from './guides.acks'
import { guideCategories } from './guides.categories'
import { guidesContext, type GuidesPorts } from './guides.context'
import { guideEmbeds } from './guides.embeds'
import { embedOpening } from './guides.embed-views'
import { guideManagement } from './guides.manage'
import { guideOffline } from './guides.offline'
import { guideReading } from './guides.reading'
import { guideLogNames } from './guides.views'

export type { Actor, GuidesPorts } from './guides.context'

/**
 * Guides and embeds (docs/decisions/069): categories and guides written in three languages and published in
 * versions, read by the people their audiences admit (on the device too), acknowledged when they must be read; and
 * embeds, outside pages shown to whom they are assigned. Assembled from its parts over guides.context.ts.
 */
export function guidesService(deps: Pick<Deps, 'database' | 'events' | 'secrets'>, ports: GuidesPorts, opts: { now?: () => number } = {}) {
  const ctx = guidesContext(deps, ports, opts)
  const opening = embedOpening(ctx, deps.secrets)
  const admin = guideEmbeds(ctx, deps.secrets)
  const reading = guideReading(ctx, opening.embedsFor)
  return {
    categories: guideCategories(ctx),
    guides: guideManagement(ctx),
    ...reading,
    offline: guideOffline(ctx, reading.reading, opening.embedsFor),
    acks: guideAcknowledgements(ctx),
    embeds: { ...admin.embeds, open: opening.open },
    roleChoices: () => ports.roleChoices(deps.database.db),
    /** Names of guides, categories and embeds by id, for the global activity log. */
    logNames: guideLogNames(ctx),
  }
}
export type GuidesService = ReturnType<typeof guidesService>
