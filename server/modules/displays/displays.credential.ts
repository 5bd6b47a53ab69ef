import { and, eq } from 'drizzle-orm'
import { DISPLAY_SECRET_ROTATION_MS } from '../../../shared/rules/displays'
import type { DisplayStatus } from '../../../shared/schemas/displays'
import { hashSecret, newSecret, type DisplayRow, type DisplaysContext } from './displays.context'

/** How long an instance trusts what it read of a screen: a revocation reaches every screen within this (and a poll). */
export const CREDENTIAL_CACHE_MS = 2_000
/** A new secret not used this long after it was given is given again (the answer that carried it was lost). */
export const NEXT_SECRET_RESEND_MS = 5 * 60_000
/** A screen's last contact is written at most this often (200 screens asking every few seconds write little). */
const SEEN_EVERY_MS = 60_000
/** At most this many screens' readings kept per instance (older ones are read again). */
const CACHE_LIMIT = 5_000

/** `Display <id>.<secret>`, as the screen sends it. */
const HEADER = /^Display ([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/

/**
 * The screen's credential (docs/decisions/101): its id and its secret in the `Authorization` header, never in an
 * address. Checked against the row on every request (read again after 2 seconds); the old secret keeps working until
 * the screen first uses the new one it was given, which then replaces it.
 */
export function displayCredential(ctx: DisplaysContext) {
  const { db, d } = ctx
  const cache = new Map<string, { row: DisplayRow; at: number }>()

  async function rowOf(id: string, now: number): Promise<DisplayRow | null> {
    const hit = cache.get(id)
    if (hit && now - hit.at < CREDENTIAL_CACHE_MS) return hit.row
    const [row] = await db.select().from(d).where(eq(d.id, id))
    if (cache.size >= CACHE_LIMIT) cache.clear()
    if (row) cache.set(id, { row, at: now })
    else cache.delete(id)
    return row ?? null
  }

  /** The row after a write of this instance: what it wrote is what it reads next. */
  const remember = (row: DisplayRow, now: number) => cache.set(row.id, { row, at: now })

  /**
   * The screen a request's `Authorization` names, when the secret is its own (the current one, or the new one it was
   * given: using that finishes the change). Null: no screen, or not its secret.
   */
  async function verify(header: string | undefined, ip: string | null, now: number): Promise<DisplayRow | null> {
    const m = header ? HEADER.exec(header) : null
    if (!m) return null
    const [, id, secret] = m
    let row = await rowOf(id!, now)
    if (!row) return null
    const hash = hashSecret(secret!)
    if (row.nextSecretHash === hash) {
      const [promoted] = await db
        .update(d)
        .set({ secretHash: hash, nextSecretHash: null, nextSecretAt: null, secretIssuedAt: now })
        .where(and(eq(d.id, row.id), eq(d.nextSecretHash, hash)))
        .returning()
      if (promoted) remember((row = promoted), now)
      else {
        // Another request promoted it first: what the row says now decides.
        cache.delete(row.id)
        const fresh = await rowOf(row.id, now)
        if (fresh?.secretHash !== hash) return null
        row = fresh
      }
    } else if (row.secretHash !== hash) {
      // A reading that may be older than a change of secret made by another instance: asked again once.
      cache.delete(row.id)
      const fresh = await rowOf(row.id, now)
      if (!fresh || (fresh.secretHash !== hash && fresh.nextSecretHash !== hash)) return null
      return verify(header, ip, now)
    }
    if (row.state !== 'revoked' && (row.lastSeenAt === null || now - row.lastSeenAt >= SEEN_EVERY_MS)) {
      const [seen] = await db.update(d).set({ lastSeenAt: now, lastSeenIp: ip }).where(eq(d.id, row.id)).returning()
      if (seen) remember((row = seen), now)
    }
    return row
  }

  return {
    verify,

    /** A screen changed or revoked on this instance: what this instance read of it is read again at once. */
    forget: (id: string) => void cache.delete(id),

    /**
     * How the screen stands, for the screen: waiting (with its code's expiry), expired, paired (what it shows), or
     * revoked. A paired screen whose secret is a day old is given a new one with the answer.
     */
    async status(row: DisplayRow, now: number): Promise<DisplayStatus> {
      if (row.state === 'revoked') return { state: 'revoked' }
      if (row.state === 'pending') {
        const expiresAt = row.codeExpiresAt ?? 0
        return expiresAt < now ? { state: 'expired' } : { state: 'pending', expiresAt }
      }
      const answer: DisplayStatus = {
        state: 'paired',
        display: { name: row.name ?? '', officeId: row.officeId ?? '', teamIds: row.teamIds, scenes: row.scenes },
      }
      // A day-old secret is replaced: a new one goes with the answer, and again only if the screen has not used it
      // within a few minutes (the answer that carried it was lost). Until then the old one still works.
      const due = now - row.secretIssuedAt >= DISPLAY_SECRET_ROTATION_MS
      const lost = row.nextSecretAt === null || now - row.nextSecretAt >= NEXT_SECRET_RESEND_MS
      if (due && lost) {
        const secret = newSecret()
        const [given] = await db
          .update(d)
          .set({ nextSecretHash: hashSecret(secret), nextSecretAt: now })
          .where(and(eq(d.id, row.id), eq(d.secretHash, row.secretHash), eq(d.state, 'paired')))
          .returning()
        if (given) {
          remember(given, now)
          answer.secret = secret
        }
      }
      return answer
    },
  }
}
export type DisplayCredential = ReturnType<typeof displayCredential>
