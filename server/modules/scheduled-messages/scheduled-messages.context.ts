import type { AppAbility } from '../../../shared/permissions/ability'
import type { MessageAudience } from '../../../shared/schemas/notifications'
import type { Db } from '../../db/client'
import type { Deps } from '../../platform/deps'

/** Who acts: their id, name, rules and language. */
export type MessageActor = { id: string; name: string; ability: AppAbility; language: string }

/** A person as a message addresses them. */
export type MessageProfile = { id: string; firstName: string; lastName: string; email: string; language: string; team: string | null; office: string | null }
/** A candidate a rule picks (e-mail only). */
export type CandidateRecipient = { id: string; firstName: string; lastName: string; email: string; language: string }

/** What the scheduled messages ask other areas (answered in server/composition/areas.ts). */
export type ScheduledMessagesPorts = {
  /** every active person; the active members of teams (with their coaches), offices and roles, and chosen people */
  activeIds(db: Db): Promise<string[]>
  membersOf(db: Db, target: { teamIds: string[]; officeIds: string[]; roleIds: string[]; userIds: string[] }): Promise<string[]>
  /** whom an editor may name (their `view users` rules): a message reaches no one its writer could not */
  reachable(db: Db, ability: AppAbility, audience: MessageAudience): Promise<string[]>
  profiles(db: Db, ids: string[]): Promise<MessageProfile[]>
  names(db: Db, ids: { userIds?: string[]; roleIds?: string[] }): Promise<Map<string, string>>
  /** the roles a message may name */
  roleChoices(db: Db): Promise<Array<{ id: string; key: string; name: string }>>
  placeNames(db: Db, ids: { teamIds?: string[]; officeIds?: string[] }): Promise<Map<string, string>>
  /** who may register sales (the sellers) */
  sellers(db: Db): Promise<string[]>
  /** who of them has checked out on a day */
  checkedOutOn(db: Db, userIds: string[], date: string): Promise<Set<string>>
  /** who of them has a must-read guide's current version not acknowledged */
  unacknowledgedMustRead(db: Db, userIds: string[]): Promise<string[]>
  /** the candidates a contract waits for */
  candidatesWithUnsignedContract(db: Db): Promise<CandidateRecipient[]>
  /** per recruiter, how many of their candidates' contracts wait for a signature */
  unsignedContractsByRecruiter(db: Db, userIds: string[]): Promise<Map<string, number>>
  /** each seller's standing sales of the days from…to (their count and order value) */
  sellerPeriod(db: Db, userIds: string[], from: string, to: string): Promise<Map<string, { sales: number; orderValueOre: number }>>
}

export type ScheduledMessagesDeps = Pick<Deps, 'database' | 'events' | 'jobs' | 'mail' | 'env'>

export const RUN_JOB = 'scheduledMessages.run'
/** recipients handed over per transaction */
export const BATCH = 250

/** Test seams: a smaller batch, and a fault inside a batch's transaction (a process dying mid-send). */
export type MessageHooks = { batchSize?: number; beforeCommit?: (runId: string, batch: number) => void | Promise<void> }

export function scheduledMessagesContext(
  deps: ScheduledMessagesDeps,
  ports: ScheduledMessagesPorts,
  opts: { now?: () => number; timezone?: string; hooks?: MessageHooks } = {},
) {
  const { database } = deps
  const { db, t } = database
  return {
    ...deps,
    db,
    t,
    ports,
    m: t.scheduledMessages,
    r: t.scheduledMessageRuns,
    d: t.scheduledMessageDeliveries,
    now: opts.now ?? (() => Date.now()),
    hooks: opts.hooks ?? {},
    batchSize: opts.hooks?.batchSize ?? BATCH,
    timezone: opts.timezone ?? deps.env.timezone,
  }
}
export type ScheduledMessagesContext = ReturnType<typeof scheduledMessagesContext>
