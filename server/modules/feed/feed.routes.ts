import { randomUUID } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { FILE_KINDS } from '../../../shared/schemas/files'
import {
  feedCommentIdSchema,
  feedCommentSchema,
  feedIdSchema,
  feedPostSchema,
  feedQuerySchema,
  feedReactionSchema,
  feedSettingsSchema,
} from '../../../shared/schemas/feed'
import { access } from '../../lib/access'
import type { AppEnv, AuthContext } from '../../lib/context'
import { uploadUpTo } from '../../lib/upload-limit'
import { validate } from '../../lib/validate'
import { readUpload, type FileStore } from '../../platform/files'
import type { FeedActor, FeedService } from './feed.service'

/** The signed-in person as the feed reads them: who they are, what they may do, their office and teams. */
const actorOfAuth = (auth: AuthContext): FeedActor => ({
  id: auth.userData.id,
  ability: auth.ability,
  officeId: auth.userData.officeId,
  teamIds: auth.userData.teamIds,
})
const actorOf = (c: Context<AppEnv>) => actorOfAuth(c.var.auth!)
/** What one person's images not yet in a post may add up to. */
const UNPOSTED_IMAGES_BYTES = 20 * 1024 * 1024

/**
 * The team feed (docs/decisions/102): everyone in the sales game (`view salesflow`) reads the feed of the people they may see, reacts and
 * comments; managers post (`create feed_posts` in their office) and remove what does not belong (`delete feed_posts`);
 * an item's author and the person it is about remove it too.
 */
export function feedRoutes(feed: FeedService, files: FileStore) {
  // The feed is the sales game's room: whoever takes part in the game reads it, reacts and comments.
  const reads = access.can('view', 'salesflow')
  // A post's image is read by whoever sees the post (its author always).
  files.readPolicy('feed_image', async (file, auth, db) => feed.reads.mayReadImage(db, actorOfAuth(auth), file.id))
  return (
    new Hono<AppEnv>()
      .get('/feed', reads, validate('query', feedQuerySchema), async (c) => c.json(await feed.reads.page(actorOf(c), c.req.valid('query').before), 200))
      .get('/feed/:id', reads, validate('param', feedIdSchema), async (c) => c.json(await feed.reads.item(actorOf(c), c.req.valid('param').id), 200))
      .post('/feed/posts', access.can('create', 'feed_posts'), validate('json', feedPostSchema), async (c) =>
        c.json(await feed.changes.post(actorOf(c), c.req.valid('json'), { now: Date.now(), translate: c.var.t }), 201),
      )
      // A post's image, checked by its content before the post names it.
      .post('/feed/images', access.can('create', 'feed_posts'), uploadUpTo(FILE_KINDS.feed_image.maxBytes), async (c) => {
        const { name, contentType, data } = await readUpload(c, 'feed_image', 'image')
        const id = randomUUID()
        await files.store({ id, kind: 'feed_image', userId: c.var.auth!.userData.id, name, contentType, data }, Date.now(), {
          quotaBytes: UNPOSTED_IMAGES_BYTES,
        })
        return c.json({ id, src: `/api/files/${id}` }, 201)
      })
      .post('/feed/:id/reactions', reads, validate('param', feedIdSchema), validate('json', feedReactionSchema), async (c) =>
        c.json(await feed.changes.react(actorOf(c), c.req.valid('param').id, c.req.valid('json').emoji, Date.now()), 200),
      )
      .post('/feed/:id/comments', reads, validate('param', feedIdSchema), validate('json', feedCommentSchema), async (c) =>
        c.json(await feed.changes.comment(actorOf(c), c.req.valid('param').id, c.req.valid('json').text, Date.now()), 201),
      )
      .delete('/feed/:id', reads, validate('param', feedIdSchema), async (c) => {
        await feed.changes.removeItem(actorOf(c), c.req.valid('param').id, Date.now())
        return c.body(null, 204)
      })
      .delete('/feed/:id/comments/:commentId', reads, validate('param', feedCommentIdSchema), async (c) => {
        const { id, commentId } = c.req.valid('param')
        await feed.changes.removeComment(actorOf(c), id, commentId, Date.now())
        return c.body(null, 204)
      })
      .put('/feed/settings', reads, validate('json', feedSettingsSchema), async (c) =>
        c.json(await feed.changes.saveSettings(actorOf(c), c.req.valid('json'), Date.now()), 200),
      )
  )
}
