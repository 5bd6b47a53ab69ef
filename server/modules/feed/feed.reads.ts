import { and, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm'
import { FEED_PAGE } from '../../../shared/rules/feed'
import type { FeedItem, FeedPage } from '../../../shared/schemas/feed'
import type { Db } from '../../db/client'
import { notFound } from '../../lib/errors'
import { readerOf, type FeedActor, type FeedContext } from './feed.context'

/** How many rows one page may read to fill itself when many are not for the reader (bounded: a page is never slow). */
const MAX_ROWS_READ = FEED_PAGE * 10

/** The feed as a person reads it: their office's and the whole organisation's moments, newest first, a page at a time. */
export function feedReads(ctx: FeedContext) {
  const { db, F, settingsOf, seenAmong, views } = ctx

  return {
    /** A page older than `before` (`<at>_<id>` of the last item read), with the reader's own settings. */
    async page(actor: FeedActor, before?: string): Promise<FeedPage> {
      const reader = readerOf(actor)
      const place = reader.everyOffice ? undefined : actor.officeId ? or(isNull(F.officeId), eq(F.officeId, actor.officeId)) : isNull(F.officeId)
      let cursor = before ? { at: Number(before.split('_')[0]), id: before.slice(before.indexOf('_') + 1) } : null
      const shown: Array<typeof F.$inferSelect> = []
      let read = 0
      let more = true
      // Read in slices until the page is full: posts to other teams and hidden people's moments are skipped.
      while (shown.length < FEED_PAGE && more && read < MAX_ROWS_READ) {
        const older = cursor ? or(lt(F.at, cursor.at), and(eq(F.at, cursor.at), lt(F.id, cursor.id))) : undefined
        const rows = await db
          .select()
          .from(F)
          .where(and(isNull(F.removedAt), place, older))
          .orderBy(desc(F.at), desc(F.id))
          .limit(FEED_PAGE * 2)
        read += rows.length
        more = rows.length === FEED_PAGE * 2
        if (rows.length === 0) break
        const seen = await seenAmong(db, actor, rows)
        for (const r of rows) {
          cursor = { at: r.at, id: r.id }
          if (!seen.has(r.id)) continue
          shown.push(r)
          if (shown.length === FEED_PAGE) break
        }
      }
      // The next page starts after the last row this one went through (shown or skipped).
      const full = shown.length === FEED_PAGE || (more && read >= MAX_ROWS_READ)
      return {
        items: await views(db, actor, shown),
        next: full && cursor ? `${cursor.at}_${cursor.id}` : null,
        settings: await settingsOf(db, actor.id),
        mayPost: reader.everyOffice || (actor.officeId !== null && reader.postsIn(actor.officeId)),
      }
    },

    /** Those of these people who muted the feed (the alerts tell them nothing of it). */
    async mutedAmong(on: Db, userIds: string[]): Promise<Set<string>> {
      const muted = new Set<string>()
      for (let i = 0; i < userIds.length; i += 500) {
        const rows = await on
          .select({ userId: ctx.S.userId })
          .from(ctx.S)
          .where(and(inArray(ctx.S.userId, userIds.slice(i, i + 500)), eq(ctx.S.muted, true)))
        for (const r of rows) muted.add(r.userId)
      }
      return muted
    },

    /** Whether the actor sees the post that shows this image. */
    async mayReadImage(on: Db, actor: FeedActor, fileId: string): Promise<boolean> {
      const [row] = await on.select().from(F).where(eq(F.imageId, fileId)).limit(1)
      return !!row && (await ctx.sees(on, actor, row))
    },

    /** One item with all its comments (a removed one, or one the reader may not see, is not there). */
    async item(actor: FeedActor, id: string): Promise<FeedItem> {
      const [row] = await db.select().from(F).where(eq(F.id, id))
      if (!row || !(await ctx.sees(db, actor, row))) throw notFound()
      return (await views(db, actor, [row], true))[0]!
    },
  }
}
