import type { BiQuery, StatInput } from '../../../../shared/schemas/assistant'
import { call, rpc } from '../../../lib/api-client'

/** The BI assistant (docs/decisions/053): questions, structured queries, and the saved statistics views. */
export const getAssistantSettings = (signal?: AbortSignal) => call(rpc.assistant.settings.$get(undefined, { init: { signal } }))
export const ask = (question: string, previous: BiQuery | undefined, legacy: boolean) =>
  call(rpc.assistant.ask.$post({ json: { question, ...(previous ? { previous } : {}), legacy } }))
export const runQuery = (query: BiQuery, legacy: boolean) => call(rpc.assistant.run.$post({ json: { query, legacy } }))
export const getStats = (signal?: AbortSignal) => call(rpc.assistant.stats.$get(undefined, { init: { signal } }))
export const getStat = (id: string, signal?: AbortSignal) => call(rpc.assistant.stats[':id'].$get({ param: { id } }, { init: { signal } }))
export const getShareRoles = (signal?: AbortSignal) => call(rpc.assistant.stats.roles.$get(undefined, { init: { signal } }))
export const createStat = (json: StatInput) => call(rpc.assistant.stats.$post({ json }))
export const updateStat = (id: string, json: StatInput & { version: number }) => call(rpc.assistant.stats[':id'].$put({ param: { id }, json }))
export const deleteStat = (id: string) => call(rpc.assistant.stats[':id'].$delete({ param: { id } }))
