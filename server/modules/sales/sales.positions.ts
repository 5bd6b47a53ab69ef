import { and, desc, eq, gte, inArray, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { SaleStatus } from '../../../shared/rules/sale'
import type { MapSaleSummary } from '../../../shared/schemas/maps'
import type { Db } from '../../db/client'
import { accessFilter, withAccess } from '../../db/conditions'
import { logActivity } from '../../platform/activity-log'
import { SETTINGS_ID } from './double-sales.context'
import type { SalesContext } from './sales.context'

/** A sale as the maps draw it: where the device recorded it, or its postal code for the maps to place. */
export type SalePoint = {
  id: string
  status: SaleStatus
  lat: number | null
  lng: number | null
  postalCode: string
  officeId: string | null
  sellerId: string
  sellDate: string
}

export type SalePointsFilter = {
  from: string
  to: string
  officeId?: string
  teamId?: string
  sellerId?: string
  providerId?: string
  status?: SaleStatus[]
  /** only these sellers (a run's) */
  sellerIds?: string[]
}

/**
 * Positions on sales (docs/decisions/074): whether the organisation has them recorded, and the period's sales with
 * their positions for the maps, within the reader's rules on sale reports.
 */
export function salePositions(ctx: SalesContext) {
  const { database, t, read, write, conditionColumns } = ctx
  const s = t.sales

  return {
    /** Whether sellers' devices record where a sale is registered (each seller's own permission besides). */
    async positionsOn(db: Db): Promise<boolean> {
      const [row] = await write.rows(
        db,
        'sales.positionsOn',
        (d) =>
          d
            .select({ on: t.saleSettings.recordPositions })
            .from(t.saleSettings)
            .where(eq(t.saleSettings.id, sql.placeholder('id') as never)),
        { id: SETTINGS_ID },
      )
      return row?.on ?? false
    },

    /** Turns positions on sales on or off, logged; the double-sale window stays as it was. */
    async setPositionsOn(tx: Db, actorId: string, on: boolean, at: number): Promise<void> {
      const [before] = await tx.select().from(t.saleSettings).where(eq(t.saleSettings.id, SETTINGS_ID))
      if ((before?.recordPositions ?? false) === on) return
      await tx
        .insert(t.saleSettings)
        .values({ id: SETTINGS_ID, doubleWindowDays: before?.doubleWindowDays ?? 30, recordPositions: on, updatedAt: at, updatedById: actorId })
        .onConflictDoUpdate({ target: t.saleSettings.id, set: { recordPositions: on, updatedAt: at, updatedById: actorId } })
      await logActivity(tx, t, {
        at,
        actorId,
        entity: 'sale_settings',
        entityId: SETTINGS_ID,
        action: 'updated',
        before: { recordPositions: before?.recordPositions ?? false },
        after: { recordPositions: on },
      })
    },

    /** Sales the reader may see, as a map's point shows them (at most 50 of a place). */
    async summaries(ability: AppAbility, ids: string[]): Promise<MapSaleSummary[]> {
      if (ids.length === 0) return []
      const filter = accessFilter(ability, 'view', 'sale_reports', conditionColumns, { inline: true })
      const rows = await database.db
        .select({
          id: s.id,
          status: s.status,
          customerName: s.customerName,
          address: s.address,
          city: s.city,
          sellDate: s.sellDate,
          orderValueOre: s.orderValueOre,
          first: t.users.firstName,
          last: t.users.lastName,
          provider: t.providers.name,
        })
        .from(s)
        .innerJoin(t.users, eq(t.users.id, s.sellerId))
        .innerJoin(t.providers, eq(t.providers.id, s.providerId))
        .where(withAccess(filter, inArray(s.id, ids.slice(0, 50))))
        .orderBy(desc(s.soldAt))
      return rows.map(({ first, last, ...r }) => ({ ...r, sellerName: `${first} ${last}` }))
    },

    /**
     * The period's sales a reader may see, with what places them: a few columns of each, read along the sell-date
     * index (or the seller's, team's or office's when filtered) — a month of a large organisation is tens of thousands.
     */
    async points(ability: AppAbility, q: SalePointsFilter): Promise<SalePoint[]> {
      const filter = accessFilter(ability, 'view', 'sale_reports', conditionColumns)
      const p = (name: string) => sql.placeholder(name) as never
      const values: Record<string, unknown> = { ...filter.params, from: q.from, to: q.to }
      const shape = [filter.shape]
      const conditions: Array<SQL | undefined> = [gte(s.sellDate, p('from')), lte(s.sellDate, p('to'))]
      const add = (name: string, value: string | undefined, column: AnyColumn) => {
        if (!value) return
        values[name] = value
        shape.push(name)
        conditions.push(eq(column, p(name)))
      }
      add('office', q.officeId, s.officeId)
      add('team', q.teamId, s.teamId)
      add('seller', q.sellerId, s.sellerId)
      add('provider', q.providerId, s.providerId)
      if (q.status?.length) {
        q.status.forEach((v, i) => (values[`st${i}`] = v))
        shape.push(`status${q.status.length}`)
        conditions.push(
          inArray(
            s.status,
            q.status.map((_, i) => p(`st${i}`)),
          ),
        )
      }
      if (q.sellerIds) {
        if (q.sellerIds.length === 0) return []
        q.sellerIds.forEach((v, i) => (values[`se${i}`] = v))
        shape.push(`sellers${q.sellerIds.length}`)
        conditions.push(
          inArray(
            s.sellerId,
            q.sellerIds.map((_, i) => p(`se${i}`)),
          ),
        )
      }
      return read(
        `sales.points|${shape.join(',')}`,
        () =>
          database.db
            .select({
              id: s.id,
              status: s.status,
              lat: s.lat,
              lng: s.lng,
              postalCode: s.postalCode,
              officeId: s.officeId,
              sellerId: s.sellerId,
              sellDate: s.sellDate,
            })
            .from(s)
            .where(withAccess(filter, and(...conditions))),
        values,
      )
    },
  }
}
export type SalePositions = ReturnType<typeof salePositions>
