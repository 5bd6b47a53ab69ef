import { createHash, randomBytes } from 'node:crypto'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { SaleStatus } from '../../../shared/rules/sale'
import type { DisplayCompetition, DisplayScenes, DisplayView } from '../../../shared/schemas/displays'
import type { Db, Schema } from '../../db/client'
import type { Deps } from '../../platform/deps'

/** What the displays area asks other areas (wired in server/composition/areas.ts; no area imports another). */
export type DisplaysPorts = {
  /** the org area: the names of these offices (an office not found is not in the map) */
  officeNames(db: Db, officeIds: string[]): Promise<Map<string, string>>
  /** the org area: the teams of an office */
  teamsOfOffice(db: Db, officeId: string): Promise<string[]>
  /** the users area: people's names */
  names(db: Db, ids: string[]): Promise<Map<string, string>>
  /** the org area: teams' names */
  teamNames(db: Db, ids: string[]): Promise<Map<string, string>>
  /** the game: who chose to be hidden from others, the place's XP board of the day or month, its running competitions */
  game: {
    hiddenAmong(db: Db, userIds: string[]): Promise<Set<string>>
    board(place: ScreenPlace, period: 'day' | 'month', now: number): Promise<Array<{ userId: string; xp: number }>>
    competitionsOf(place: ScreenPlace, now: number): Promise<DisplayCompetition[]>
  }
  /** the sales area: sales and order value per team and status over some days, within what the ability may see */
  teamTotals(
    ability: AppAbility,
    filter: { from: string; to: string; officeId: string },
  ): Promise<Array<{ key: string; status: SaleStatus; sales: number; orderValueOre: number }>>
  /** the sales area: a sale's value and lines (a newsflash says what was sold) */
  sale(db: Db, saleId: string): Promise<{ orderValueOre: number; lines: Array<{ productId: string; quantity: number }> } | null>
  /** the catalog: products' names */
  productNames(db: Db, ids: string[]): Promise<Map<string, string>>
  /** the time reports: hours worked per team over some days */
  teamHours(db: Db, teamIds: string[], from: string, to: string): Promise<Map<string, number>>
  /** the budgets: a month's gold goals by `office:<id>` and `team:<id>` */
  goals(db: Db, month: string): Promise<Map<string, number>>
  /** the users area: people of the place whose employment began within the days */
  newStarters(
    db: Db,
    place: ScreenPlace,
    days: { from: string; to: string },
  ): Promise<Array<{ id: string; name: string; teamName: string | null; since: string }>>
  /** the users area: the active members of teams */
  membersOfTeams(db: Db, teamIds: string[]): Promise<Array<{ id: string; name: string; teamId: string }>>
  /** the users area and the org: a person's team and office (their own, else their team's) */
  placeOf(db: Db, userId: string): Promise<{ teamId: string | null; officeId: string | null } | null>
  /** the org area: a team's office */
  officeOfTeam(db: Db, teamId: string): Promise<string | null>
  /** the guides: the must-read guides of these people, with how many have read them */
  mustReadOf(db: Db, userIds: string[]): Promise<DisplayScenes['guides']>
}

/** A screen's place: its office, and the teams it narrows to (none: the whole office). */
export type ScreenPlace = { officeId: string; teamIds: string[] }

export type DisplayRow = Schema['displays']['$inferSelect']
export type DisplaysDeps = Pick<Deps, 'database' | 'events'> & Partial<Pick<Deps, 'realtime'>>

/** A secret's fingerprint, as the table keeps it. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex')
/** A new secret: 32 random bytes, URL-safe. */
export const newSecret = () => randomBytes(32).toString('base64url')

export function displaysContext(deps: DisplaysDeps, ports: DisplaysPorts) {
  const { database } = deps
  const { db, t } = database
  return {
    ...deps,
    db,
    t,
    d: t.displays,
    ports,
    /** Screens as the list shows them, with their offices' and pairers' names. */
    async views(on: Db, rows: DisplayRow[]): Promise<DisplayView[]> {
      const officeIds = [...new Set(rows.flatMap((r) => (r.officeId ? [r.officeId] : [])))]
      const people = [...new Set(rows.flatMap((r) => (r.pairedById ? [r.pairedById] : [])))]
      const [offices, names] = await Promise.all([ports.officeNames(on, officeIds), ports.names(on, people)])
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        state: r.state,
        officeId: r.officeId,
        officeName: r.officeId ? (offices.get(r.officeId) ?? null) : null,
        teamIds: r.teamIds,
        scenes: r.scenes,
        pairedAt: r.pairedAt,
        pairedByName: r.pairedById ? (names.get(r.pairedById) ?? null) : null,
        lastSeenAt: r.lastSeenAt,
        lastSeenIp: r.lastSeenIp,
        revokedAt: r.revokedAt,
        version: r.version,
      }))
    },
  }
}
export type DisplaysContext = ReturnType<typeof displaysContext>
