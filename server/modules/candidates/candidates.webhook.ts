import { and, eq } from 'drizzle-orm'
import { ApiError, notFound } from '../../lib/errors'
import type { CandidatesContext } from './candidates.context'
import { stableId, type CandidatesContracts } from './candidates.contracts'
import { OutsideFailure } from '../../lib/outside-failure'
import { docusealClient, webhookSigned } from './candidates.esign'
import { sha256Hex } from './candidates.pdf'

const SIGNED_FETCH_JOB = 'candidates.fetchSigned'

/**
 * What a DocuSeal webhook carries that signing uses (its `formWebhook` and `submissionWebhook` descriptions;
 * docs/integrations.md): a form event is about the signer (`data` is the submitter, its submission inside), a
 * submission event about the submission (`data` is the submission, its submitters inside).
 */
type DocusealEvent = {
  event_type?: unknown
  data?: {
    id?: unknown
    submitters?: Array<{ external_id?: unknown }>
    external_id?: unknown
    submission_id?: unknown
    submission?: { id?: unknown }
    email?: unknown
    completed_at?: unknown
    declined_at?: unknown
    decline_reason?: unknown
    ip?: unknown
    ua?: unknown
    documents?: Array<{ name?: unknown; url?: unknown }>
  }
}

/**
 * The e-signing service's side (docs/decisions/070, docs/integrations.md): its webhook, signed as DocuSeal signs it
 * (`X-Docuseal-Signature`, HMAC-SHA256 over the time and the body, candidates.esign.ts), and the job that fetches the
 * signed document it names. `form.completed` signs the contract, once; `form.declined` fails its step with the
 * candidate's reason, and `submission.expired` or `submission.archived` with that, so the recruiter sees it and can
 * send a new one; nothing waits for a signature that cannot come.
 */
export function candidatesWebhook(ctx: CandidatesContext, { markSigned, ownerOf }: Pick<CandidatesContracts, 'markSigned' | 'ownerOf'>) {
  const { database, db, t, env, files, setStep, log } = ctx

  async function webhook(rawBody: string, signatureHeader: string | undefined, now = Date.now()) {
    const esign = env.onboarding.esign
    if (!esign?.webhookSecret) throw notFound()
    if (!webhookSigned(esign.webhookSecret, rawBody, signatureHeader, now)) throw new ApiError(401, 'unauthenticated')
    let event: DocusealEvent
    try {
      event = JSON.parse(rawBody) as DocusealEvent
    } catch {
      throw new ApiError(400, 'invalid_json')
    }
    const type = event.event_type
    const data = event.data ?? {}
    const str = (v: unknown) => (typeof v === 'string' ? v.slice(0, 300) : null)
    // The contract can no longer be signed there: why, a word the step card translates (and the signer's own reason).
    let ended: string | null = null
    let submission: unknown
    let externalId: unknown
    if (type === 'form.completed' || type === 'form.declined') {
      submission = data.submission?.id ?? data.submission_id
      externalId = data.external_id
      if (type === 'form.declined') ended = `declined${str(data.decline_reason) ? `: ${str(data.decline_reason)}` : ''}`
    } else if (type === 'submission.expired' || type === 'submission.archived') {
      submission = data.id
      externalId = data.submitters?.find((x) => typeof x.external_id === 'string')?.external_id
      ended = type === 'submission.expired' ? 'expired' : 'archived'
    } else return { handled: false }
    if (typeof submission !== 'number' && typeof submission !== 'string') return { handled: false }
    return database.transaction(async (tx) => {
      const [contract] = await tx
        .select()
        .from(t.candidateContracts)
        .where(and(eq(t.candidateContracts.externalId, String(submission)), eq(t.candidateContracts.signer, 'esign')))
      // The submitter's external id is the contract's: a delivery for another contract changes nothing.
      if (!contract || contract.status !== 'sent' || (typeof externalId === 'string' && externalId !== contract.id)) return { handled: false }
      if (ended !== null) {
        await tx.update(t.candidateContracts).set({ status: 'cancelled' }).where(eq(t.candidateContracts.id, contract.id))
        const step = contract.kind === 'work' ? 'work_contract' : 'education_contract'
        await setStep(tx, contract.candidateId, step, { status: 'failed', error: ended }, now)
        await log(tx, { at: now, actorId: null, candidateId: contract.candidateId, action: 'step_failed', after: { step }, reason: ended })
        return { handled: true }
      }
      await markSigned(
        tx,
        contract,
        {
          fileId: null,
          sha256: null,
          audit: {
            signer: 'esign',
            email: str(data.email),
            signedAt: str(data.completed_at),
            ip: str(data.ip),
            userAgent: str(data.ua),
            documentSha256: contract.sha256,
            contractId: contract.id,
          },
        },
        now,
      )
      const documentUrl = data.documents?.[0]?.url
      if (typeof documentUrl === 'string')
        await ctx.jobs.enqueue(tx, SIGNED_FETCH_JOB, { contractId: contract.id, url: documentUrl }, { uniqueKey: `signed-fetch:${contract.id}` })
      return { handled: true }
    })
  }

  ctx.jobs.define<{ contractId: string; url: string }>(SIGNED_FETCH_JOB, async (job) => {
    const esign = env.onboarding.esign
    if (!esign) return { skipped: true }
    const [contract] = await db.select().from(t.candidateContracts).where(eq(t.candidateContracts.id, job.payload.contractId))
    if (!contract || contract.signedFileId) return { skipped: true }
    let bytes: Buffer
    try {
      bytes = await docusealClient(esign).document(job.payload.url)
    } catch (error) {
      // A document address the service will never answer (not a web address, refused): not asked again.
      if (error instanceof OutsideFailure && error.permanent) return { failed: error.message }
      throw error
    }
    const fileId = stableId('signed', contract.id)
    await files.store(
      {
        id: fileId,
        kind: 'contract',
        userId: await ownerOf(contract.fileId),
        name: `${contract.id}-signed.pdf`,
        contentType: 'application/pdf',
        data: bytes,
        attached: true,
      },
      Date.now(),
    )
    await db
      .update(t.candidateContracts)
      .set({ signedFileId: fileId, signedSha256: sha256Hex(bytes) })
      .where(eq(t.candidateContracts.id, contract.id))
    return { stored: fileId }
  })

  return { webhook }
}
