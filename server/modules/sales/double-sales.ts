import type { SaleSettings } from '../../../shared/schemas/double-sales'
import type { Database, Db } from '../../db/client'
import { logActivity } from '../../platform/activity-log'
import { SETTINGS_ID, doubleSalesContext } from './double-sales.context'
import { doubleSaleFinder } from './double-sales.finder'
import { doubleSaleDecisions } from './double-sales.decisions'
import { doubleSaleList } from './double-sales.list'

/**
 * Possible double sales (docs/decisions/025, 056). Found by the sales service when a sale arrives or is corrected
 * (`find`, in its transaction): the nearest earlier and the nearest later sale of the same customer, provider and
 * product within the longest window each make a pair with it, once. Back office lists the open ones within the window it has set, confirms one
 * (the chosen sale becomes regret through the lifecycle, decision 022) or dismisses the pair.
 */
export function doubleSales(database: Database) {
  const ctx = doubleSalesContext(database)
  const { settings, t } = ctx
  return {
    finder: doubleSaleFinder(ctx),
    decisions: doubleSaleDecisions(ctx),
    listing: doubleSaleList(ctx),
    settings: () => settings(database.db),
    async updateSettings(tx: Db, actorId: string, input: SaleSettings, at: number): Promise<SaleSettings> {
      const before = await settings(tx)
      await tx
        .insert(t.saleSettings)
        .values({ id: SETTINGS_ID, doubleWindowDays: input.doubleWindowDays, updatedAt: at, updatedById: actorId })
        .onConflictDoUpdate({ target: t.saleSettings.id, set: { doubleWindowDays: input.doubleWindowDays, updatedAt: at, updatedById: actorId } })
      await logActivity(tx, t, { at, actorId, entity: 'sale_settings', entityId: SETTINGS_ID, action: 'updated', before, after: { ...input } })
      return input
    },
  }
}

export type DoubleSales = ReturnType<typeof doubleSales>
