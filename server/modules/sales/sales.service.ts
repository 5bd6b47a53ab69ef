import type { AppAbility } from '../../../shared/permissions/ability'
import type { Translate } from '../../../shared/schemas/errors'
import type { Db } from '../../db/client'
import type { Deps } from '../../platform/deps'
import { deviationReads } from './deviations'
import type { ConfirmDoubleSaleInput } from '../../../shared/schemas/double-sales'
import { saleAnalytics } from './sales.summary-analytics'
import { summaryReads } from './sales.summary-reads'
import { salesForOthers, salesForRegisterAndOrders } from './sales.answers'
import { salesForOffers } from './sales.for-offers'
import { salesContext, type SalesPorts } from './sales.context'
import { saleCorrectionFromDevice, saleFromDevice } from './sales.device'
import { salesLifecycle } from './sales.lifecycle'
import { salePositions } from './sales.positions'
import { saleReportDetail, saleReportList, saleReportReads } from './sales.reads'

export type { SalesPorts } from './sales.context'
export type { OrderSaleSummary, SaleStatusAnswer } from './sales.lifecycle'

/**
 * The sales area's one write path for sale reports: every way a sale report is created or changed (a device's
 * sync, back office, the quality calls, an order import) goes through here, so its rules, its activity-log line and
 * its event are written once. Writes run in the caller's transaction. Assembled from its parts: what the device
 * sends (sales.device.ts), the lifecycle (sales.lifecycle.ts), back office's reads (sales.reads.ts) and the answers
 * other areas ask for (sales.answers.ts).
 */
export function salesService(deps: Pick<Deps, 'database' | 'events' | 'files'>, ports: SalesPorts) {
  const area = salesContext(deps, ports)
  const { database, doubles } = area
  const lifecycle = salesLifecycle(area)
  const positions = salePositions(area)
  const register = salesForRegisterAndOrders(area, lifecycle)
  return {
    reportReads: saleReportReads(area, saleReportList(area)),
    reportDetail: saleReportDetail(area, lifecycle),
    deviations: deviationReads(database, { mayView: lifecycle.mayView, allowedNext: lifecycle.nextFor }),
    orders: register.orders,
    customers: register.customers,
    forOthers: salesForOthers(area, lifecycle),
    /** what a written offer is built from, and the regret a declined or expired one makes (docs/decisions/094) */
    forOffers: salesForOffers(area, lifecycle),
    doubles: {
      list: doubles.listing.list,
      settings: doubles.settings,
      updateSettings: doubles.updateSettings,
      dismiss: doubles.decisions.dismiss,
      /** Confirms a double sale: the chosen sale becomes regret through changeStatus (its rules, version and 409s). */
      confirm(tx: Db, actor: { id: string; ability: AppAbility }, id: string, input: ConfirmDoubleSaleInput, ctx: { now: number; translate: Translate }) {
        return doubles.decisions.confirm(tx, actor, id, input, ctx, async (saleId, version, reason) => {
          await lifecycle.changeStatus(tx, actor, saleId, { to: 'regret', version, reason, deviationType: null }, ctx)
        })
      },
    },
    /** The sales summary's figures (docs/decisions/046), for the dashboards, statistics and profitability. */
    figures: summaryReads(database),
    /** The BI assistant's reads of the summary (docs/decisions/053). */
    analytics: saleAnalytics(database),
    /** positions on sales and the period's sales for the maps (docs/decisions/074) */
    positions,
    fromDevice: saleFromDevice(area, positions.settings),
    correctionFromDevice: saleCorrectionFromDevice(area, lifecycle),
    changeStatus: lifecycle.changeStatus,
  }
}
export type SalesService = ReturnType<typeof salesService>
