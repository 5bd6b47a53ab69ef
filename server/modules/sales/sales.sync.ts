import type { PatchOp } from '../../../shared/schemas/sync'
import { saleCorrectionSchema, saleInputSchema } from '../../../shared/schemas/sales'
import type { Schema } from '../../db/client'
import type { FileStore } from '../../platform/files'
import { deviceMutation, type Mutators, type PullSource } from '../../lib/sync-contract'
import { salesRepo } from './sales.repo'
import type { SalesService } from './sales.service'

/** What the sales area gives the sync protocol: the createSale and correctSale mutations and the seller's own sales to pull. */
export function salesSync(t: Schema, service: SalesService, files: FileStore): { mutators: Mutators; owned: PullSource[] } {
  const repo = salesRepo(t, files)
  return {
    mutators: {
      createSale: deviceMutation('create', 'sales', saleInputSchema, (ctx, input) => service.fromDevice.createFromDevice(ctx, input)),
      correctSale: deviceMutation('update', 'sales', saleCorrectionSchema, (ctx, input) => service.correctionFromDevice.correctFromDevice(ctx, input)),
    },
    owned: [
      {
        pending: (tx, userId, since, limit) => repo.changedVersions(tx, userId, since, limit),
        async rows(tx, userId, since, upTo) {
          return (await repo.changedRecords(tx, userId, since, upTo)).map((value): PatchOp => ({ op: 'put', table: 'sales', key: value.id, value }))
        },
      },
    ],
  }
}
