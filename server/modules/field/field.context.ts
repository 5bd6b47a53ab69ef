import type { AppAbility } from '../../../shared/permissions/ability'
import type { Db } from '../../db/client'
import { accessFilter } from '../../db/conditions'
import type { Deps } from '../../platform/deps'
import type { SaleStatus } from '../../../shared/rules/sale'
import type { MapSaleSummary, SalePoint, SalePointsFilter } from '../../../shared/schemas/maps'

export type { SalePointsFilter } from '../../../shared/schemas/maps'

/** What the field area asks other areas (answered in server/composition/areas.ts). */
export type FieldPorts = {
  /** the organisation's offices and teams (a team's office) */
  places(db: Db): Promise<{ offices: Array<{ id: string; name: string }>; teams: Array<{ id: string; name: string; officeId: string }> }>
  /** the active members of teams */
  members(db: Db, teamIds: string[]): Promise<Array<{ id: string; name: string; teamId: string }>>
  names(db: Db, ids: { userIds: string[] }): Promise<Map<string, string>>
  /** work hours per person and day (the time report, else the day's checkout) */
  hoursOf(db: Db, userIds: string[], from: string, to: string): Promise<Array<{ userId: string; date: string; workHours: number }>>
  /** standing sales and their order value per seller and day */
  sellerDayFigures(
    db: Db,
    userIds: string[],
    from: string,
    to: string,
  ): Promise<Array<{ sellerId: string; date: string; sales: number; orderValueOre: number }>>
  /** the period's sales the reader may see, with their positions (or postal codes) — the sales area's */
  salePoints(ability: AppAbility, q: SalePointsFilter): Promise<SalePoint[]>
  /** the period's device-placed sales added up per grid cell (within a box), those without a position per postal code, the counts, the positions alone */
  saleGrid(
    ability: AppAbility,
    q: SalePointsFilter,
    cell: number,
    box?: [number, number, number, number],
  ): Promise<Array<{ lat: number; lng: number; status: SaleStatus; n: number; id: string }>>
  salesByPostalCode(
    ability: AppAbility,
    q: SalePointsFilter,
  ): Promise<Array<{ postalCode: string; officeId: string | null; status: SaleStatus; n: number; id: string }>>
  saleCounts(ability: AppAbility, q: SalePointsFilter): Promise<{ total: number; device: number }>
  salePositionsOnly(ability: AppAbility, q: SalePointsFilter): Promise<Array<{ lat: number; lng: number }>>
  /** the newest sales in boxes (device-placed) or at postal codes (without a position) */
  saleIdsIn(ability: AppAbility, q: SalePointsFilter, boxes: Array<[number, number, number, number]>, postal: string[], limit: number): Promise<string[]>
  /** sales the reader may see, as a map's popup lists them */
  saleSummaries(ability: AppAbility, ids: string[]): Promise<MapSaleSummary[]>
  /** whether devices record positions on sales (the sales area's setting), and turning it on or off */
  positionsOn(db: Db): Promise<boolean>
  setPositionsOn(tx: Db, actorId: string, on: boolean, at: number): Promise<void>
  /** each office's country (the postal codes are looked up in it) */
  officeCountries(db: Db): Promise<Map<string, string>>
}

export type FieldDeps = Pick<Deps, 'database' | 'events' | 'jobs' | 'env'>

export function fieldContext(deps: FieldDeps, ports: FieldPorts) {
  const { db, t } = deps.database
  const r = t.fieldRuns
  return {
    ...deps,
    db,
    t,
    r,
    rs: t.fieldRunSellers,
    a: t.fieldAreas,
    ports,
    timezone: deps.env.timezone,
    /** the runs a reader may see or change under a permission (its conditions name a team or an office) */
    scope: (ability: AppAbility, action: 'view' | 'update', subject: 'sales_planner' | 'controlling') =>
      accessFilter(ability, action, subject, { teamId: r.teamId, officeId: r.officeId }, { inline: true }),
  }
}
export type FieldContext = ReturnType<typeof fieldContext>
