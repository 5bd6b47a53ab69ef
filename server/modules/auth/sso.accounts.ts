import { randomUUID } from 'node:crypto'
import { buildAbility } from '../../../shared/permissions/ability'
import { canGrantRules } from '../../../shared/permissions/grant'
import { normalizePersonalNumber } from '../../../shared/rules/identity'
import type { SsoRefusal } from '../../../shared/schemas/sso'
import type { Db } from '../../db/client'
import { logActivity } from '../../platform/activity-log'
import type { AccountMaker, AccountRoleSetter, AuthServiceContext } from './auth.context'
import type { IdentityProviderRow, SsoRepo } from './sso.repo'

/** A sign-in through a provider that did not happen, and why (the sign-in page says it in the person's language). */
export class SsoRefused extends Error {
  /** the refusal of a confirmation (step-up), not of a sign-in: the page that asked is told */
  step = false
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
  /** an account's role as the provider's groups give it (the users area's) */
  setRole: AccountRoleSetter
  /** the account's loaded sessions are read again (its role changed) */
  forgetSessionsOf: (userId: string) => void
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

/** A refusal inside the transaction: the transaction ends unchanged, the refusal is logged after it. */
class Refusal extends Error {
  constructor(
    readonly reason: SsoRefusal,
    readonly logged: string,
    readonly userId?: string,
  ) {
    super(logged)
  }
}

/** The values of the provider's groups claim (Entra ID: group object ids in `groups`, app role values in `roles`). */
function claimValues(provider: IdentityProviderRow, claims: Claims): string[] | 'overage' {
  const claim = provider.groupsClaim!
  // Entra ID sends no groups past 200 (in a token): it names where to read them instead (its "groups overage claim").
  const names = claims._claim_names as Record<string, unknown> | undefined
  if (names && typeof names === 'object' && claim in names) return 'overage'
  const values = claims[claim]
  if (typeof values === 'string') return [values]
  return Array.isArray(values) ? values.filter((v): v is string => typeof v === 'string') : []
}

/** A refusal, in the log: against the account when there is one, else against the provider. No claim's value. */
async function logSsoRefusal(ctx: AuthServiceContext, provider: IdentityProviderRow, reason: string, userId?: string) {
  const { database, now } = ctx
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
 * Whose account a person coming back from a provider is, and the role the provider's groups give them
 * (docs/decisions/093), with every refusal logged.
 */
export function ssoAccounts(ctx: AuthServiceContext, repo: SsoRepo, opts: SsoOptions) {
  const { database, now } = ctx
  const logRefusal = (provider: IdentityProviderRow, reason: string, userId?: string) => logSsoRefusal(ctx, provider, reason, userId)

  /**
   * The role the provider's groups give, and which roles the mapping governs; undefined when the provider reads no
   * groups. A mapping gives no more than its author may give now (decision 016): beyond that it is refused.
   */
  async function mappedRole(tx: Db, provider: IdentityProviderRow, claims: Claims) {
    if (!provider.groupsClaim) return undefined
    const mappings = await repo.access.mappingsOf(tx, provider.id)
    if (mappings.length === 0) return undefined
    const values = claimValues(provider, claims)
    if (values === 'overage') throw new Refusal('no_role', `${provider.groupsClaim} overage: map app roles or the groups assigned to the app`)
    const held = new Set(values)
    const first = mappings.find((m) => held.has(m.claimValue))
    // A mapping the environment declares is the operator's (no administrator is its author).
    if (first && !provider.fromEnv) {
      // The author's rules as a session of theirs would hold them now (none once they are gone or deactivated).
      const author = first.mappedBy ? await ctx.repo.profile(first.mappedBy) : undefined
      const ability = author?.active ? (await ctx.sessionAnswer(author)).ability : buildAbility([])
      if (!canGrantRules(ability, await ctx.repo.rules(first.roleId, '')))
        throw new Refusal('no_role', `the mapping of ${provider.groupsClaim} gives more than its author may give`)
    }
    const governed = new Set([...mappings.map((m) => m.roleId), ...(provider.jitRoleId ? [provider.jitRoleId] : [])])
    return { roleId: first?.roleId ?? provider.jitRoleId, governed }
  }

  /**
   * An existing account's role as the groups give it: changed (and logged) when the mapping governs its role; an
   * account whose role the mapping does not govern (an administrator's) keeps it; one that lost every group is refused.
   */
  async function settleRole(tx: Db, provider: IdentityProviderRow, claims: Claims, userId: string) {
    const mapped = await mappedRole(tx, provider, claims)
    if (!mapped) return
    const account = await repo.access.userRole(tx, userId)
    if (!account || !mapped.governed.has(account.roleId)) return
    if (!mapped.roleId) throw new Refusal('no_role', `no ${provider.groupsClaim} mapped`, userId)
    if (mapped.roleId === account.roleId) return
    const at = now()
    await opts.setRole(tx, userId, mapped.roleId, at)
    await logActivity(tx, database.t, {
      at,
      actorId: userId,
      entity: 'user',
      entityId: userId,
      action: 'sso_role_changed',
      before: { roleId: account.roleId },
      after: { roleId: mapped.roleId },
      reason: provider.key,
    })
    await ctx.opts.events?.record(tx, 'user.changed', { userId, action: 'updated', fields: ['roleId'] }, { actorId: userId, at })
    opts.forgetSessionsOf(userId)
  }

  /** The account with the person's identity number (an eID broker's claim), when exactly one has it. Never logged. */
  async function byIdentityNumber(tx: Db, provider: IdentityProviderRow, claims: Claims) {
    if (!provider.identityNumberClaim) return undefined
    const given = str(claims[provider.identityNumberClaim])
    const number = given ? normalizePersonalNumber(given) : null
    if (!number) return undefined
    const found = await repo.access.usersByIdentityNumber(tx, number)
    if (found.length > 1) throw new Refusal('not_linked', 'the identity number is on more than one account')
    return found[0]
  }

  /** A new account at the first sign-in: the groups' role, else the provider's; none without a vouched e-mail. */
  async function newAccount(tx: Db, provider: IdentityProviderRow, claims: Claims, subject: string, email: string | undefined) {
    const mapped = await mappedRole(tx, provider, claims)
    const roleId = mapped ? mapped.roleId : provider.jitRoleId
    if (!email || (await repo.links.userByEmail(tx, email))) throw new Refusal('not_linked', 'not_linked')
    if (!roleId) throw new Refusal(mapped ? 'no_role' : 'not_linked', mapped ? `no ${provider.groupsClaim} mapped` : 'not_linked')
    const at = now()
    const { userId } = await opts.createAccount(
      tx,
      // A password nobody knows (the hash of a random one the server made and forgot): they sign in through the provider.
      { email, ...namesOf(claims, email), roleId, language: languageOf(claims), passwordHash: await ctx.dummyHash },
      at,
    )
    await repo.links.link(tx, { id: randomUUID(), userId, providerId: provider.id, subject, email, createdAt: at })
    await logActivity(tx, database.t, { at, actorId: userId, entity: 'user', entityId: userId, action: 'sso_created', reason: provider.key })
    return userId
  }

  /** The account found by identity number or e-mail, linked now (logged), or refused. */
  async function linkFound(
    tx: Db,
    provider: IdentityProviderRow,
    found: { id: string; active: boolean },
    subject: string,
    email: string | undefined,
    by: string,
  ) {
    if (!found.active) throw new Refusal('inactive', 'inactive', found.id)
    if (await repo.links.hasLink(tx, provider.id, found.id)) throw new Refusal('not_linked', 'linked to another subject', found.id)
    const at = now()
    await repo.links.link(tx, { id: randomUUID(), userId: found.id, providerId: provider.id, subject, email: email ?? null, createdAt: at })
    await logActivity(tx, database.t, { at, actorId: found.id, entity: 'user', entityId: found.id, action: 'sso_linked', reason: `${provider.key} (${by})` })
  }

  /** A role that must sign in through other providers is refused here (before anything found is kept). */
  async function mustMaySignInHere(tx: Db, provider: IdentityProviderRow, userId: string) {
    const required = await repo.access.requiredFor(tx, userId)
    if (required.length > 0 && !required.some((p) => p.id === provider.id)) throw new Refusal('required', 'required', userId)
  }

  /**
   * Whose account this person is: the account linked to their subject; else the one with their identity number (an
   * eID broker), else, when the provider allows it, the one with their verified e-mail (linked now); else a new one
   * when the provider makes them (`create`). Its role follows the provider's groups. Logged.
   */
  async function accountOf(provider: IdentityProviderRow, claims: Claims, create = true): Promise<{ userId: string; linkId?: string }> {
    const subject = str(provider.subjectClaim === 'oid' ? claims.oid : claims.sub)
    if (!subject || subject.length > 255) throw new SsoRefused('failed', `no ${provider.subjectClaim} claim`)
    try {
      const linked = await repo.links.linkedUser(provider.id, subject)
      return await database.transaction(async (tx) => {
        const found = await (async (): Promise<{ userId: string; linkId?: string }> => {
          if (linked) {
            if (!linked.active) throw new Refusal('inactive', 'inactive', linked.userId)
            await settleRole(tx, provider, claims, linked.userId)
            return { userId: linked.userId, linkId: linked.linkId }
          }
          const email = vouchedEmail(provider, claims)
          const byNumber = await byIdentityNumber(tx, provider, claims)
          const byEmail = !byNumber && email && provider.matchByEmail ? await repo.links.userByEmail(tx, email) : undefined
          const existing = byNumber ?? byEmail
          if (existing) {
            await linkFound(tx, provider, existing, subject, email, byNumber ? 'identity number' : 'e-mail')
            await settleRole(tx, provider, claims, existing.id)
            return { userId: existing.id }
          }
          if (!create) throw new Refusal('not_linked', 'not_linked')
          return { userId: await newAccount(tx, provider, claims, subject, email) }
        })()
        // Refused here, nothing found is kept: no link, no role change, no account.
        await mustMaySignInHere(tx, provider, found.userId)
        return found
      })
    } catch (err) {
      if (!(err instanceof Refusal)) throw err
      await logRefusal(provider, err.logged, err.userId)
      throw new SsoRefused(err.reason)
    }
  }
  return { accountOf, logRefusal }
}
