import { useCallback, useMemo } from 'react'
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query'
import { PAGE_SIZES, type ListQuery } from '../../../../shared/schemas/pagination'
import { useUrlParams } from '../../../lib/use-url-params'
import type { ClientResponse } from 'hono/client'
import { getWith } from '../../../lib/api-client'

/**
 * The list state of a table view, kept in the URL (page, itemsPerPage, q, sortBy, orderBy and any
 * filters), so a view can be shared and survives a reload. `filters` are the list's own filters the address
 * names (`filterKeys`; one left empty is absent), `active` how many are set.
 */
export function useListQuery<K extends string = never>(
  defaults: { sortBy?: string; itemsPerPage?: number; orderBy?: 'asc' | 'desc' } = {},
  filterKeys: readonly K[] = [],
) {
  // A change builds on the one before it, even when that one is not drawn yet (use-url-params.ts).
  const [params, setParams] = useUrlParams()

  const query: ListQuery = useMemo(() => {
    const size = Number(params.get('itemsPerPage'))
    const page = Number(params.get('page'))
    return {
      page: Number.isInteger(page) && page >= 1 ? page : 1,
      itemsPerPage: (PAGE_SIZES as readonly number[]).includes(size) ? size : (defaults.itemsPerPage ?? 10),
      q: params.get('q') || undefined,
      sortBy: params.get('sortBy') || defaults.sortBy,
      orderBy: params.get('orderBy') === 'desc' ? 'desc' : params.get('orderBy') === 'asc' ? 'asc' : (defaults.orderBy ?? 'asc'),
      cursor: params.get('cursor') || undefined,
    }
  }, [params, defaults.itemsPerPage, defaults.sortBy, defaults.orderBy])

  const update = useCallback(
    // A list's own filters are URL keys beside the list query's.
    (
      change: Partial<Record<keyof ListQuery | (string & {}), string | number | undefined>>,
      resetPage = true,
      /** 'push': a step the back button undoes (a dialog opened over the list); a list's own changes replace */
      history: 'replace' | 'push' = 'replace',
    ) => {
      setParams(
        (next) => {
          for (const [key, value] of Object.entries(change)) {
            if (value === undefined || value === '') next.delete(key)
            else next.set(key, String(value))
          }
          // A new filter, sort or page size starts from the first page: a page's number and cursor belong to the old one.
          if (resetPage && !('page' in change)) {
            next.delete('page')
            next.delete('cursor')
          }
          return next
        },
        { replace: history === 'replace' },
      )
    },
    [setParams],
  )

  const filters = useMemo(() => Object.fromEntries(filterKeys.map((k) => [k, params.get(k) || undefined])) as Partial<Record<K, string>>, [params, filterKeys])
  const active = filterKeys.filter((k) => filters[k]).length
  return { query, update, filters, active }
}

/**
 * A list's page as the address asks for it (useListQuery's query and filters): read under the feature's key, the
 * page shown kept on screen while the next one loads.
 */
export function useListPage<F, T>(
  key: (query: ListQuery, filters: F) => QueryKey,
  read: (query: ListQuery, filters: F, signal?: AbortSignal) => Promise<T>,
  query: ListQuery,
  filters: F,
) {
  return useQuery({ queryKey: key(query, filters), queryFn: ({ signal }) => read(query, filters, signal), placeholderData: keepPreviousData })
}

/** A list query as the query parameters of a list's API call. */
export function listQueryParams(q: ListQuery, extra: Record<string, string | undefined> = {}): Record<string, string> {
  const p: Record<string, string> = { page: String(q.page), itemsPerPage: String(q.itemsPerPage) }
  if (q.q) p.q = q.q
  if (q.sortBy) p.sortBy = q.sortBy
  p.orderBy = q.orderBy
  if (q.cursor) p.cursor = q.cursor
  for (const [k, v] of Object.entries(extra)) if (v) p[k] = v
  return p
}

/**
 * A list endpoint's page: the list's page, sort and search with the screen's filters, whose names the endpoint's
 * query schema must know (a filter it does not take is a type error).
 */
export function getList<Q, R extends ClientResponse<unknown>>(
  get: (args: { query: Q }, options: { init: RequestInit }) => Promise<R>,
  q: ListQuery,
  filters: { [K in Exclude<keyof Q, keyof ListQuery>]?: string },
  signal?: AbortSignal,
) {
  return getWith(get, { ...filters, ...listQueryParams(q) } as { [K in keyof Q]?: string }, signal)
}

export function listQueryString(q: ListQuery, extra: Record<string, string | undefined> = {}): string {
  return new URLSearchParams(listQueryParams(q, extra)).toString()
}
