import { stageOf } from '../../shared/rules/candidates'
import type { CandidateStatus, StepName, StepStatus } from '../../shared/schemas/candidates'
import type { Schema } from '../db/client'
import { candidateSearchText } from '../modules/candidates/candidates.context'
import { DEFAULT_CONTRACT_TEMPLATES } from './demo-candidates'
import { FIRST_NAMES, LAST_NAMES, prng } from './vocabulary'

const DAY = 86_400_000
const ascii = (s: string) =>
  s
    .toLowerCase()
    .replace(/[åä]/g, 'a')
    .replace(/ö/g, 'o')
    .replace(/é/g, 'e')
    .replace(/[^a-z]/g, '')

/** How far a candidate got, by how long ago they were added: most older ones onboarded or not hired. */
function progress(rng: ReturnType<typeof prng>, ageDays: number): { steps: Partial<Record<StepName, StepStatus>>; status: CandidateStatus } {
  const roll = rng.next()
  if (ageDays > 60) {
    if (roll < 0.45) return { steps: { preonboarding: 'done', work_contract: 'done', education_contract: 'done', accounts: 'done' }, status: 'onboarded' }
    if (roll < 0.75) return { steps: { preonboarding: 'waiting_candidate' }, status: ageDays > 240 ? 'erased' : 'closed' }
  }
  const done = Math.min(4, Math.floor(roll * 5))
  const order: StepName[] = ['preonboarding', 'work_contract', 'education_contract', 'accounts']
  const steps: Partial<Record<StepName, StepStatus>> = {}
  for (let i = 0; i < done; i++) steps[order[i]!] = 'done'
  if (done < 4 && rng.chance(0.6)) steps[order[done]!] = done === 3 ? 'failed' : 'waiting_candidate'
  return { steps, status: done === 4 ? 'onboarded' : 'active' }
}

/**
 * The data set's candidates (issue 44): `count` of them over the history, each a recruiter's (in the recruiter's
 * region), at every step, a share closed as not hired and the oldest of those erased; and the contract templates.
 * Its own deterministic sequence, so the rest of the data set does not change with it.
 */
export async function seedCandidates(
  t: Schema,
  add: (table: Schema[keyof Schema], row: Record<string, unknown>) => Promise<void>,
  opts: { seed: string; count: number; endMs: number; days: number; recruiters: Array<{ id: string; regionId: string }> },
): Promise<void> {
  const rng = prng(`candidates:${opts.seed}`)
  for (const tpl of DEFAULT_CONTRACT_TEMPLATES) {
    await add(t.contractTemplates, {
      id: rng.uuid(),
      ...tpl,
      createdAt: opts.endMs - opts.days * DAY,
      updatedAt: opts.endMs - opts.days * DAY,
      updatedBy: null,
      version: 1,
    })
  }
  if (opts.recruiters.length === 0) return
  for (let n = 0; n < opts.count; n++) {
    const recruiter = opts.recruiters[n % opts.recruiters.length]!
    const ageDays = Math.floor(Math.pow(rng.next(), 1.6) * opts.days)
    const createdAt = opts.endMs - ageDays * DAY - rng.int(0, DAY - 1)
    const firstName = FIRST_NAMES[rng.int(0, FIRST_NAMES.length - 1)]!
    const lastName = LAST_NAMES[rng.int(0, LAST_NAMES.length - 1)]!
    const { steps, status } = progress(rng, ageDays)
    const id = rng.uuid()
    const erased = status === 'erased'
    const email = erased ? `erased-${id}@invalid` : `${ascii(firstName)}.${ascii(lastName)}.${n}@example.test`
    const phone = erased ? null : `07${rng.int(0, 9)}-${rng.int(100, 999)} ${rng.int(10, 99)} ${rng.int(10, 99)}`
    const details = steps.preonboarding === 'done' && !erased
    const start = createdAt + rng.int(7, 40) * DAY
    const closedAt = status === 'closed' || erased ? createdAt + rng.int(5, 30) * DAY : null
    await add(t.candidates, {
      id,
      recruiterId: recruiter.id,
      regionId: recruiter.regionId,
      status,
      firstName: erased ? '—' : firstName,
      lastName: erased ? '' : lastName,
      email,
      phone,
      language: rng.chance(0.08) ? 'fi' : 'sv',
      startDate: new Date(start).toISOString().slice(0, 10),
      step: stageOf(steps),
      hasAdditionalInfo: details,
      reminderSentAt: null,
      workContractSentAt: steps.work_contract ? createdAt + 3 * DAY : null,
      workContractSignedAt: steps.work_contract === 'done' ? createdAt + 4 * DAY : null,
      educationContractId: null,
      educationContractSignedAt: steps.education_contract === 'done' ? createdAt + 4 * DAY : null,
      onboardedAt: status === 'onboarded' ? createdAt + 6 * DAY : null,
      address: details ? `Storgatan ${rng.int(1, 80)}` : null,
      postalCode: details ? `${rng.int(100, 989)} ${rng.int(10, 99)}` : null,
      city: details ? 'Stockholm' : null,
      tshirtSize: details ? rng.pick(['S', 'M', 'L', 'XL']) : null,
      shoeSize: details ? String(rng.int(36, 46)) : null,
      driversLicense: details ? rng.chance(0.7) : null,
      closedAt,
      closedReason: status === 'closed' ? 'Tackade nej' : null,
      erasedAt: erased ? closedAt! + 180 * DAY : null,
      searchText: erased ? '' : candidateSearchText({ firstName, lastName, email, phone }),
      createdAt,
      updatedAt: createdAt,
      version: 1,
    })
    for (const [step, s] of Object.entries(steps) as Array<[StepName, StepStatus]>) {
      await add(t.candidateSteps, {
        candidateId: id,
        step,
        status: s,
        runs: 1,
        jobId: null,
        error: s === 'failed' ? 'the directory refused the account (503)' : null,
        detail: null,
        startedBy: recruiter.id,
        startedAt: createdAt + DAY,
        finishedAt: s === 'done' || s === 'failed' ? createdAt + 2 * DAY : null,
        updatedAt: createdAt + 2 * DAY,
      })
    }
  }
}
