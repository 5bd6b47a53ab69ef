import type { ListQuery } from '../../../../shared/schemas/pagination'
import { listQueryParams } from '../../../components/ui/data-table/use-list-query'
import { call, rpc } from '../../../lib/api-client'

export function listOutbox(q: ListQuery, signal?: AbortSignal) {
  return call(rpc.mail.outbox.$get({ query: listQueryParams(q) }, { init: { signal } }))
}

export function sendTestMail() {
  return call(rpc.mail.test.$post())
}
