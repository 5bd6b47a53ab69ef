import { eq } from 'drizzle-orm'
import { TRANSLATORS } from '../../../shared/i18n'
import type { Translate } from '../../../shared/schemas/errors'
import type { Db } from '../../db/client'
import { ApiError, notFound, validationError } from '../../lib/errors'
import type { CandidatesContext } from './candidates.context'
import { stableId, type CandidatesContracts } from './candidates.contracts'
import type { CandidateLinks } from './candidates.links'
import { pngFacts } from '../../lib/png'
import { sha256Hex } from './candidates.pdf'
import { contractPdfs } from './candidates.pdf-thread'
import { candidatesWebhook } from './candidates.webhook'

/** A drawn signature: a PNG of at most this many bytes. */
export const SIGNATURE_MAX_BYTES = 300 * 1024
/**
 * …and at most this many pixels: the signing page's pad is its box (at most a desktop column wide and 160 px high)
 * times the screen's pixel ratio (up to 4), which stays well inside. Decoding costs 4 bytes a pixel, whatever the
 * file's size, so a larger image is refused from its header before anything is decoded (docs/decisions/079).
 */
export const SIGNATURE_MAX_PIXELS = { width: 4_096, height: 2_048, total: 4_096 * 1_024 }

/** Whether bytes are a signature pad's drawing: a still PNG within the pad's size. */
export function signatureImageOk(png: Uint8Array): boolean {
  const facts = pngFacts(png)
  if (!facts || facts.animated || png.byteLength > SIGNATURE_MAX_BYTES) return false
  const { width, height } = facts
  const max = SIGNATURE_MAX_PIXELS
  return width > 0 && height > 0 && width <= max.width && height <= max.height && width * height <= max.total
}

/**
 * Signing (docs/decisions/070): the candidate's signing page behind its link — the contract to read, their typed name
 * and drawn signature, a signed copy with a signature page and the audit trail — and the e-signing service's webhook,
 * whose HMAC and timestamp must check out. Either is a completed signature; nothing else signs a contract.
 */
export function candidatesSigning(ctx: CandidatesContext, links: CandidateLinks, { markSigned, ownerOf }: Pick<CandidatesContracts, 'markSigned' | 'ownerOf'>) {
  const { database, db, t, files } = ctx

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
    if (!signatureImageOk(png)) throw validationError({ signature: [request.translate('validation.signatureImage')] })
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
      bytes = await contractPdfs.signed(original, {
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

  return { signingPage, signingPdf, sign, webhooks: candidatesWebhook(ctx, { markSigned, ownerOf }) }
}
