import type { SaleStatus } from '../../../shared/rules/sale'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { Db } from '../../db/client'

/** What the quality area asks other areas (wired in server/composition/areas.ts; no area imports another). */
export type QualityPorts = {
  /** the sales area: a sale's details for the form, and the move an outcome makes */
  sale: {
    forSurvey(
      db: Db,
      saleId: string,
    ): Promise<{
      customerName: string
      customerType: 'private' | 'company'
      companyName: string | null
      phone: string | null
      email: string | null
      ssn: string | null
      orderValueOre: number
      soldAt: number
      status: SaleStatus
      lines: Array<{ name: string; quantity: number }>
    } | null>
    outcome(
      tx: Db,
      move: { saleId: string; to: 'unanswered' | 'regret'; reason: string | null; byUserId: string | null; now: number },
    ): Promise<{ moved: boolean; from: SaleStatus | null }>
  }
  /**
   * the sales area's summary (docs/decisions/046): per product and status, the sales of the period within the
   * reader's `view sale_reports` and the filter
   */
  productStatuses(
    ability: AppAbility,
    f: { from: string; to: string; officeId?: string; teamId?: string; sellerId?: string; providerId?: string },
  ): Promise<Array<{ productId: string; status: SaleStatus; lines: number }>>
  /** the catalog area: products' names */
  productNames(db: Db, ids: string[]): Promise<Map<string, string>>
  /** the users area: when a seller's employment began (the sampling rule), and people's names */
  employmentDate(db: Db, userId: string): Promise<string | null>
  names(db: Db, userIds: string[]): Promise<Map<string, string>>
  /** the org area: teams' names */
  teamNames(db: Db, teamIds: string[]): Promise<Map<string, string>>
  /** the catalog area: providers' names (and whether one exists) */
  providerNames(db: Db, ids: string[]): Promise<Map<string, string>>
}
