import { subject } from '@casl/ability'
import { eq } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { DOUBLE_WINDOW_DEFAULT_DAYS } from '../../../shared/rules/double-sales'
import type { SaleSettings } from '../../../shared/schemas/double-sales'
import type { Translate } from '../../../shared/schemas/errors'
import type { Database, Db, Schema } from '../../db/client'
import { preparedReads, preparedWrites } from '../../db/prepared'
import { ApiError, notFound } from '../../lib/errors'

export type SaleRow = Schema['sales']['$inferSelect']

export const SETTINGS_ID = 'global'

/**
 * What the double sales' parts share: the settings, which of two sales is the later, and a pair opened for a decision
 * within the reader's rules.
 */
export function doubleSalesContext(database: Database) {
  const { t } = database
  const d = t.saleDoubles
  const read = preparedReads(database)
  const write = preparedWrites(database)
  /** The fields rule conditions on `sale_reports` may use: the later sale's. */
  const conditionColumns = { sellerId: d.sellerId, teamId: d.teamId, officeId: d.officeId }

  async function settings(db: Db): Promise<SaleSettings> {
    const [row] = await db.select().from(t.saleSettings).where(eq(t.saleSettings.id, SETTINGS_ID))
    return { doubleWindowDays: row?.doubleWindowDays ?? DOUBLE_WINDOW_DEFAULT_DAYS }
  }

  /** The pair of sales as stored: the later one first (by sell date, time and id). */
  const later = (a: Pick<SaleRow, 'sellDate' | 'soldAt' | 'id'>, b: Pick<SaleRow, 'sellDate' | 'soldAt' | 'id'>) => {
    const ka = [a.sellDate, a.soldAt, a.id] as const
    const kb = [b.sellDate, b.soldAt, b.id] as const
    return ka[0] !== kb[0] ? ka[0] > kb[0] : ka[1] !== kb[1] ? ka[1] > kb[1] : ka[2] > kb[2]
  }

  async function openPair(tx: Db, actor: { ability: AppAbility }, id: string, translate: Translate) {
    const [pair] = await tx.select().from(d).where(eq(d.id, id))
    // Seen by whoever sees the later sale's report (its seller, team and office are on the pair).
    const seen = pair && actor.ability.can('view', subject('sale_reports', { sellerId: pair.sellerId, teamId: pair.teamId, officeId: pair.officeId }))
    if (!pair || !seen) throw notFound()
    if (pair.pending !== 1) {
      throw new ApiError(409, 'already_decided', { params: { state: translate(`doubleSales.states.${pair.state}`) }, details: { state: pair.state } })
    }
    return pair
  }

  return { database, t, d, read, write, conditionColumns, settings, later, openPair }
}
export type DoubleSalesContext = ReturnType<typeof doubleSalesContext>
