import { randomUUID } from 'node:crypto'
import { logActivity } from '../../platform/activity-log'
import type { AccountMaker, AuthServiceContext } from './auth.context'
import type { IdentityProviderRow, SsoRepo } from './sso.repo'
import type { SsoRefusal } from '../../../shared/schemas/sso'

/** A sign-in through a provider that did not happen, and why (the sign-in page says it in the person's language). */
export class SsoRefused extends Error {
  constructor(
    readonly reason: SsoRefusal,
    readonly detail?: string,
  ) {
    super(`sso ${reason}${detail ? `: ${detail}` : ''}`)
    this.name = 'SsoRefused'
  }
}

export type SsoOptions = {
  createAccount: AccountMaker
  /** ends these sessions and what they authorised (their realtime sockets) */
  endSessions: (sessionIds: string[]) => Promise<void>
}

type Claims = Record<string, unknown>
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined)

/** The person's e-mail as the provider vouches for it, lower-cased; undefined when it does not. */
function vouchedEmail(provider: IdentityProviderRow, claims: Claims): string | undefined {
  const email = str(claims.email) ?? (provider.trustEmails ? str(claims.preferred_username) : undefined)
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) return undefined
  if (claims.email_verified !== true && !provider.trustEmails) return undefined
  const lower = email.toLowerCase()
  const domain = lower.slice(lower.lastIndexOf('@') + 1)
  return provider.allowedDomains.includes(domain) ? lower : undefined
}

/** A new account's names: the provider's given and family names, else its full name, else the e-mail's local part. */
function namesOf(claims: Claims, email: string): { firstName: string; lastName: string } {
  const given = str(claims.given_name)
  const family = str(claims.family_name)
  if (given || family) return { firstName: (given ?? '').slice(0, 100), lastName: (family ?? '').slice(0, 100) }
  const parts = (str(claims.name) ?? email.slice(0, email.indexOf('@'))).split(/\s+/)
  return { firstName: parts[0]!.slice(0, 100), lastName: parts.slice(1).join(' ').slice(0, 100) }
}

function languageOf(claims: Claims): 'sv' | 'en' | 'fi' | null {
  const locale = str(claims.locale)?.slice(0, 2).toLowerCase()
  return locale === 'sv' || locale === 'en' || locale === 'fi' ? locale : null
}

/** Whose account a person coming back from a provider is (docs/decisions/093), and the refusals, logged. */
export function ssoAccounts(ctx: AuthServiceContext, repo: SsoRepo, opts: SsoOptions) {
  const { database, now } = ctx
  /** A refusal, in the log: against the account when there is one, else against the provider. */
  async function logRefusal(provider: IdentityProviderRow, reason: string, userId?: string) {
    await database.transaction(async (tx) => {
      await logActivity(tx, database.t, {
        at: now(),
        actorId: userId ?? null,
        entity: userId ? 'user' : 'identity_provider',
        entityId: userId ?? provider.id,
        action: 'sso_refused',
        reason: `${provider.key}: ${reason}`.slice(0, 200),
      })
    })
  }

  /**
   * Whose account this person is: the account linked to their subject; else, when the provider allows it, the
   * account with their verified e-mail (linked now); else a new one when the provider makes them. Logged.
   */
  async function accountOf(provider: IdentityProviderRow, claims: Claims): Promise<{ userId: string; linkId?: string }> {
    const subject = str(provider.subjectClaim === 'oid' ? claims.oid : claims.sub)
    if (!subject || subject.length > 255) throw new SsoRefused('failed', `no ${provider.subjectClaim} claim`)
    const linked = await repo.linkedUser(provider.id, subject)
    if (linked) {
      if (!linked.active) {
        await logRefusal(provider, 'inactive', linked.userId)
        throw new SsoRefused('inactive')
      }
      return { userId: linked.userId, linkId: linked.linkId }
    }
    const email = vouchedEmail(provider, claims)
    const outcome = await database.transaction(async (tx) => {
      const at = now()
      const existing = email && provider.matchByEmail ? await repo.userByEmail(tx, email) : undefined
      if (existing) {
        if (!existing.active) return { refused: 'inactive' as const, userId: existing.id }
        if (await repo.hasLink(tx, provider.id, existing.id)) return { refused: 'not_linked' as const, userId: existing.id }
        await repo.link(tx, { id: randomUUID(), userId: existing.id, providerId: provider.id, subject, email: email ?? null, createdAt: at })
        await logActivity(tx, database.t, { at, actorId: existing.id, entity: 'user', entityId: existing.id, action: 'sso_linked', reason: provider.key })
        return { userId: existing.id }
      }
      if (!email || !provider.jitRoleId || (await repo.userByEmail(tx, email))) return { refused: 'not_linked' as const }
      const { userId } = await opts.createAccount(
        tx,
        // A password nobody knows (the hash of a random one the server made and forgot): they sign in through the provider.
        { email, ...namesOf(claims, email), roleId: provider.jitRoleId, language: languageOf(claims), passwordHash: await ctx.dummyHash },
        at,
      )
      await repo.link(tx, { id: randomUUID(), userId, providerId: provider.id, subject, email, createdAt: at })
      await logActivity(tx, database.t, { at, actorId: userId, entity: 'user', entityId: userId, action: 'sso_created', reason: provider.key })
      return { userId }
    })
    if ('refused' in outcome && outcome.refused) {
      await logRefusal(provider, outcome.refused, outcome.userId)
      throw new SsoRefused(outcome.refused)
    }
    return { userId: outcome.userId }
  }
  return { accountOf, logRefusal }
}
