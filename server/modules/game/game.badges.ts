import type { Deps } from '../../platform/deps'
import type { Book } from './game.shop'
import { gameBadgesContext } from './game.badges-context'
import { gameBadgeAwards } from './game.badges-awards'
import { gameBadgesAdmin } from './game.badges-admin'

export { AWARD_JOB } from './game.badges-context'

/**
 * Badges of the sales game (decision 052). A rule is data (shared/schemas/game.ts: catalogue fields, whitelisted
 * operators, numbers): it becomes one read-only SELECT of the game's own tables, its numbers bound as parameters and
 * its operators chosen from the whitelist, so no user text ever becomes SQL. The admin sees that statement and what it
 * would have awarded before saving; a job (hourly and at start) awards each active badge for the current period and
 * the one just closed, once per person and period (the award's key), with its coins in the ledger and a notification.
 */
export function gameBadges({ database, events, jobs }: Pick<Deps, 'database' | 'events' | 'jobs'>, book: Book) {
  const ctx = gameBadgesContext({ database, events, jobs }, book)
  const { awardDue } = ctx
  return {
    awards: gameBadgeAwards(ctx),
    admin: gameBadgesAdmin(ctx),
    awardDue,
  }
}
