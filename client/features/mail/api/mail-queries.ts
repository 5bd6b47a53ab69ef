import { mailKeys } from './mail-keys'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ListQuery } from '../../../../shared/schemas/pagination'
import { listOutbox } from './mail-api'

/** The mail feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useOutbox(query: ListQuery) {
  return useQuery({ queryKey: mailKeys.list(query), queryFn: ({ signal }) => listOutbox(query, signal), placeholderData: keepPreviousData })
}

/** What follows a change: the data it touched is read again. */
export function useRefreshMail() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: mailKeys.all })
}
