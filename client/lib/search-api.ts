import { call, rpc } from './api-client'

/** The global search (docs/decisions/061): customers, sale reports, orders and people the reader may read. */
export const searchEverything = (q: string, signal?: AbortSignal) => call(rpc.search.$get({ query: { q } }, { init: { signal } }))

/** The search's cache key: one entry per question asked. */
export const searchKeys = { asked: (q: string) => ['search', q] as const }
