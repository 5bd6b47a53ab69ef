import { eq } from 'drizzle-orm'
import { candidateOwnDetailsSchema, type CandidateOwnDetailsInput, type CandidateOwnPage } from '../../../shared/schemas/candidates'
import { candidateSearchText, type CandidatesContext } from './candidates.context'
import type { CandidateLinks } from './candidates.links'
import type { CandidatesPrivacy } from './candidates.privacy'
import { OutsideFailure, refusalOf } from '../../lib/outside-failure'
import type { StepRunner } from './candidates.steps'

/** How long a call to the onboarding space service may take. */
const SPACE_TIMEOUT_MS = 15_000

/**
 * Step 1, preonboarding (docs/decisions/070): an outside onboarding space when one is configured (created once: the
 * candidate's id is the service's idempotency key, and the space's id is kept), then a personal link by e-mail, in
 * the candidate's language, to their own page, where they fill in their details; submitting them sets "has additional
 * info", ends the step and tells the recruiter.
 */
export function candidatesPreonboarding(ctx: CandidatesContext, links: CandidateLinks, privacy: CandidatesPrivacy) {
  const { database, env, t, c, mail, ports, events, setStep, log } = ctx

  const runner: StepRunner = {
    async outside(candidate) {
      const space = env.onboarding.space
      if (!space || candidate.spaceId) return
      const res = await fetch(`${space.url}/spaces`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${space.token}`, 'idempotency-key': candidate.id },
        body: JSON.stringify({
          externalId: candidate.id,
          name: `${candidate.firstName} ${candidate.lastName}`,
          email: candidate.email,
          language: candidate.language,
        }),
        signal: AbortSignal.timeout(SPACE_TIMEOUT_MS),
      })
      if (!res.ok) throw await refusalOf(res, 'the onboarding space service', 'making the space')
      const body = (await res.json()) as { id?: unknown; url?: unknown }
      if (typeof body.id !== 'string' || typeof body.url !== 'string' || !/^https?:\/\//.test(body.url))
        throw new OutsideFailure('the onboarding space service answered without a space', false)
      return { spaceId: body.id.slice(0, 200), spaceUrl: body.url.slice(0, 500) }
    },
    async commit(tx, candidate, run, outside, now) {
      if (outside?.spaceId)
        await tx
          .update(c)
          .set({ spaceId: String(outside.spaceId), spaceUrl: String(outside.spaceUrl) })
          .where(eq(c.id, candidate.id))
      const { linkDays } = await privacy.settings(tx)
      const { token, expiresAt } = await links.newLink(tx, candidate.id, 'details', linkDays, now)
      const recruiter = (await ports.names(tx, { userIds: [candidate.recruiterId] })).get(candidate.recruiterId) ?? ''
      await mail.send(tx, {
        to: candidate.email,
        template: 'candidatePreonboarding',
        language: candidate.language,
        params: { name: candidate.firstName, link: `${run.origin}/candidate/${token}`, days: linkDays, recruiter },
      })
      return { status: 'waiting_candidate', detail: { expiresAt, space: outside?.spaceUrl ? String(outside.spaceUrl) : (candidate.spaceUrl ?? null) } }
    },
  }

  /** The candidate's own page: their first name and language, who to ask, and until when the link is open. */
  async function page(token: string, now = Date.now()): Promise<CandidateOwnPage> {
    const { link, candidate } = await links.openLink(database.db, token, 'details', now)
    const recruiter = (await ports.names(database.db, { userIds: [candidate.recruiterId] })).get(candidate.recruiterId) ?? null
    return { firstName: candidate.firstName, language: candidate.language, recruiterName: recruiter, expiresAt: link.expiresAt }
  }

  /** The candidate's details from their page: validated, stored, the link closed, the step done, the recruiter told. */
  async function submit(token: string, input: CandidateOwnDetailsInput, now = Date.now()) {
    const v = candidateOwnDetailsSchema.parse(input)
    await database.transaction(async (tx) => {
      const { candidate } = await links.openLink(tx, token, 'details', now)
      const after = { ...v, hasAdditionalInfo: true }
      await tx
        .update(c)
        .set({ ...after, searchText: candidateSearchText({ ...candidate, phone: v.phone }), updatedAt: now, version: candidate.version + 1 })
        .where(eq(c.id, candidate.id))
      await links.useLink(tx, token, now)
      await log(tx, { at: now, actorId: null, candidateId: candidate.id, action: 'details_submitted', after })
      await setStep(tx, candidate.id, 'preonboarding', { status: 'done' }, now)
      await events.record(
        tx,
        'candidate.detailsSubmitted',
        { candidateId: candidate.id, recruiterId: candidate.recruiterId, name: `${candidate.firstName} ${candidate.lastName}` },
        { actorId: null, at: now },
      )
    })
  }

  void t
  return { runner, page, submit }
}
