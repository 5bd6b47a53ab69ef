import { feedChanges } from './feed.changes'
import { feedContext, type FeedDeps, type FeedPorts } from './feed.context'
import { feedMoments } from './feed.moments'
import { feedReads } from './feed.reads'

export type { FeedPorts, FeedActor } from './feed.context'

/**
 * The team feed (issue 76, docs/decisions/102): the moments of the people one may see (sales approved, levels,
 * badges, competitions won, new colleagues) and managers' posts, with reactions and comments, moderation, and each
 * person's own choice to mute the feed or hide their own moments.
 */
export function feedService(deps: FeedDeps, ports: FeedPorts) {
  const ctx = feedContext(deps, ports)
  return {
    /** a page of the feed, one item with its comments */
    reads: feedReads(ctx),
    /** posts, reactions, comments, removals, a person's settings */
    changes: feedChanges(ctx),
    /** the moments heard from other areas' events */
    moments: feedMoments(ctx),
  }
}
export type FeedService = ReturnType<typeof feedService>
