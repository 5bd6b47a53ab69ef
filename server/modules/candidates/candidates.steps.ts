import { and, eq } from 'drizzle-orm'
import { stepRefusal } from '../../../shared/rules/candidates'
import type { StartStepInput, StepName, StepStatus } from '../../../shared/schemas/candidates'
import type { Translate } from '../../../shared/schemas/errors'
import type { Db } from '../../db/client'
import { ApiError } from '../../lib/errors'
import { OutsideFailure } from '../../lib/outside-failure'
import type { CandidateActor, CandidateRow, CandidatesContext } from './candidates.context'

/** What a step's job knows: the candidate, who started it, what they chose, and where links point. */
export type StepRun = {
  candidateId: string
  step: StepName
  run: number
  startedBy: string
  origin: string
  input: StartStepInput
  /** what the step was started with besides the input: the accounts step's password, hashed and sealed */
  extra: Record<string, string>
  /** 1 on the job's first attempt */
  attempt: number
  lastAttempt: boolean
}

/**
 * What a step does. `outside` runs first, outside any transaction (a call to another service, made idempotent by what
 * it stores); `commit` writes the step's outcome in one transaction and answers the step's new state. A process that
 * dies before `commit` leaves the step running; its job runs again and finds what `outside` stored.
 */
export type StepRunner = {
  outside?(candidate: CandidateRow, run: StepRun): Promise<Record<string, string | number | boolean | null> | void>
  commit(
    tx: Db,
    candidate: CandidateRow,
    run: StepRun,
    outside: Record<string, string | number | boolean | null> | void,
    now: number,
  ): Promise<{
    status: Extract<StepStatus, 'waiting_candidate' | 'done'>
    detail?: Record<string, string | number | boolean | null> | null
  }>
}

export const STEP_JOB = 'candidates.step'

/**
 * The steps (docs/decisions/070): starting one (after the screen's confirmation) checks that it may start now and
 * hands it to a durable job; the job does it and writes its state — waiting for the candidate, done, or failed with
 * the reason after its last attempt; a retry starts it again. A stale job (its step started again since) does nothing.
 */
export function candidatesSteps(ctx: CandidatesContext, runners: Record<StepName, StepRunner>) {
  const { database, db, t, c, jobs, candidateFor, stepsOf, statusesOf, setStep, log, blocked } = ctx

  async function start(
    actor: CandidateActor,
    id: string,
    step: StepName,
    input: StartStepInput,
    opts: { translate: Translate; origin: string; now?: number; extra?: Record<string, string>; check?: (tx: Db, row: CandidateRow) => Promise<void> },
  ) {
    const now = opts.now ?? Date.now()
    return database.transaction(async (tx) => {
      const row = await candidateFor(tx, actor, id, 'update')
      if (step === 'accounts' && !actor.ability.can('create', 'candidate_accounts')) throw new ApiError(403, 'forbidden')
      const steps = await stepsOf(tx, id)
      const refusal = stepRefusal(step, {
        status: row.status,
        steps: statusesOf(steps),
        hasAdditionalInfo: row.hasAdditionalInfo,
        workContractSigned: row.workContractSignedAt !== null,
      })
      if (refusal) throw blocked(opts.translate, refusal)
      await opts.check?.(tx, row)
      const run = (steps.get(step)?.runs ?? 0) + 1
      const payload: Omit<StepRun, 'attempt' | 'lastAttempt'> = {
        candidateId: id,
        step,
        run,
        startedBy: actor.id,
        origin: opts.origin,
        input,
        extra: opts.extra ?? {},
      }
      const jobId = await jobs.enqueue(tx, STEP_JOB, payload, { uniqueKey: `candidate:${id}:${step}:${run}`, maxAttempts: 5 })
      await setStep(tx, id, step, { status: 'running', jobId, startedBy: actor.id, run: true, detail: null }, now)
      await log(tx, { at: now, actorId: actor.id, candidateId: id, action: 'step_started', after: { step } })
      return { step, status: 'running' as const, run }
    })
  }

  /** The job: the step's runner, once per run. */
  async function runStep(run: StepRun, now = () => Date.now()) {
    const current = async () => {
      const [s] = await db
        .select()
        .from(t.candidateSteps)
        .where(and(eq(t.candidateSteps.candidateId, run.candidateId), eq(t.candidateSteps.step, run.step)))
      return s && s.status === 'running' && s.runs === run.run ? s : null
    }
    if (!(await current())) return { skipped: true }
    const [candidate] = await db.select().from(c).where(eq(c.id, run.candidateId))
    if (!candidate) return { skipped: true }
    const runner = runners[run.step]
    try {
      const outside = runner.outside ? await runner.outside(candidate, run) : undefined
      return await database.transaction(async (tx) => {
        const [fresh] = await tx.select().from(c).where(eq(c.id, run.candidateId))
        const [s] = await tx
          .select({ status: t.candidateSteps.status, runs: t.candidateSteps.runs })
          .from(t.candidateSteps)
          .where(and(eq(t.candidateSteps.candidateId, run.candidateId), eq(t.candidateSteps.step, run.step)))
        if (!fresh || s?.status !== 'running' || s.runs !== run.run) return { skipped: true }
        const at = now()
        const outcome = await runner.commit(tx, fresh, run, outside, at)
        await setStep(tx, run.candidateId, run.step, { status: outcome.status, detail: outcome.detail ?? null }, at)
        await log(tx, {
          at,
          actorId: null,
          candidateId: run.candidateId,
          action: outcome.status === 'done' ? 'step_done' : 'step_sent',
          after: { step: run.step },
        })
        return { status: outcome.status }
      })
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      // A service that refused the request itself fails the step at once (asking again cannot help); any other error
      // is shown and tried again, and after the last attempt the step has failed. Either waits for a retry.
      const final = run.lastAttempt || (err instanceof OutsideFailure && err.permanent)
      await database.transaction(async (tx) => {
        if (!(await current())) return
        const at = now()
        await setStep(tx, run.candidateId, run.step, { status: final ? 'failed' : 'running', error: message.slice(0, 500) }, at)
        if (final)
          await log(tx, { at, actorId: null, candidateId: run.candidateId, action: 'step_failed', after: { step: run.step }, reason: message.slice(0, 500) })
      })
      if (final && !run.lastAttempt) return { failed: message.slice(0, 500) }
      throw err
    }
  }

  jobs.define<Omit<StepRun, 'attempt' | 'lastAttempt'>>(STEP_JOB, async (job) => {
    const result = await runStep({ ...job.payload, attempt: job.attempt, lastAttempt: job.lastAttempt })
    return result
  })

  return { start }
}
