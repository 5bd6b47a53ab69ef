import { subject } from '@casl/ability'
import { and, eq, or } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { Action } from '../../../shared/permissions/catalogue'
import { stageOf } from '../../../shared/rules/candidates'
import type { CandidateLanguage, CandidateListItem, SellerAccountInput, StepName, StepStatus } from '../../../shared/schemas/candidates'
import type { Translate } from '../../../shared/schemas/errors'
import type { Db } from '../../db/client'
import type { candidates } from '../../db/schema/candidates'
import { ApiError, notFound } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { Deps } from '../../platform/deps'

/** Who acts: their id, rules and language. */
export type CandidateActor = { id: string; ability: AppAbility; language: CandidateLanguage }

/** What recruiting asks other areas (answered in server/composition/areas.ts). */
export type CandidatesPorts = {
  /** people's names by id */
  names(db: Db, ids: { userIds?: string[] }): Promise<Map<string, string>>
  /** regions', offices' and teams' names by id (an unknown id is absent) */
  placeNames(db: Db, ids: { regionIds?: string[]; teamIds?: string[] }): Promise<Map<string, string>>
  /** every region, every team with its region, and who may be a recruiter (the forms' and filters' choices) */
  regions(db: Db): Promise<Array<{ id: string; name: string }>>
  teams(db: Db): Promise<Array<{ id: string; name: string; regionId: string }>>
  recruiters(db: Db): Promise<Array<{ id: string; name: string }>>
  /** a region's country (ISO 3166 alpha-2) */
  regionCountry(db: Db, regionId: string): Promise<string | null>
  /** a team's office and region, or null for an unknown team */
  teamRegion(db: Db, teamId: string): Promise<{ officeId: string; regionId: string } | null>
  /** the new seller's account (the users area writes it, in the caller's transaction) */
  createSeller(tx: Db, input: SellerAccountInput, actorId: string | null, at: number): Promise<{ userId: string }>
}

export type CandidateRow = typeof candidates.$inferSelect
async function candidateRowOf(tx: Db, t: Deps['database']['t'], id: string): Promise<CandidateRow | undefined> {
  const [row] = await tx.select().from(t.candidates).where(eq(t.candidates.id, id))
  return row
}

/** The fields a log line shows with their values; personal ones are named without them (an erasure leaves no trace). */
const LOGGED_WITH_VALUES = new Set(['recruiterId', 'regionId', 'startDate', 'language', 'status', 'step', 'closedReason'])

/** The text the list's search reads: name, e-mail and phone, lower-cased. */
export function candidateSearchText(c: { firstName: string; lastName: string; email: string; phone: string | null }): string {
  return [c.firstName, c.lastName, c.email, c.phone?.replace(/\D/g, '')].filter(Boolean).join(' ').toLocaleLowerCase('sv')
}

/** Candidates as the list shows them: their recruiter's and region's names, where they are, what is signed. */
async function candidateItems(ports: CandidatesPorts, tx: Db, rows: Array<Deps['database']['t']['candidates']['$inferSelect']>): Promise<CandidateListItem[]> {
  const [names, places] = await Promise.all([
    ports.names(tx, { userIds: rows.map((r) => r.recruiterId) }),
    ports.placeNames(tx, { regionIds: rows.map((r) => r.regionId) }),
  ])
  return rows.map((r) => ({
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone,
    recruiter: { id: r.recruiterId, name: names.get(r.recruiterId) ?? null },
    region: { id: r.regionId, name: places.get(r.regionId) ?? null },
    status: r.status,
    stage: r.step,
    startDate: r.startDate,
    hasAdditionalInfo: r.hasAdditionalInfo,
    workContractSigned: r.workContractSignedAt !== null,
    educationContractSigned: r.educationContractSignedAt !== null,
    createdAt: r.createdAt,
  }))
}

/**
 * What recruiting's parts share: the tables, the clock, the ports, a candidate as the reader may see it, the steps'
 * state, and the log line every change writes.
 */
export function candidatesContext(deps: Pick<Deps, 'database' | 'events' | 'env' | 'jobs' | 'mail' | 'files'>, ports: CandidatesPorts) {
  const { database } = deps
  const { db, t } = database
  const c = t.candidates

  /** CASL's view of a candidate: whose it is and its region. */
  const asSubject = (row: { recruiterId: string; regionId: string }) => subject('candidates', { recruiterId: row.recruiterId, regionId: row.regionId })
  const may = (ability: AppAbility, action: Action, row: { recruiterId: string; regionId: string }) => ability.can(action, asSubject(row))

  /** The candidate when the actor may `action` it: 404 when they may not even see it, 403 when they may only see it. */
  async function candidateFor(tx: Db, actor: Pick<CandidateActor, 'ability'>, id: string, action: Action = 'view') {
    const row = await candidateRowOf(tx, t, id)
    if (!row || !may(actor.ability, 'view', row)) throw notFound()
    if (action !== 'view' && !may(actor.ability, action, row)) throw new ApiError(403, 'forbidden')
    return row
  }

  async function stepsOf(tx: Db, candidateId: string) {
    const rows = await tx.select().from(t.candidateSteps).where(eq(t.candidateSteps.candidateId, candidateId))
    return new Map(rows.map((r) => [r.step, r]))
  }
  const statusesOf = (steps: Map<StepName, { status: StepStatus }>): Partial<Record<StepName, StepStatus>> =>
    Object.fromEntries([...steps].map(([k, v]) => [k, v.status]))

  /**
   * Writes a step's state and moves the candidate's stage (and its onboarded status) to match: the one place a step
   * changes, in the caller's transaction.
   */
  async function setStep(
    tx: Db,
    candidateId: string,
    step: StepName,
    change: {
      status: StepStatus
      jobId?: string | null
      error?: string | null
      detail?: Record<string, string | number | boolean | null> | null
      startedBy?: string | null
      run?: boolean
    },
    at: number,
  ) {
    const one = and(eq(t.candidateSteps.candidateId, candidateId), eq(t.candidateSteps.step, step))
    const [existing] = await tx.select().from(t.candidateSteps).where(one)
    const values = {
      status: change.status,
      ...(change.jobId !== undefined ? { jobId: change.jobId } : {}),
      error: change.error ?? null,
      ...(change.detail !== undefined ? { detail: change.detail } : {}),
      ...(change.startedBy !== undefined ? { startedBy: change.startedBy } : {}),
      ...(change.run ? { startedAt: at, finishedAt: null, runs: (existing?.runs ?? 0) + 1 } : {}),
      ...(change.status === 'done' || change.status === 'failed' ? { finishedAt: at } : {}),
      updatedAt: at,
    }
    if (existing) {
      await tx.update(t.candidateSteps).set(values).where(one)
    } else {
      await tx.insert(t.candidateSteps).values({ candidateId, step, runs: 0, detail: null, ...values })
    }
    const steps = await stepsOf(tx, candidateId)
    const stage = stageOf(statusesOf(steps))
    const [row] = await tx.select({ status: c.status, onboardedAt: c.onboardedAt }).from(c).where(eq(c.id, candidateId))
    const onboarded = stage === 'onboarded'
    if (onboarded && row?.status === 'active') {
      const [who] = await tx
        .select({ recruiterId: c.recruiterId, firstName: c.firstName, lastName: c.lastName, userId: c.userId })
        .from(c)
        .where(eq(c.id, candidateId))
      await deps.events.record(
        tx,
        'candidate.onboarded',
        { candidateId, recruiterId: who!.recruiterId, name: `${who!.firstName} ${who!.lastName}`, userId: who!.userId },
        { actorId: null, at },
      )
      await log(tx, { at, actorId: null, candidateId, action: 'onboarded', before: { status: 'active' }, after: { status: 'onboarded' } })
    }
    await tx
      .update(c)
      .set({
        step: stage,
        ...(onboarded && row?.status === 'active' ? { status: 'onboarded' as const, onboardedAt: at } : {}),
        updatedAt: at,
      })
      .where(eq(c.id, candidateId))
    return { stage, onboarded: onboarded && row?.status === 'active' }
  }

  /** A log line of a change to a candidate: organisational fields with their values, personal ones by name only. */
  async function log(
    tx: Db,
    entry: {
      at: number
      actorId: string | null
      candidateId: string
      action: string
      before?: Record<string, unknown>
      after?: Record<string, unknown>
      reason?: string | null
    },
  ) {
    const scrub = (v: Record<string, unknown> | undefined) =>
      v ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, LOGGED_WITH_VALUES.has(k) ? x : x === null || x === undefined ? null : '•'])) : null
    await logActivity(tx, t, {
      at: entry.at,
      actorId: entry.actorId,
      entity: 'candidate',
      entityId: entry.candidateId,
      action: entry.action,
      before: scrub(entry.before),
      after: scrub(entry.after),
      reason: entry.reason ?? null,
    })
  }

  const listItems = (tx: Db, rows: Array<typeof c.$inferSelect>) => candidateItems(ports, tx, rows)

  /** The version the editor read: a change based on an older one is refused. */
  function checkVersion(row: { version: number }, version: number) {
    if (row.version !== version) throw new ApiError(409, 'version_conflict', { details: { version: row.version } })
  }

  /** A step refused now, with its translated reason. */
  const blocked = (translate: Translate, key: string) => new ApiError(409, 'step_blocked', { params: { reason: translate(key) } })

  /** A contract's PDF (sent or signed) is read by who may see its candidate. */
  async function mayReadFile(fileId: string, ability: AppAbility, tx: Db = db): Promise<boolean> {
    const [row] = await tx
      .select({ recruiterId: c.recruiterId, regionId: c.regionId })
      .from(t.candidateContracts)
      .innerJoin(c, eq(c.id, t.candidateContracts.candidateId))
      .where(or(eq(t.candidateContracts.fileId, fileId), eq(t.candidateContracts.signedFileId, fileId)))
      .limit(1)
    return !!row && may(ability, 'view', row)
  }

  return { ...deps, ports, db, t, c, may, mayReadFile, asSubject, candidateFor, stepsOf, statusesOf, setStep, log, listItems, checkVersion, blocked }
}
export type CandidatesContext = ReturnType<typeof candidatesContext>
