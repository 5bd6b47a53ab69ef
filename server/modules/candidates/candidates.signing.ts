import { createHmac, timingSafeEqual } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { TRANSLATORS } from '../../../shared/i18n'
import type { Translate } from '../../../shared/schemas/errors'
import type { Db } from '../../db/client'
import { ApiError, notFound, validationError } from '../../lib/errors'
import type { CandidatesContext } from './candidates.context'
import { stableId, type CandidatesContracts } from './candidates.contracts'
import type { CandidateLinks } from './candidates.links'
import { sha256Hex, signedPdf } from './candidates.pdf'

/** How far a webhook's timestamp may be from our clock. */
export const WEBHOOK_TOLERANCE_S = 300
const ESIGN_TIMEOUT_MS = 20_000
/** A drawn signature: a PNG of at most this many bytes. */
export const SIGNATURE_MAX_BYTES = 300 * 1024
const SIGNED_FETCH_JOB = 'candidates.fetchSigned'

/** The HMAC signature header a DocuSeal-compatible service's webhook carries: `t=<unix seconds>,v1=<hex>`. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`
}

/**
 * Signing (docs/decisions/070): the candidate's signing page behind its link — the contract to read, their typed name
 * and drawn signature, a signed copy with a signature page and the audit trail — and the e-signing service's webhook,
 * whose HMAC and timestamp must check out. Either is a completed signature; nothing else signs a contract.
 */
export function candidatesSigning(ctx: CandidatesContext, links: CandidateLinks, { markSigned, ownerOf }: Pick<CandidatesContracts, 'markSigned' | 'ownerOf'>) {
  const { database, db, t, env, files } = ctx

  async function openSigning(tx: Db, token: string, now: number) {
    const { link, candidate } = await links.openLink(tx, token, 'sign', now)
    const [contract] = await tx
      .select()
      .from(t.candidateContracts)
      .where(eq(t.candidateContracts.id, link.contractId ?? ''))
    if (!contract) throw notFound()
    if (contract.status === 'signed') throw new ApiError(410, 'candidate_link_used')
    if (contract.status !== 'sent') throw new ApiError(410, 'candidate_link_expired')
    return { link, candidate, contract }
  }

  /** What the signing page shows: whose contract, which kind, until when, and its PDF's address. */
  async function signingPage(token: string, now = Date.now()) {
    const { link, candidate, contract } = await openSigning(db, token, now)
    return {
      firstName: candidate.firstName,
      fullName: `${candidate.firstName} ${candidate.lastName}`,
      language: candidate.language,
      kind: contract.kind,
      expiresAt: link.expiresAt,
      sha256: contract.sha256,
    }
  }

  /** The contract's PDF, to read before signing. */
  async function signingPdf(token: string, now = Date.now()) {
    const { contract } = await openSigning(db, token, now)
    const bytes = await files.bytes(contract.fileId)
    if (!bytes) throw notFound()
    return { bytes, name: `${contract.id}.pdf` }
  }

  /**
   * The candidate signs on their page: their name typed as on the contract, a drawn signature (a PNG), agreement. The
   * PDF's hash is checked against the one sent; the signed copy with its signature page is stored; then the contract
   * is signed.
   */
  async function sign(
    token: string,
    input: { name: string; signature: string; agree: true },
    request: { ip: string | null; userAgent: string | null; translate: Translate },
    now = Date.now(),
  ) {
    const { candidate, contract } = await openSigning(db, token, now)
    const fullName = `${candidate.firstName} ${candidate.lastName}`
    const simple = (s: string) => s.normalize('NFC').toLocaleLowerCase('sv').replace(/\s+/g, ' ').trim()
    if (simple(input.name) !== simple(fullName)) throw validationError({ name: [request.translate('validation.signatureName', { name: fullName })] })
    const png = Buffer.from(input.signature.replace(/^data:image\/png;base64,/, ''), 'base64')
    const isPng = png.length > 8 && png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    if (!isPng || png.length > SIGNATURE_MAX_BYTES) throw validationError({ signature: [request.translate('validation.signatureImage')] })
    const original = await files.bytes(contract.fileId)
    if (!original || sha256Hex(original) !== contract.sha256) throw new Error(`contract ${contract.id}: its stored PDF does not match the hash sent`)
    const tr = TRANSLATORS[candidate.language]
    const audit = {
      name: fullName,
      email: candidate.email,
      signedAt: new Date(now).toISOString(),
      ip: request.ip,
      userAgent: request.userAgent?.slice(0, 300) ?? null,
      documentSha256: contract.sha256,
      contractId: contract.id,
    }
    let bytes: Uint8Array
    try {
      bytes = await signedPdf(original, {
        signaturePng: png,
        audit,
        labels: {
          title: tr('candidates.signature.pageTitle'),
          name: tr('candidates.signature.signedBy'),
          email: tr('candidates.signature.email'),
          signedAt: tr('candidates.signature.signedAt'),
          ip: tr('candidates.signature.ip'),
          userAgent: tr('candidates.signature.userAgent'),
          sha256: tr('candidates.signature.sha256'),
          contract: tr('candidates.signature.contract'),
          note: tr('candidates.signature.note'),
        },
      })
    } catch {
      throw validationError({ signature: [request.translate('validation.signatureImage')] })
    }
    const signedFileId = stableId('signed', contract.id)
    const owner = await ownerOf(contract.fileId)
    await files.store(
      {
        id: signedFileId,
        kind: 'contract',
        userId: owner,
        name: `${contract.id}-signed.pdf`,
        contentType: 'application/pdf',
        data: Buffer.from(bytes),
        attached: true,
      },
      now,
    )
    const stored = (await files.bytes(signedFileId))!
    await database.transaction(async (tx) => {
      const { contract: fresh } = await openSigning(tx, token, now)
      await links.useLink(tx, token, now)
      await markSigned(tx, fresh, { fileId: signedFileId, sha256: sha256Hex(stored), audit: { ...audit, signer: 'builtin' } }, now)
    })
    return { sha256: sha256Hex(stored) }
  }

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

  return { signingPage, signingPdf, sign, webhook }
}
