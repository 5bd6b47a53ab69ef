import { asc, count, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm'
import { LOOKUP_LIMIT, type LookupItem, type LookupQuery } from '../../../shared/schemas/lookups'
import { lookupWhere } from '../../db/lookup'
import type { ListQuery } from '../../../shared/schemas/pagination'
import { TEAM_SORT_KEYS, type TeamListItem } from '../../../shared/schemas/users'
import { containsText, withAccess, type AccessFilter } from '../../db/conditions'
import { listPage } from '../../db/list-page'
import { preparedReads } from '../../db/prepared'
import type { Database, Db } from '../../db/client'

/** Where a region's new sellers may start, and its country (recruiting's accounts step, docs/decisions/070). */
function regionPlaces(database: Database) {
  const { t } = database
  return {
    /** Every team with its office's region, by name (where a new seller of a region may start). */
    async teamsWithRegion(dbOrTx: Db): Promise<Array<{ id: string; name: string; regionId: string }>> {
      return dbOrTx
        .select({ id: t.teams.id, name: t.teams.name, regionId: t.offices.regionId })
        .from(t.teams)
        .innerJoin(t.offices, eq(t.offices.id, t.teams.officeId))
        .orderBy(asc(t.teams.name), asc(t.teams.id))
    },
    /** A region's country (ISO 3166 alpha-2), or null for an unknown region. */
    async regionCountry(dbOrTx: Db, regionId: string): Promise<string | null> {
      const [row] = await dbOrTx.select({ country: t.regions.country }).from(t.regions).where(eq(t.regions.id, regionId))
      return row?.country ?? null
    },
    /** Each office's country (its region's): a postal code is looked up in it (the maps, docs/decisions/074). */
    async officeCountries(dbOrTx: Db): Promise<Map<string, string>> {
      const rows = await dbOrTx
        .select({ id: t.offices.id, country: t.regions.country })
        .from(t.offices)
        .innerJoin(t.regions, eq(t.regions.id, t.offices.regionId))
      return new Map(rows.map((r) => [r.id, r.country]))
    },
  }
}

/** What other areas ask of a team: the teams of an office, the provider a team sells for. */
function teamFacts(database: Database) {
  const { t } = database
  return {
    /** The teams of an office (a competition won by an office reaches its teams' members). */
    async teamsOfOffice(dbOrTx: Db, officeId: string): Promise<string[]> {
      const rows = await dbOrTx.select({ id: t.teams.id }).from(t.teams).where(eq(t.teams.officeId, officeId))
      return rows.map((r) => r.id)
    },

    /** The provider a team sells for, or none (a call named by its seller alone is checked against that script). */
    async teamProvider(dbOrTx: Db, teamId: string): Promise<string | null> {
      const [row] = await dbOrTx.select({ providerId: t.teams.providerId }).from(t.teams).where(eq(t.teams.id, teamId))
      return row?.providerId ?? null
    },
  }
}

export function orgRepo(database: Database) {
  const { db, t } = database
  const read = preparedReads(database)
  /** The fields rule conditions on `teams` may use. */
  const teamConditionColumns = { id: t.teams.id, officeId: t.teams.officeId, regionId: t.offices.regionId }

  const memberCount = sql<number>`(select count(*) from ${t.users} where ${t.users.teamId} = ${t.teams.id})`.mapWith(Number)

  const sortColumns: Record<(typeof TEAM_SORT_KEYS)[number], SQLWrapper> = {
    name: t.teams.name,
    office: t.offices.name,
    region: t.regions.name,
  }

  /** The fields rule conditions on `offices` may use. */
  const officeConditionColumns = { id: t.offices.id, officeId: t.offices.id, regionId: t.offices.regionId }

  return {
    ...regionPlaces(database),
    ...teamFacts(database),
    teamConditionColumns,
    officeConditionColumns,

    /** Every office and team by name, each team with its office (a few hundred short rows; other areas' pickers). */
    async places(dbOrTx: Db): Promise<{ offices: Array<{ id: string; name: string }>; teams: Array<{ id: string; name: string; officeId: string }> }> {
      const [offices, teams] = await Promise.all([
        dbOrTx.select({ id: t.offices.id, name: t.offices.name }).from(t.offices).orderBy(asc(t.offices.name), asc(t.offices.id)),
        dbOrTx.select({ id: t.teams.id, name: t.teams.name, officeId: t.teams.officeId }).from(t.teams).orderBy(asc(t.teams.name), asc(t.teams.id)),
      ])
      return { offices, teams }
    },

    /** Every region by name, and each office's region (the BI assistant's names and its split by region). */
    async regionList(dbOrTx: Db): Promise<Array<{ id: string; name: string }>> {
      return dbOrTx.select({ id: t.regions.id, name: t.regions.name }).from(t.regions).orderBy(asc(t.regions.name))
    },
    async regionsOfOffices(dbOrTx: Db): Promise<Map<string, string>> {
      const rows = await dbOrTx.select({ id: t.offices.id, regionId: t.offices.regionId }).from(t.offices)
      return new Map(rows.flatMap((r) => (r.regionId ? [[r.id, r.regionId] as [string, string]] : [])))
    },

    /** The offices of a region (the sales game's region leaderboard). */
    async officesOfRegion(dbOrTx: Db, regionId: string): Promise<string[]> {
      const rows = await dbOrTx.select({ id: t.offices.id }).from(t.offices).where(eq(t.offices.regionId, regionId))
      return rows.map((r) => r.id)
    },

    /** Names of teams, offices and regions by id (for other areas' lists that name them); an unknown id is left out. */
    async placeNames(dbOrTx: Db, ids: { teamIds?: string[]; officeIds?: string[]; regionIds?: string[] }): Promise<Map<string, string>> {
      const out = new Map<string, string>()
      const teamIds = [...new Set(ids.teamIds ?? [])]
      const officeIds = [...new Set(ids.officeIds ?? [])]
      const regionIds = [...new Set(ids.regionIds ?? [])]
      if (regionIds.length > 0) {
        for (const r of await dbOrTx.select({ id: t.regions.id, name: t.regions.name }).from(t.regions).where(inArray(t.regions.id, regionIds)))
          out.set(r.id, r.name)
      }
      if (teamIds.length > 0) {
        for (const r of await dbOrTx.select({ id: t.teams.id, name: t.teams.name }).from(t.teams).where(inArray(t.teams.id, teamIds))) out.set(r.id, r.name)
      }
      if (officeIds.length > 0) {
        for (const r of await dbOrTx.select({ id: t.offices.id, name: t.offices.name }).from(t.offices).where(inArray(t.offices.id, officeIds)))
          out.set(r.id, r.name)
      }
      return out
    },

    async teamLookup(filter: AccessFilter, q: LookupQuery): Promise<LookupItem[]> {
      const { where, values, shape } = lookupWhere(filter, q, { id: t.teams.id, search: [t.teams.name], parent: t.teams.officeId })
      return read(
        `teams.lookup|${shape}`,
        () =>
          db
            .select({ id: t.teams.id, label: t.teams.name, hint: t.offices.name })
            .from(t.teams)
            .innerJoin(t.offices, eq(t.offices.id, t.teams.officeId))
            .where(where)
            .orderBy(asc(t.teams.name))
            .limit(LOOKUP_LIMIT),
        values,
      )
    },

    async officeLookup(filter: AccessFilter, q: LookupQuery): Promise<LookupItem[]> {
      const { where, values, shape } = lookupWhere(filter, q, { id: t.offices.id, search: [t.offices.name], parent: t.offices.regionId })
      return read(
        `offices.lookup|${shape}`,
        () =>
          db
            .select({ id: t.offices.id, label: t.offices.name, hint: t.regions.name })
            .from(t.offices)
            .innerJoin(t.regions, eq(t.regions.id, t.offices.regionId))
            .where(where)
            .orderBy(asc(t.offices.name))
            .limit(LOOKUP_LIMIT),
        values,
      )
    },

    /** The offices of the teams `teamFilter` lets through (a team rule's columns, the team's office joined). */
    async officeOfTeamsLookup(teamFilter: AccessFilter, q: LookupQuery): Promise<LookupItem[]> {
      const { where, values, shape } = lookupWhere(teamFilter, q, { id: t.offices.id, search: [t.offices.name], parent: t.offices.regionId })
      return read(
        `offices.ofTeams.lookup|${shape}`,
        () =>
          db
            .selectDistinct({ id: t.offices.id, label: t.offices.name, hint: t.regions.name })
            .from(t.teams)
            .innerJoin(t.offices, eq(t.offices.id, t.teams.officeId))
            .innerJoin(t.regions, eq(t.regions.id, t.offices.regionId))
            .where(where)
            .orderBy(asc(t.offices.name))
            .limit(LOOKUP_LIMIT),
        values,
      )
    },

    async regionLookup(q: LookupQuery): Promise<LookupItem[]> {
      const all: AccessFilter = { kind: 'all', shape: 'all', params: {} }
      const { where, values, shape } = lookupWhere(all, q, { id: t.regions.id, search: [t.regions.name] })
      return read(
        `regions.lookup|${shape}`,
        () => db.select({ id: t.regions.id, label: t.regions.name }).from(t.regions).where(where).orderBy(asc(t.regions.name)).limit(LOOKUP_LIMIT),
        values,
      )
    },

    /** A page of teams; each names its provider by id (the catalog's; the caller names it). */
    async listTeams(
      filter: AccessFilter,
      q: ListQuery,
    ): Promise<{ items: Array<Omit<TeamListItem, 'providerName'> & { providerId: string | null }>; total: number }> {
      // The schema allows only the list's own keys; the own-property check keeps a lookup by name safe regardless.
      const sortKey = q.sortBy && Object.hasOwn(sortColumns, q.sortBy) ? (q.sortBy as keyof typeof sortColumns) : 'name'
      const page = listPage('teams', filter, q, sortKey)
      const search = () => (q.q ? containsText(t.teams.name, 'q') : undefined)
      const [items, [counted]] = await Promise.all([
        read(
          page.rowsKey,
          () =>
            db
              .select({
                id: t.teams.id,
                name: t.teams.name,
                officeId: t.teams.officeId,
                officeName: t.offices.name,
                regionName: t.regions.name,
                providerId: t.teams.providerId,
                memberCount,
              })
              .from(t.teams)
              .innerJoin(t.offices, eq(t.offices.id, t.teams.officeId))
              .innerJoin(t.regions, eq(t.regions.id, t.offices.regionId))
              .where(withAccess(filter, search()))
              .orderBy(...page.orderBy(sortColumns[sortKey], t.teams.id))
              .limit(page.limit)
              .offset(page.offset),
          page.values,
        ),
        read(
          page.countKey,
          () => db.select({ n: count() }).from(t.teams).innerJoin(t.offices, eq(t.offices.id, t.teams.officeId)).where(withAccess(filter, search())),
          page.values,
        ),
      ])
      return { items, total: counted?.n ?? 0 }
    },
  }
}
