import { useQueryClient } from '@tanstack/react-query'
import type { ListQuery } from '../../../../shared/schemas/pagination'
import { useListPage } from '../../../components/ui/data-table/use-list-query'
import { listContactBlocks } from './customers-api'
import { customersKeys } from './customers-keys'

/** The customers feature's queries (docs/how-to.md, a screen, point 10). */

/** A page of the do-not-contact register. */
export function useContactBlocks(query: ListQuery) {
  return useListPage(customersKeys.blocks.list, listContactBlocks, query, {})
}

/** After an entry was added or removed: the register is read again. */
export function useRefreshContactBlocks() {
  const queryClient = useQueryClient()
  return () => void queryClient.invalidateQueries({ queryKey: customersKeys.blocks.all })
}
