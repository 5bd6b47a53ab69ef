import { and, eq, inArray } from 'drizzle-orm'
import { localized } from '../../../shared/rules/guides'
import { docEmbedIds, type GuideDoc } from '../../../shared/schemas/guide-document'
import type { GuidesOffline, GuideTexts, GuideView } from '../../../shared/schemas/guides'
import type { Db } from '../../db/client'
import { ApiError } from '../../lib/errors'
import { Rejection, type MutatorContext } from '../../lib/sync-contract'
import type { Actor, GuidesContext } from './guides.context'
import { summary, type guideReading } from './guides.reading'

type Reading = ReturnType<typeof guideReading>['reading']

/**
 * The guides on the device (docs/decisions/069): everything a reader needs to read their guides with no network —
 * the dashboard, each guide with its body, the search index — as one snapshot with a tag; and an acknowledgement the
 * device queued, applied when it syncs.
 */
export function guideOffline(ctx: GuidesContext, reading: Reading, embedsFor: (tx: Db, actor: Actor, ids: string[]) => Promise<GuideView['embeds']>) {
  const { db, t } = ctx

  async function bodies(ids: string[]) {
    const out = new Map<string, GuideTexts>()
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await db
        .select({ guideId: t.guideVersions.guideId, texts: t.guideVersions.texts })
        .from(t.guideVersions)
        .innerJoin(t.guides, and(eq(t.guides.id, t.guideVersions.guideId), eq(t.guides.publishedNumber, t.guideVersions.number)))
        .where(inArray(t.guideVersions.guideId, ids.slice(i, i + 500)))
      for (const r of rows) out.set(r.guideId, r.texts)
    }
    return out
  }

  return {
    async snapshot(actor: Actor): Promise<GuidesOffline> {
      const [dashboard, seen, acks, index] = await Promise.all([
        reading.dashboard(actor),
        ctx.visible(db, actor),
        reading.acksOf(db, actor.id),
        reading.searchIndex(actor),
      ])
      const texts = await bodies(seen.guides.map((g) => g.id))
      const names = new Map(seen.categories.map((c) => [c.id, localized(c.name, actor.language)]))
      const withBodies = seen.guides.flatMap((g) => {
        const base = summary(g, actor.language, acks.get(g.id) ?? null)
        const body: GuideDoc | undefined = texts.get(g.id)?.[base.language]?.body
        return body ? [{ ...base, body, categoryName: names.get(g.categoryId) ?? '', embeds: [] as GuideView['embeds'] }] : []
      })
      const embeds = await embedsFor(db, actor, [...new Set(withBodies.flatMap((g) => docEmbedIds(g.body)))])
      for (const g of withBodies) g.embeds = embeds.filter((e) => docEmbedIds(g.body).includes(e.id))
      const tag = `${index.tag}.${withBodies.map((g) => `${g.acknowledged ? 1 : 0}`).join('')}.${dashboard.embeds.map((e) => e.id).join(',')}`
      return { tag, language: actor.language, savedAt: Date.now(), dashboard, guides: withBodies, index: index.index }
    },

    /** A device's acknowledgement, in the push's transaction: refused (never retried) when the guide is not theirs to read. */
    async acknowledgeFromDevice(sync: MutatorContext, input: { guideId: string; number: number; at: number }) {
      const actor: Actor = { id: sync.actor.id, ability: sync.actor.ability, language: 'sv' }
      try {
        await reading.acknowledgeIn(sync.tx, actor, input.guideId, input.number, Math.min(input.at, sync.now))
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) throw new Rejection('conflict')
        if (err instanceof ApiError && err.status === 400) throw new Rejection('validation_failed', err.options.fieldErrors ?? {})
        throw err
      }
    },
  }
}
