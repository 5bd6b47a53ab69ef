import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FeedKind } from '../../../shared/rules/feed'
import type { DomainEvent } from '../../platform/events'
import type { FeedContext } from './feed.context'

type Moment = {
  sourceKey: string
  kind: FeedKind
  subjectId: string | null
  what: string[]
  orderValueOre?: number | null
  officeId: string | null
  teamId: string | null
  at: number
}

/**
 * The moments the feed hears of (issue 76): a sale approved (a regret or any move away from approved takes it out
 * again: the feed never cheers what does not count), a level reached, a badge, a competition won, a new colleague.
 * Each is written once, by its source (`sale:<id>`, `event:<id>`): a delivery heard again writes nothing.
 */
export function feedMoments(ctx: FeedContext) {
  const { database, F, ports, events } = ctx

  async function add(m: Moment): Promise<void> {
    await database.transaction(async (tx) => {
      const [made] = await tx
        .insert(F)
        .values({ id: randomUUID(), authorId: null, text: null, imageId: null, orderValueOre: null, ...m })
        .onConflictDoNothing({ target: F.sourceKey })
        .returning()
      if (made) await events.record(tx, 'feed.changed', { itemId: made.id, officeId: made.officeId }, { actorId: null, at: m.at })
    })
  }

  return {
    /** A sale approved: its moment; moved away from approved: the moment goes (written again if approved again). */
    async fromSaleStatus(e: DomainEvent<'sale.statusChanged'>): Promise<void> {
      const p = e.payload
      const key = `sale:${p.saleId}`
      if (p.to !== 'approved') {
        if (p.from !== 'approved') return
        await database.transaction(async (tx) => {
          const [gone] = await tx.delete(F).where(eq(F.sourceKey, key)).returning()
          if (!gone) return
          await tx.delete(ctx.R).where(eq(ctx.R.itemId, gone.id))
          await tx.delete(ctx.C).where(eq(ctx.C.itemId, gone.id))
          await events.record(tx, 'feed.changed', { itemId: gone.id, officeId: gone.officeId }, { actorId: null, at: e.occurredAt })
        })
        return
      }
      const sale = await ports.sale(ctx.db, p.saleId)
      const names = sale ? await ports.productNames(ctx.db, [...new Set(sale.lines.map((l) => l.productId))]) : new Map<string, string>()
      await add({
        sourceKey: key,
        kind: 'sale',
        subjectId: p.sellerId,
        what: [...names.values()].sort((a, b) => a.localeCompare(b, 'sv')),
        orderValueOre: sale?.orderValueOre ?? null,
        officeId: p.officeId,
        teamId: p.teamId,
        at: e.occurredAt,
      })
    },

    /** A level, a badge, a competition won (the winner's office; the whole organisation's for an organisation's). */
    async fromGame(e: DomainEvent<'game.levelReached' | 'game.badgeAwarded' | 'game.competitionFinished'>): Promise<void> {
      if (e.name === 'game.competitionFinished') {
        const p = (e as DomainEvent<'game.competitionFinished'>).payload
        const winner = p.winners.find((w) => w.rank === 1)
        if (!winner) return
        const place = p.kind === 'sellers' ? await ports.placeOf(ctx.db, winner.id) : null
        return add({
          sourceKey: `event:${e.id}`,
          kind: 'competition',
          subjectId: p.kind === 'sellers' ? winner.id : null,
          what: [p.name, winner.name],
          officeId: p.kind === 'offices' ? winner.id : (place?.officeId ?? null),
          teamId: p.kind === 'teams' ? winner.id : (place?.teamId ?? null),
          at: e.occurredAt,
        })
      }
      const p = (e as DomainEvent<'game.levelReached' | 'game.badgeAwarded'>).payload
      const place = await ports.placeOf(ctx.db, p.userId)
      if (!place?.officeId) return
      await add({
        sourceKey: `event:${e.id}`,
        kind: e.name === 'game.levelReached' ? 'level' : 'badge',
        subjectId: p.userId,
        what: ['levelName' in p ? p.levelName : p.name],
        officeId: place.officeId,
        teamId: place.teamId,
        at: e.occurredAt,
      })
    },

    /** A new colleague: welcomed in their office's feed. */
    async fromUser(e: DomainEvent<'user.changed'>): Promise<void> {
      if (e.payload.action !== 'created') return
      const place = await ports.placeOf(ctx.db, e.payload.userId)
      if (!place?.officeId) return
      await add({
        sourceKey: `event:${e.id}`,
        kind: 'colleague',
        subjectId: e.payload.userId,
        what: [],
        officeId: place.officeId,
        teamId: place.teamId,
        at: e.occurredAt,
      })
    },
  }
}
