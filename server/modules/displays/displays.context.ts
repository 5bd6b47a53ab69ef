import { createHash, randomBytes } from 'node:crypto'
import type { DisplayView } from '../../../shared/schemas/displays'
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
}

export type DisplayRow = Schema['displays']['$inferSelect']
export type DisplaysDeps = Pick<Deps, 'database' | 'events'>

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
