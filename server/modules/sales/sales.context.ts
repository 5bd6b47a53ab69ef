import type { AppAbility } from '../../../shared/permissions/ability'
import type { Translate } from '../../../shared/schemas/errors'
import { type SaleReportDetail } from '../../../shared/schemas/sale-reports'
import { type CatalogProduct, type CatalogProvider } from '../../../shared/rules/sale'
import { preparedActivityLog } from '../../platform/activity-log'
import type { Db, Schema } from '../../db/client'
import { preparedReads, preparedWrites } from '../../db/prepared'
import type { Deps } from '../../platform/deps'
import { deviationWrites } from './deviations.writes'
import { doubleSales } from './double-sales'
import { saleSummary } from './sales.summary'

/** What the sales area asks other areas (wired in server/composition/areas.ts; no area imports another). */
export type SalesPorts = {
  /** the catalog area: the sale's provider and the products it names */
  catalogForSale(
    tx: Db,
    providerId: string,
    productIds: string[],
  ): Promise<{ provider: CatalogProvider | undefined; productsById: ReadonlyMap<string, CatalogProduct & { name: string }> }>
  /** the time-reports area: the seller's checkouts of a day */
  checkoutsOfDay(tx: Db, userId: string, date: string): Promise<Array<{ date: string; checkedOutAt: number }>>
  /** the orders area: quotes sent for e-signing with an order date in the period, and how many are signed */
  esignCounts(db: Db, from: string, to: string): Promise<{ total: number; signed: number }>
  /** the orders area: the order registration matched to a sale */
  orderOfSale(db: Db, saleId: string): Promise<SaleReportDetail['orderRegistration']>
  /**
   * the offers area (docs/decisions/094): why a sale needing the customer's written acceptance may not be approved
   * yet (a translated sentence), or null when it may (or needs none)
   */
  approvalBlocker(tx: Db, sale: { id: string; providerId: string; officeId: string | null }, translate: Translate): Promise<string | null>
}

/** A sale report as stored. */
export type SaleRow = Schema['sales']['$inferSelect']
/** How a sale's customer is reached: the company, the address, the e-mail and the phone as the sale has them. */
export const customerContact = (s: Pick<SaleRow, 'companyName' | 'orgNumber' | 'email' | 'phone' | 'address' | 'postalCode' | 'city'>) => ({
  companyName: s.companyName,
  orgNumber: s.orgNumber,
  email: s.email,
  phone: s.phone,
  address: s.address,
  postalCode: s.postalCode,
  city: s.city,
})

/** Who acts: their id and their rules. */
export type SaleActor = { id: string; ability: AppAbility }

/** What every part of the sales area is built from: the platform, the ports, and the shared writers and readers. */
export function salesContext({ database, events, files }: Pick<Deps, 'database' | 'events' | 'files'>, ports: SalesPorts) {
  const { t } = database
  return {
    database,
    t,
    events,
    files,
    ports,
    deviations: deviationWrites(t),
    summary: saleSummary(database),
    write: preparedWrites(database),
    logSale: preparedActivityLog(database),
    doubles: doubleSales(database),
    read: preparedReads(database),
    /** The fields rule conditions on `sale_reports` may use. */
    conditionColumns: { sellerId: t.sales.sellerId, teamId: t.sales.teamId, officeId: t.sales.officeId },
  }
}
export type SalesContext = ReturnType<typeof salesContext>
