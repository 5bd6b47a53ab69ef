/**
 * The team feed (issue 76, docs/decisions/102): what a feed shows, the reactions it offers, and who sees an item.
 */

/** The moments of a feed: a sale approved, a level, a badge, a competition won, a new colleague, a manager's post. */
export const FEED_KINDS = ['sale', 'level', 'badge', 'competition', 'colleague', 'post'] as const
export type FeedKind = (typeof FEED_KINDS)[number]

/** The few reactions a feed offers (one of each per person and item). */
export const FEED_REACTIONS = ['👏', '🔥', '🎉', '💪', '❤️'] as const
export type FeedReaction = (typeof FEED_REACTIONS)[number]

export const FEED_POST_MAX = 2_000
export const FEED_COMMENT_MAX = 500
/** A page of the feed. */
export const FEED_PAGE = 20
/** The newest comments shown under an item in the list (the item's own view shows them all). */
export const FEED_COMMENTS_SHOWN = 3

/** An item as visibility reads it. */
export type FeedPlace = { officeId: string | null; teamId: string | null; kind: FeedKind; subjectId: string | null; authorId: string | null }
/** The reader as visibility reads them. */
export type FeedReader = { id: string; officeId: string | null; teamIds: string[]; everyOffice: boolean; postsIn: (officeId: string) => boolean }

/**
 * Whether a reader sees an item: the whole organisation's items everyone; an office's items the people of that office
 * (and those who see every office); a post to a team only that team and those who may post in its office. The
 * person an item is about, and its author, always see it. Whether its person chose to be hidden from others is
 * decided beside this (the reader's query leaves them out).
 */
export function feedVisible(item: FeedPlace, reader: FeedReader): boolean {
  if (item.subjectId === reader.id || item.authorId === reader.id) return true
  if (item.officeId === null) return true
  if (!reader.everyOffice && item.officeId !== reader.officeId) return false
  if (item.kind === 'post' && item.teamId !== null) return reader.teamIds.includes(item.teamId) || reader.postsIn(item.officeId)
  return true
}
