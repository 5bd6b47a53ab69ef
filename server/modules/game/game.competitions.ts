import type { Deps } from '../../platform/deps'
import type { Book } from './game.shop'
import { gameCompetitionsContext } from './game.competitions-context'
import { gameCompetitionsReads } from './game.competitions-reads'
import { gameCompetitionsAdmin } from './game.competitions-admin'

import type { CompetitionPorts } from './game.competitions-base'

export { FINISH_JOB, SWEEP_JOB } from './game.competitions-base'

/**
 * Competitions of the sales game (decision 052): rules, a standing computed from the game's own tables while it runs
 * and frozen when it ends, and the end itself — a job enqueued for the end of the last day (it survives a restart,
 * and a sweep at every start finishes any past its end), which freezes the standing, pays the coin prizes into the
 * ledger and raises `game.competitionFinished` for the winners' notifications. Finishing is idempotent.
 */
export function gameCompetitions({ database, events, jobs }: Pick<Deps, 'database' | 'events' | 'jobs'>, book: Book, ports: CompetitionPorts) {
  const ctx = gameCompetitionsContext({ database, events, jobs }, book, ports)
  const { finish, finishDue } = ctx.finishing
  return {
    reads: gameCompetitionsReads(ctx),
    admin: gameCompetitionsAdmin(ctx),
    finish,
    finishDue,
  }
}
export type GameCompetitions = ReturnType<typeof gameCompetitions>
