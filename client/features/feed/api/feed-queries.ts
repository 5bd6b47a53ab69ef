import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type { FeedPostInput, FeedReaction, FeedSettings } from '../../../../shared/schemas/feed'
import { commentOn, feedItem, feedPage, postToFeed, reactTo, removeFeedComment, removeFeedItem, saveFeedSettings } from './feed-api'
import { feedKeys } from './feed-keys'
import { useRefreshAfter } from '../../../lib/query-client'

/** The feed's queries and changes: its screens read and change through these hooks (docs/how-to.md). */

/** The feed, a page at a time (older pages as the reader asks for them). */
export function useFeed() {
  return useInfiniteQuery({
    queryKey: feedKeys.pages,
    queryFn: ({ pageParam, signal }) => feedPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  })
}

export function useFeedItem(id: string | null) {
  return useQuery({ queryKey: feedKeys.item(id ?? ''), queryFn: ({ signal }) => feedItem(id!, signal), enabled: !!id, retry: false })
}

/** Every change reads the feed again (the server decides what each reader sees). */
export function useFeedChanges() {
  const after = useRefreshAfter(feedKeys.all)
  return {
    post: (input: FeedPostInput) => after(postToFeed(input)),
    react: (id: string, emoji: FeedReaction) => after(reactTo(id, emoji)),
    comment: (id: string, text: string) => after(commentOn(id, text)),
    remove: (id: string) => after(removeFeedItem(id)),
    removeComment: (id: string, commentId: string) => after(removeFeedComment(id, commentId)),
    saveSettings: (settings: FeedSettings) => after(saveFeedSettings(settings)),
  }
}
