import { inArray } from 'drizzle-orm'
import type { Deps } from '../../platform/deps'
import { candidatesAccounts } from './candidates.accounts'
import { type CandidatesPorts, candidatesContext } from './candidates.context'
import { candidatesContracts } from './candidates.contracts'
import { candidatesSigning } from './candidates.signing'
import { candidatesReminders } from './candidates.reminders'
import { candidatesTemplates } from './candidates.templates'
import { type Directory, directoryOf } from './candidates.directory'
import { candidateLinks } from './candidates.links'
import { candidatesList } from './candidates.list'
import { candidatesPreonboarding } from './candidates.preonboarding'
import { candidatesPrivacy } from './candidates.privacy'
import { candidatesRecords } from './candidates.records'
import { candidateDetail } from './candidates.detail'
import { candidatesSteps } from './candidates.steps'
import { candidatesForMessages } from './candidates.for-messages'

export type { CandidatesPorts } from './candidates.context'
export type { CandidatesPrivacy } from './candidates.privacy'

export const ERASE_JOB = 'candidates.eraseExpired'
export const REMIND_JOB = 'candidates.remindUnsigned'

/**
 * Recruiting and onboarding (docs/decisions/070): candidates and their records, the four steps as durable jobs, the
 * candidate's own pages behind links, contracts and signing, the accounts, and data protection. Built once per
 * process; its jobs are defined here, their schedules set at start (`schedule`).
 */
export function candidatesService(
  deps: Pick<Deps, 'database' | 'events' | 'env' | 'jobs' | 'mail' | 'files' | 'secrets'>,
  ports: CandidatesPorts,
  opts: { directory?: Directory | null } = {},
) {
  const ctx = candidatesContext(deps, ports)
  const links = candidateLinks(ctx)
  const privacy = candidatesPrivacy(ctx)
  const preonboarding = candidatesPreonboarding(ctx, links, privacy)
  const templates = candidatesTemplates(ctx)
  const contracts = candidatesContracts(ctx, links, privacy, templates)
  const signing = candidatesSigning(ctx, links, contracts)
  const reminders = candidatesReminders(ctx, links, privacy)
  const directory = opts.directory === undefined ? directoryOf(deps.env) : opts.directory
  const accounts = candidatesAccounts(ctx, directory, deps.secrets)
  const steps = candidatesSteps(ctx, { preonboarding: preonboarding.runner, ...contracts.runners, accounts: accounts.runner })
  const origin = deps.env.appOrigins[0] ?? `http://localhost:${deps.env.port}`

  deps.jobs.define(ERASE_JOB, async () => ({ erased: await privacy.eraseExpired() }))
  deps.jobs.define(REMIND_JOB, async () => ({ reminded: await reminders.remindUnsigned(origin) }))

  return {
    listing: candidatesList(ctx),
    records: candidatesRecords(ctx),
    details: candidateDetail(ctx),
    steps,
    accounts,
    preonboarding,
    templates,
    signing,
    privacy,
    forMessages: candidatesForMessages(ctx),
    /** What the screens offer: the regions, the teams by region (the accounts step), who may be a recruiter. */
    async choices() {
      const [regions, teams, recruiters] = await Promise.all([
        ports.regions(deps.database.db),
        ports.teams(deps.database.db),
        ports.recruiters(deps.database.db),
      ])
      return { regions, teams, recruiters, directory: directory?.kind ?? null }
    },
    /** The global activity log's names of candidates (an erased one is "—"). */
    async logNames(db: Parameters<typeof ctx.stepsOf>[0], ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map()
      const rows = await db.select({ id: ctx.c.id, first: ctx.c.firstName, last: ctx.c.lastName }).from(ctx.c).where(inArray(ctx.c.id, ids))
      return new Map(rows.map((r) => [r.id, `${r.first} ${r.last}`.trim()]))
    },
    /** Does the candidate hold this file (a contract or its signed copy), and may the reader see the candidate? */
    mayReadFile: ctx.mayReadFile,
  }
}
export type CandidatesService = ReturnType<typeof candidatesService>

/** Recruiting's daily schedules, set at start: the erasure after the retention period at 03:30, reminders at 09:00. */
export async function scheduleCandidateJobs(jobs: Pick<Deps['jobs'], 'schedule'>) {
  await jobs.schedule('candidates.erase', ERASE_JOB, { kind: 'daily', time: '03:30' })
  await jobs.schedule('candidates.remind', REMIND_JOB, { kind: 'daily', time: '09:00' })
}
