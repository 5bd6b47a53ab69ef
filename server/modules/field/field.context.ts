import type { AppAbility } from '../../../shared/permissions/ability'
import type { Db } from '../../db/client'
import { accessFilter } from '../../db/conditions'
import type { Deps } from '../../platform/deps'

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
      accessFilter(ability, action, subject, { teamId: r.teamId, officeId: r.officeId }),
  }
}
export type FieldContext = ReturnType<typeof fieldContext>
