import { and, between, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { SaleStatus } from '../../../shared/rules/sale'
import type { MapSaleSummary } from '../../../shared/schemas/maps'
import type { Db } from '../../db/client'
import { accessFilter, withAccess } from '../../db/conditions'
import { logActivity } from '../../platform/activity-log'
import { SETTINGS_ID } from './double-sales.context'
import type { SalesContext } from './sales.context'
import type { SalePoint, SalePointsFilter } from '../../../shared/schemas/maps'

export type { SalePoint }

/** A cell of the grid of device-placed sales: its sales' mean position, status, count, and one of its sales. */
export type GridCell = { lat: number; lng: number; status: SaleStatus; n: number; id: string }
/** Sales without a position of their own at a postal code (in an office's country), by status. */
export type PostalGroup = { postalCode: string; officeId: string | null; status: SaleStatus; n: number; id: string }

const ph = (name: string) => sql.placeholder(name)

/** The period's and the filters' conditions within the reader's rules, as one prepared statement's shape and values. */
function whereOf(ctx: SalesContext, ability: AppAbility, q: SalePointsFilter, more: SQL[] = []) {
  const filter = accessFilter(ability, 'view', 'sale_reports', ctx.conditionColumns)
  if (q.sellerIds?.length === 0) return null
  const values: Record<string, unknown> = { ...filter.params, from: q.from, to: q.to }
  const shape = [filter.shape, String(more.length)]
  const add = (name: string, value: unknown) => {
    values[name] = value
    shape.push(name)
  }
  if (q.officeId) add('office', q.officeId)
  if (q.teamId) add('team', q.teamId)
  if (q.sellerId) add('seller', q.sellerId)
  if (q.providerId) add('provider', q.providerId)
  q.status?.forEach((v, i) => add(`st${i}`, v))
  q.sellerIds?.forEach((v, i) => add(`se${i}`, v))
  return { values, shape: shape.join(','), condition: withAccess(filter, ...conditionsOf(ctx.t.sales, q, false), ...more) }
}

/** The filters as conditions: bound as placeholders (a prepared statement) or as values. */
function conditionsOf(s: SalesContext['t']['sales'], q: SalePointsFilter, bound: boolean): SQL[] {
  const v = <T>(name: string, value: T) => (bound ? value : (ph(name) as T))
  const out: SQL[] = [gte(s.sellDate, v('from', q.from)), lte(s.sellDate, v('to', q.to))]
  if (q.officeId) out.push(eq(s.officeId, v('office', q.officeId)))
  if (q.teamId) out.push(eq(s.teamId, v('team', q.teamId)))
  if (q.sellerId) out.push(eq(s.sellerId, v('seller', q.sellerId)))
  if (q.providerId) out.push(eq(s.providerId, v('provider', q.providerId)))
  if (q.status?.length)
    out.push(
      inArray(
        s.status,
        q.status.map((x, i) => v(`st${i}`, x)),
      ),
    )
  if (q.sellerIds?.length)
    out.push(
      inArray(
        s.sellerId,
        q.sellerIds.map((x, i) => v(`se${i}`, x)),
      ),
    )
  return out
}

const POSITIONS_ON = 'sales.positionsOn'

/** Whether the organisation records positions on sales, and turning it on or off (logged). */
function positionSettings(ctx: SalesContext) {
  const { t, write, database } = ctx
  const readPositionsOn = async (db: Db) => {
    const [row] = await write.rows(
      db,
      'sales.positionsOn',
      (d) =>
        d
          .select({ on: t.saleSettings.recordPositions })
          .from(t.saleSettings)
          .where(eq(t.saleSettings.id, sql.placeholder('id'))),
      { id: SETTINGS_ID },
    )
    return row?.on ?? false
  }

  return {
    /** Whether sellers' devices record where a sale is registered (each seller's own permission besides). */
    positionsOn(db: Db): Promise<boolean> {
      // Asked for each sale of a push: read once per transaction (turning it on or off forgets it).
      return database.reuse(POSITIONS_ON, () => readPositionsOn(db))
    },

    /** Turns positions on sales on or off, logged; the double-sale window stays as it was. */
    async setPositionsOn(tx: Db, actorId: string, on: boolean, at: number): Promise<void> {
      const [before] = await tx.select().from(t.saleSettings).where(eq(t.saleSettings.id, SETTINGS_ID))
      if ((before?.recordPositions ?? false) === on) return
      await tx
        .insert(t.saleSettings)
        .values({ id: SETTINGS_ID, doubleWindowDays: before?.doubleWindowDays ?? 30, recordPositions: on, updatedAt: at, updatedById: actorId })
        .onConflictDoUpdate({ target: t.saleSettings.id, set: { recordPositions: on, updatedAt: at, updatedById: actorId } })
      database.forget(POSITIONS_ON)
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
  }
}

/** Sales the reader may see, as a map's point shows them (at most 50 of a place). */
async function mapSummaries(ctx: SalesContext, ability: AppAbility, ids: string[]): Promise<MapSaleSummary[]> {
  const { database, t, conditionColumns } = ctx
  const s = t.sales
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
}

/** The maps' reads of the sales: within the reader's rules on sale reports and the filters. */
function saleMapReads(ctx: SalesContext) {
  const { database, t, read, conditionColumns } = ctx
  const s = t.sales
  const where = (ability: AppAbility, q: SalePointsFilter, more: SQL[] = []) => whereOf(ctx, ability, q, more)
  const filtersOf = (q: SalePointsFilter, bound: boolean) => conditionsOf(s, q, bound)

  return {
    /** Sales the reader may see, as a map's point shows them (at most 50 of a place). */
    summaries: (ability: AppAbility, ids: string[]) => mapSummaries(ctx, ability, ids),

    /** The period's sales a reader may see, each with what places it (a run's day: a few hundred at most). */
    async points(ability: AppAbility, q: SalePointsFilter): Promise<SalePoint[]> {
      const w = where(ability, q)
      if (!w) return []
      return read(
        `sales.points|${w.shape}`,
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
            .where(w.condition),
        w.values,
      )
    },

    /**
     * The sales the device placed, added up per cell of a grid (`cell` degrees; by status), within a box when given:
     * a cell's count, its sales' mean position, and its sale when it has one. The map clusters these few thousand
     * rows instead of a month's tens of thousands (docs/decisions/074).
     */
    async grid(ability: AppAbility, q: SalePointsFilter, cell: number, box?: [number, number, number, number]): Promise<GridCell[]> {
      const w = where(ability, q, [isNotNull(s.lat)])
      if (!w) return []
      const values = { ...w.values, cell }
      const conditions = [w.condition]
      if (box) {
        Object.assign(values, { w: box[0], s: box[1], e: box[2], n: box[3] })
        conditions.push(and(between(s.lat, ph('s'), ph('n')), between(s.lng, ph('w'), ph('e'))))
      }
      const gy = sql`round(${s.lat} / ${sql.placeholder('cell')})`
      const gx = sql`round(${s.lng} / ${sql.placeholder('cell')})`
      const rows = await read(
        `sales.grid|${w.shape}|${box ? 'box' : ''}`,
        () =>
          database.db
            .select({
              lat: sql<number>`avg(${s.lat})`.mapWith(Number),
              lng: sql<number>`avg(${s.lng})`.mapWith(Number),
              status: s.status,
              n: sql<number>`count(*)`.mapWith(Number),
              id: sql<string>`min(${s.id})`,
            })
            .from(s)
            .where(and(...conditions))
            .groupBy(gy, gx, s.status),
        values,
      )
      return rows
    },

    /** The sales without a position of their own, counted per postal code, office and status (the map places them). */
    async byPostalCode(ability: AppAbility, q: SalePointsFilter): Promise<PostalGroup[]> {
      const w = where(ability, q, [isNull(s.lat)])
      if (!w) return []
      return read(
        `sales.byPostal|${w.shape}`,
        () =>
          database.db
            .select({
              postalCode: s.postalCode,
              officeId: s.officeId,
              status: s.status,
              n: sql<number>`count(*)`.mapWith(Number),
              id: sql<string>`min(${s.id})`,
            })
            .from(s)
            .where(w.condition)
            .groupBy(s.postalCode, s.officeId, s.status),
        w.values,
      )
    },

    /** How many of the period's sales the reader may see, and how many of them the device placed. */
    async counts(ability: AppAbility, q: SalePointsFilter): Promise<{ total: number; device: number }> {
      const w = where(ability, q)
      if (!w) return { total: 0, device: 0 }
      const [row] = await read(
        `sales.positionCounts|${w.shape}`,
        () =>
          database.db
            .select({ total: sql<number>`count(*)`.mapWith(Number), device: sql<number>`count(${s.lat})`.mapWith(Number) })
            .from(s)
            .where(w.condition),
        w.values,
      )
      return { total: row?.total ?? 0, device: row?.device ?? 0 }
    },

    /** The device-placed sales' positions alone (two numbers a sale), for the areas' counts. */
    async devicePositions(ability: AppAbility, q: SalePointsFilter): Promise<Array<{ lat: number; lng: number }>> {
      const w = where(ability, q, [isNotNull(s.lat)])
      if (!w) return []
      const rows = await read(`sales.positions|${w.shape}`, () => database.db.select({ lat: s.lat, lng: s.lng }).from(s).where(w.condition), w.values)
      return rows as Array<{ lat: number; lng: number }>
    },

    /** The newest sales (at most `limit`) in these boxes (placed by the device) or at these postal codes (without a position). */
    async idsIn(ability: AppAbility, q: SalePointsFilter, boxes: Array<[number, number, number, number]>, postal: string[], limit: number): Promise<string[]> {
      const places = [
        ...boxes.map(([w, so, e, n]) => and(isNotNull(s.lat), between(s.lat, so, n), between(s.lng, w, e))),
        ...(postal.length ? [and(isNull(s.lat), inArray(s.postalCode, postal))] : []),
      ]
      if (places.length === 0) return []
      const filter = accessFilter(ability, 'view', 'sale_reports', conditionColumns, { inline: true })
      const rows = await database.db
        .select({ id: s.id })
        .from(s)
        .where(withAccess(filter, ...filtersOf(q, true), or(...places)))
        .orderBy(desc(s.soldAt))
        .limit(limit)
      return rows.map((r) => r.id)
    },
  }
}

/**
 * Positions on sales (docs/decisions/074): whether the organisation has them recorded, and the period's sales with
 * their positions for the maps, within the reader's rules on sale reports.
 */
export function salePositions(ctx: SalesContext) {
  return { settings: positionSettings(ctx), maps: saleMapReads(ctx) }
}
export type SalePositions = ReturnType<typeof salePositions>
