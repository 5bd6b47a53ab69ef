import type { FeedKind } from '../../../shared/rules/feed'
import { table } from './table'

/**
 * The team feed (issue 76, docs/decisions/102). An item is a moment the feed area heard of (a sale approved, a level,
 * a badge, a competition won, a new colleague; `sourceKey` makes hearing it twice write it once) or a manager's post;
 * removed items keep their row (`removedAt`) so a removal reaches every device that still shows them.
 */
export const [feedItems, feedItemsPg] = table(
  'feed_items',
  (k) => ({
    id: k.id(),
    kind: k.text('kind').$type<FeedKind>().notNull(),
    /** the moment it came from (`sale:<id>`, `event:<id>`), null for a post */
    sourceKey: k.text('source_key').unique(),
    /** null: the whole organisation */
    officeId: k.text('office_id'),
    teamId: k.text('team_id'),
    /** the person it is about (the seller, the new colleague, the winner) */
    subjectId: k.text('subject_id'),
    /** who wrote it (a post) */
    authorId: k.text('author_id'),
    what: k.json('what').$type<string[]>().notNull(),
    orderValueOre: k.bigint('order_value_ore'),
    text: k.text('text'),
    imageId: k.text('image_id'),
    at: k.ms('at').notNull(),
    removedAt: k.ms('removed_at'),
    removedById: k.text('removed_by_id'),
  }),
  (t, k) => [k.index('feed_items_office').on(t.officeId, t.at, t.id), k.index('feed_items_at').on(t.at, t.id), k.index('feed_items_image').on(t.imageId)],
)

/** A person's reactions to an item: one of each emoji. */
export const [feedReactions, feedReactionsPg] = table(
  'feed_reactions',
  (k) => ({
    itemId: k.text('item_id').notNull(),
    userId: k.text('user_id').notNull(),
    emoji: k.text('emoji').notNull(),
    at: k.ms('at').notNull(),
  }),
  (t, k) => [k.primaryKey({ columns: [t.itemId, t.userId, t.emoji] })],
)

/** Comments on an item; a removed one keeps its row (a device that shows it removes it). */
export const [feedComments, feedCommentsPg] = table(
  'feed_comments',
  (k) => ({
    id: k.id(),
    itemId: k.text('item_id').notNull(),
    userId: k.text('user_id').notNull(),
    text: k.text('text').notNull(),
    at: k.ms('at').notNull(),
    removedAt: k.ms('removed_at'),
    removedById: k.text('removed_by_id'),
  }),
  (t, k) => [k.index('feed_comments_item').on(t.itemId, t.at)],
)

/** A person's choices: the feed muted, their own moments hidden from others (what is pushed: notification settings). */
export const [feedSettings, feedSettingsPg] = table('feed_settings', (k) => ({
  userId: k.text('user_id').primaryKey(),
  muted: k.bool('muted').notNull().default(false),
  hideOwn: k.bool('hide_own').notNull().default(false),
  updatedAt: k.updatedAt(),
}))
