import type { Deps } from '../../platform/deps'
import { ordersContext, type OrdersPorts } from './orders.context'
import { defineImportJob } from './orders.import-job'
import { orderImports } from './orders.imports'
import { orderMatching } from './orders.matching'
import { orderReads } from './orders.reads'

export type { OrdersPorts } from './orders.context'

/**
 * The orders area (docs/decisions/026): a provider's order file is uploaded, mapped (the provider's mapping
 * remembered, else guessed from the headers), previewed — every row checked and matched, nothing written — and run
 * as a job: order registrations created or updated (by the provider's order number, else the customer and date),
 * matched to sale reports, with progress; at the end, approved sales of the file's period that no order
 * registration has are flagged where the provider requires order numbers.
 * Assembled from its parts: orders.imports.ts (and the job, orders.import-job.ts), orders.reads.ts and
 * orders.matching.ts over orders.context.ts.
 */
export function ordersService(deps: Pick<Deps, 'database' | 'files' | 'jobs' | 'events' | 'downloads'>, ports: OrdersPorts) {
  const ctx = ordersContext(deps, ports)
  defineImportJob(ctx)
  const reads = orderReads(ctx)
  return { imports: orderImports(ctx), ...reads, matching: orderMatching(ctx, reads) }
}

export type OrdersService = ReturnType<typeof ordersService>
