import { createHash, randomBytes } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { ApiError, notFound } from '../../lib/errors'
import type { CandidatesContext } from './candidates.context'

const DAY_MS = 24 * 60 * 60 * 1000
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * The links a candidate opens without an account (docs/decisions/070): 256 random bits, only their hash kept; one
 * candidate and one purpose each; a new link of the same purpose ends the old one; used once, then closed; expiring
 * after the organisation's number of days.
 */
export function candidateLinks(ctx: CandidatesContext) {
  const { t } = ctx

  async function newLink(tx: Db, candidateId: string, purpose: 'details' | 'sign', days: number, now: number, contractId: string | null = null) {
    // The candidate's older open links of this purpose (of this contract) end now.
    await tx
      .update(t.candidateLinks)
      .set({ expiresAt: now })
      .where(
        and(
          eq(t.candidateLinks.candidateId, candidateId),
          eq(t.candidateLinks.purpose, purpose),
          isNull(t.candidateLinks.usedAt),
          contractId ? eq(t.candidateLinks.contractId, contractId) : undefined,
        ),
      )
    const token = randomBytes(32).toString('base64url')
    const expiresAt = now + days * DAY_MS
    await tx.insert(t.candidateLinks).values({ tokenHash: hashToken(token), candidateId, purpose, contractId, createdAt: now, expiresAt, usedAt: null })
    return { token, expiresAt }
  }

  /**
   * The link behind a token, when it may still be used for `purpose`: 404 for an unknown token, another purpose or a
   * candidate no longer in progress; 410 when it was used or has expired.
   */
  async function openLink(tx: Db, token: string, purpose: 'details' | 'sign', now: number) {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw notFound()
    const [link] = await tx
      .select()
      .from(t.candidateLinks)
      .where(eq(t.candidateLinks.tokenHash, hashToken(token)))
    if (!link || link.purpose !== purpose) throw notFound()
    const [candidate] = await tx.select().from(t.candidates).where(eq(t.candidates.id, link.candidateId))
    if (!candidate || candidate.status === 'erased' || candidate.status === 'closed') throw notFound()
    if (link.usedAt !== null) throw new ApiError(410, 'candidate_link_used')
    if (link.expiresAt <= now) throw new ApiError(410, 'candidate_link_expired')
    return { link, candidate }
  }

  async function useLink(tx: Db, token: string, now: number) {
    await tx
      .update(t.candidateLinks)
      .set({ usedAt: now })
      .where(eq(t.candidateLinks.tokenHash, hashToken(token)))
  }

  return { newLink, openLink, useLink }
}
export type CandidateLinks = ReturnType<typeof candidateLinks>
