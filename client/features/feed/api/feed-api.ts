import type { FeedPostInput, FeedReaction, FeedSettings } from '../../../../shared/schemas/feed'
import { call, rpc, uploadFile } from '../../../lib/api-client'

/** The team feed (docs/decisions/102). */
export const feedPage = (before: string | undefined, signal?: AbortSignal) => call(rpc.feed.$get({ query: before ? { before } : {} }, { init: { signal } }))
export const feedItem = (id: string, signal?: AbortSignal) => call(rpc.feed[':id'].$get({ param: { id } }, { init: { signal } }))
export const postToFeed = (json: FeedPostInput) => call(rpc.feed.posts.$post({ json }))
export const uploadFeedImage = (file: File) => uploadFile<{ id: string; src: string }>('/api/feed/images', file, file.name, file.type || null)
export const reactTo = (id: string, emoji: FeedReaction) => call(rpc.feed[':id'].reactions.$post({ param: { id }, json: { emoji } }))
export const commentOn = (id: string, text: string) => call(rpc.feed[':id'].comments.$post({ param: { id }, json: { text } }))
export const removeFeedItem = (id: string) => call(rpc.feed[':id'].$delete({ param: { id } }))
export const removeFeedComment = (id: string, commentId: string) => call(rpc.feed[':id'].comments[':commentId'].$delete({ param: { id, commentId } }))
export const saveFeedSettings = (json: FeedSettings) => call(rpc.feed.settings.$put({ json }))
