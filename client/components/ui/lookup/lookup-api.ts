import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { LookupAnswer, LookupItem, LookupWithin } from '../../../../shared/schemas/lookups'
import { call, rpc } from '../../../lib/api-client'

export type LookupKind = 'providers' | 'products' | 'teams' | 'offices' | 'regions' | 'users'

/** A lookup's question: by search, by ids, within a parent; `within` a list for an office filter (its records the reader may see). */
export type LookupParams = { q?: string; ids?: string; parentId?: string; within?: LookupWithin }

/** The choices of one kind (GET /api/lookups/<kind>): by search, by ids, within a parent. */
/** The lookups' cache keys: a list's change invalidates its kind (`lookupKeys.kind('offices')`). */
export const lookupKeys = {
  all: ['lookup'] as const,
  kind: (kind: LookupKind) => ['lookup', kind] as const,
  search: (kind: LookupKind, query: LookupParams) => ['lookup', kind, query] as const,
}

export function fetchLookup(kind: LookupKind, query: LookupParams, signal?: AbortSignal): Promise<LookupAnswer> {
  const clean = Object.fromEntries(Object.entries(query).filter(([, v]) => v)) as Record<string, string>
  return call(rpc.lookups[kind].$get({ query: clean }, { init: { signal } }))
}

/**
 * A lookup's choices, cached a minute (filters on one screen ask the same). `keepPrevious`: while a new search is
 * asked, the last answer stays (marked as placeholder) instead of none.
 */
export function useLookup(kind: LookupKind, query: LookupParams, enabled = true, keepPrevious = false) {
  return useQuery({
    queryKey: lookupKeys.search(kind, query),
    queryFn: ({ signal }) => fetchLookup(kind, query, signal),
    staleTime: 60_000,
    enabled,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  })
}

export type { LookupItem }
