import { asc, desc } from 'drizzle-orm'
import { businessDay } from '../../../shared/rules/work'
import type { Competition, CompetitionStanding } from '../../../shared/schemas/game'
import { ApiError } from '../../lib/errors'
import type { GamePlayer } from './game.types'
import type { GameCompetitionsContext } from './game.competitions-context'

/** Competitions and a competition's standing as a person sees them (admins all). */
export function gameCompetitionsReads(ctx: GameCompetitionsContext) {
  const { db, C, view, row, compute } = ctx
  return {
    /** Competitions as a person sees them: published ones of their office (or the whole organisation); admins all. */
    async list(player: GamePlayer, admin: boolean, now: number): Promise<Competition[]> {
      const today = businessDay(now)
      const rows = await db.select().from(C).orderBy(desc(C.toDay), asc(C.name))
      const mine = rows.filter(
        (r) =>
          admin ||
          ((r.state === 'published' || (r.state === 'finished' && r.publishedAt !== null)) &&
            (r.officeIds.length === 0 || (player.officeId !== null && r.officeIds.includes(player.officeId)))),
      )
      const order = { ongoing: 0, upcoming: 1, ended: 2 }
      return mine.map((r) => view(r, today)).sort((a, b) => order[a.phase] - order[b.phase])
    },
    /** A competition's standing now (frozen once finished), with the viewer's own row, or their team's or office's. */
    async standing(player: GamePlayer, admin: boolean, id: string, now: number): Promise<CompetitionStanding> {
      const c = await row(db, id)
      const visible = admin || c.state === 'published' || (c.state === 'finished' && c.publishedAt !== null)
      if (!visible) throw new ApiError(404, 'not_found')
      const today = businessDay(now)
      const rows = c.state === 'finished' && c.standing ? c.standing : await compute(db, c, today)
      const mineId = c.kind === 'sellers' ? [player.id] : c.kind === 'teams' ? player.teamIds : player.officeId ? [player.officeId] : []
      return {
        competition: view(c, today),
        rows: rows.slice(0, 50),
        total: rows.length,
        frozen: c.state === 'finished',
        mine: rows.find((r) => mineId.includes(r.id)) ?? null,
      }
    },
  }
}
