import { createHmac, timingSafeEqual } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { ApiError, notFound } from '../../lib/errors'
import type { CandidatesContext } from './candidates.context'
import { stableId, type CandidatesContracts } from './candidates.contracts'
import { sha256Hex } from './candidates.pdf'

/** How far a webhook's timestamp may be from our clock. */
export const WEBHOOK_TOLERANCE_S = 300
const ESIGN_TIMEOUT_MS = 20_000
const SIGNED_FETCH_JOB = 'candidates.fetchSigned'

/** The HMAC signature header a DocuSeal-compatible service's webhook carries: `t=<unix seconds>,v1=<hex>`. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`
}

/**
 * The e-signing service's side (docs/decisions/070): its webhook, whose HMAC over the timestamp and the body is its
 * credential, and the job that fetches the signed document it names.
 */
export function candidatesWebhook(ctx: CandidatesContext, { markSigned, ownerOf }: Pick<CandidatesContracts, 'markSigned' | 'ownerOf'>) {
  const { database, db, t, env, files } = ctx
  /**
   * The e-signing service's webhook: its HMAC over the timestamp and the body checks out and the timestamp is within
   * the tolerance (a replay of an old delivery is refused); a completed form signs its contract (once: a second
   * delivery changes nothing) and the signed PDF is fetched by a job.
   */
  async function webhook(rawBody: string, signatureHeader: string | undefined, now = Date.now()) {
    const esign = env.onboarding.esign
    if (!esign?.webhookSecret) throw notFound()
    const m = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(signatureHeader ?? '')
    if (!m) throw new ApiError(401, 'unauthenticated')
    const ts = Number(m[1])
    if (Math.abs(now / 1000 - ts) > WEBHOOK_TOLERANCE_S) throw new ApiError(401, 'unauthenticated')
    const expected = Buffer.from(webhookSignature(esign.webhookSecret, ts, rawBody).split('v1=')[1]!, 'hex')
    const given = Buffer.from(m[2]!, 'hex')
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new ApiError(401, 'unauthenticated')
    let event: {
      event_type?: unknown
      data?: {
        submission_id?: unknown
        submission?: { id?: unknown }
        email?: unknown
        completed_at?: unknown
        ip?: unknown
        ua?: unknown
        documents?: Array<{ url?: unknown }>
      }
    }
    try {
      event = JSON.parse(rawBody) as typeof event
    } catch {
      throw new ApiError(400, 'invalid_json')
    }
    if (event.event_type !== 'form.completed') return { handled: false }
    const submission = event.data?.submission_id ?? event.data?.submission?.id
    if (typeof submission !== 'number' && typeof submission !== 'string') return { handled: false }
    const documentUrl = event.data?.documents?.[0]?.url
    return database.transaction(async (tx) => {
      const [contract] = await tx
        .select()
        .from(t.candidateContracts)
        .where(and(eq(t.candidateContracts.externalId, String(submission)), eq(t.candidateContracts.signer, 'esign')))
      if (!contract || contract.status !== 'sent') return { handled: false }
      const str = (v: unknown) => (typeof v === 'string' ? v.slice(0, 300) : null)
      await markSigned(
        tx,
        contract,
        {
          fileId: null,
          sha256: null,
          audit: {
            signer: 'esign',
            email: str(event.data?.email),
            signedAt: str(event.data?.completed_at),
            ip: str(event.data?.ip),
            userAgent: str(event.data?.ua),
            documentSha256: contract.sha256,
            contractId: contract.id,
          },
        },
        now,
      )
      if (typeof documentUrl === 'string' && documentUrl.startsWith(esign.url.replace(/\/api$/, ''))) {
        await ctx.jobs.enqueue(tx, SIGNED_FETCH_JOB, { contractId: contract.id, url: documentUrl }, { uniqueKey: `signed-fetch:${contract.id}` })
      }
      return { handled: true }
    })
  }

  ctx.jobs.define<{ contractId: string; url: string }>(SIGNED_FETCH_JOB, async (job) => {
    const esign = env.onboarding.esign
    if (!esign) return { skipped: true }
    const [contract] = await db.select().from(t.candidateContracts).where(eq(t.candidateContracts.id, job.payload.contractId))
    if (!contract || contract.signedFileId) return { skipped: true }
    const res = await fetch(job.payload.url, { headers: { 'x-auth-token': esign.token }, signal: AbortSignal.timeout(ESIGN_TIMEOUT_MS) })
    if (!res.ok) throw new Error(`the e-signing service answered ${res.status} for the signed document`)
    const bytes = Buffer.from(await res.arrayBuffer())
    if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('the signed document is not a PDF')
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
