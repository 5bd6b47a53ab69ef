import { call, rpc } from './api-client'

/** The global search (docs/decisions/061): customers, sale reports, orders and people the reader may read. */
export const searchEverything = (q: string, signal?: AbortSignal) => call(rpc.search.$get({ query: { q } }, { init: { signal } }))
