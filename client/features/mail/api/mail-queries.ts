import type { ListQuery } from '../../../../shared/schemas/pagination'
import { listOutbox } from './mail-api'
import { mailKeys } from './mail-keys'
import { keepPreviousData, useQuery } from '@tanstack/react-query'

/** The mail feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useOutbox(query: ListQuery) {
  return useQuery({ queryKey: mailKeys.list(query), queryFn: ({ signal }) => listOutbox(query, signal), placeholderData: keepPreviousData })
}
