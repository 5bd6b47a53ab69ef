import type { Deps } from '../../platform/deps'
import { type CustomersPorts, customersContext } from './customers.context'
import { customersChanges } from './customers.changes'
import { customersReads } from './customers.reads'
import { customersBlocks } from './customers.blocks'

export { type CustomersPorts, customerSearchText } from './customers.context'

/**
 * The customer register (docs/decisions/027): built from the sales area's events (a sale made, a customer
 * corrected) by `fromSale`, which is idempotent — the same sale again changes nothing — and keeps the contact
 * details of the customer's latest sale. Back office corrects contact details and keeps a note through `update`
 * (version-checked, logged). Identity numbers are masked in every answer but `identity`, which logs each reading.
 */
export function customersService({ database, events }: Pick<Deps, 'database' | 'events'>, ports: CustomersPorts) {
  const ctx = customersContext({ database, events }, ports)
  const { list } = ctx
  return {
    changes: customersChanges(ctx),
    reads: customersReads(ctx),
    /** the do-not-contact register (docs/decisions/096) */
    blocks: customersBlocks(ctx),
    list,
  }
}
export type CustomersService = ReturnType<typeof customersService>
