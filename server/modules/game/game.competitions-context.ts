import type { Deps } from '../../platform/deps'
import type { Book } from './game.shop'
import { FINISH_JOB, SWEEP_JOB, gameCompetitionsBase, type CompetitionPorts } from './game.competitions-base'
import { gameCompetitionsFinish } from './game.competitions-finish'

/**
 * What the competitions' parts share: the base (a competition as answered, its standing computed, its end scheduled)
 * and the finishing, with the jobs that run it.
 */
export function gameCompetitionsContext({ database, events, jobs }: Pick<Deps, 'database' | 'events' | 'jobs'>, book: Book, ports: CompetitionPorts) {
  const base = gameCompetitionsBase({ database, events, jobs }, book, ports)
  const finishing = gameCompetitionsFinish(base)
  const { finish, finishDue } = finishing

  jobs.define<{ competitionId: string }>(FINISH_JOB, async (job) => ({ finished: await finish(job.payload.competitionId, Date.now()) }))
  jobs.define(SWEEP_JOB, async () => ({ finished: await finishDue(Date.now()) }))
  return { ...base, finishing }
}
export type GameCompetitionsContext = ReturnType<typeof gameCompetitionsContext>
