import { z } from 'zod'
import { FEED_COMMENT_MAX, FEED_POST_MAX, FEED_REACTIONS, type FeedKind, type FeedReaction } from '../rules/feed'

/** The team feed (issue 76, docs/decisions/102). */
export { FEED_REACTIONS, type FeedKind, type FeedReaction }

export const feedIdSchema = z.strictObject({ id: z.uuid() })

/** A page of the feed: older than the last item read (its time and id). */
export const feedQuerySchema = z.strictObject({
  before: z
    .string()
    .regex(/^\d{1,15}_[0-9a-f-]{36}$/)
    .optional(),
})

/** A manager's post: text (and an image uploaded first), to the office or one of its teams, or (admins) everyone. */
export const feedPostSchema = z.strictObject({
  text: z.string().trim().min(1, { error: 'validation.required' }).max(FEED_POST_MAX),
  imageId: z.uuid().nullable().default(null),
  /** null: the whole organisation (those who may post everywhere) */
  officeId: z.uuid().nullable(),
  teamId: z.uuid().nullable().default(null),
})
export type FeedPostInput = z.input<typeof feedPostSchema>

export const feedReactionSchema = z.strictObject({ emoji: z.enum(FEED_REACTIONS) })
export const feedCommentSchema = z.strictObject({ text: z.string().trim().min(1, { error: 'validation.required' }).max(FEED_COMMENT_MAX) })
export const feedCommentIdSchema = z.strictObject({ id: z.uuid(), commentId: z.uuid() })

/**
 * A person's own choices: the feed muted (it tells them nothing: no feed alerts at all), their own moments hidden
 * from others. What reaches their phone otherwise is their notification settings' (feedPost, feedMine).
 */
export const feedSettingsSchema = z.strictObject({ muted: z.boolean(), hideOwn: z.boolean() })
export type FeedSettings = z.infer<typeof feedSettingsSchema>

export type FeedComment = { id: string; userId: string; name: string; initials: string; text: string; at: number; mayRemove: boolean }

/** An item as a reader sees it. */
export type FeedItem = {
  id: string
  kind: FeedKind
  at: number
  /** the person it is about (a sale's seller, a new colleague), or the post's author */
  person: { id: string; name: string; initials: string } | null
  teamName: string | null
  officeName: string | null
  /** what was sold, the level's, badge's or competition's name */
  what: string[]
  orderValueOre: number | null
  text: string | null
  image: string | null
  reactions: Array<{ emoji: FeedReaction; count: number; mine: boolean }>
  comments: FeedComment[]
  commentCount: number
  mayRemove: boolean
}

export type FeedPage = { items: FeedItem[]; next: string | null; settings: FeedSettings; mayPost: boolean }
