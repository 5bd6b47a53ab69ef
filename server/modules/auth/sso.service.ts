import * as oidc from 'openid-client'
import type { LinkedIdentity, SsoButton } from '../../../shared/schemas/sso'
import { logActivity } from '../../platform/activity-log'
import { ApiError } from '../../lib/errors'
import type { AuthServiceContext, LoginResult } from './auth.context'
import { ssoRepo, type IdentityProviderRow, type SsoRepo } from './sso.repo'
import { ssoAccounts, SsoRefused, type SsoOptions } from './sso.accounts'
import { ssoProviders } from './sso.providers'
import { ssoLogout } from './sso.logout'
import { ssoEnvironment } from './sso.environment'
import { providerConfigs, refusalOf } from './sso.discovery'

export { SsoRefused, type SsoOptions }

/**
 * What the browser keeps between leaving for the provider and coming back (sealed in a cookie, minutes long): the
 * provider, state, nonce, PKCE verifier, return path and expiry; for a confirmation (step-up), the session it is for
 * and the person who must confirm.
 */
type Pending = { k: string; s: string; n: string; v: string; r: string; e: number; step?: { sid: string; u: string } }

/** A confirmation through a provider, for this session and this person (the administrator, when acting as someone). */
export type StepUpFor = { sessionId: string; userId: string }

/** The provider's clock may run this far from ours (a fresh sign-in's `auth_time`). */
const CLOCK_SKEW_S = 60

/** How long a person has at the provider before the sign-in must start again. */
export const SSO_PENDING_MS = 10 * 60_000
type Claims = Record<string, unknown>

/**
 * Signing in with the organisation's identity providers (OpenID Connect, the authorization code flow with PKCE, a
 * state and a nonce; docs/decisions/093): the administrator's providers, the way out to a provider and back, and
 * whose account the person coming back is.
 */
export function ssoService(ctx: AuthServiceContext, opts: SsoOptions) {
  const { database, now, startSession } = ctx
  const secrets = ctx.opts.secrets
  const repo = ssoRepo(database)
  const configOf = providerConfigs(ctx)

  async function activeProvider(key: string): Promise<IdentityProviderRow> {
    await ready()
    const provider = await repo.byKey(key)
    if (!provider || !provider.active) throw new ApiError(404, 'not_found')
    return provider
  }

  const { accountOf, logRefusal } = ssoAccounts(ctx, repo, opts)
  // The providers the environment declares are stored before anything reads the providers.
  const { ready } = ssoEnvironment(ctx, repo, ctx.opts.envProviders ?? [])

  /** The code exchanged and the ID token checked; a confirmation's sign-in must be one made after it was asked. */
  async function exchange(provider: IdentityProviderRow, currentUrl: URL, pending: Pending): Promise<Claims> {
    try {
      const config = await configOf(provider)
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: pending.v,
        expectedState: pending.s,
        expectedNonce: pending.n,
        idTokenExpected: true,
      })
      const claims = (tokens.claims() ?? {}) as Claims
      const asked = (pending.e - SSO_PENDING_MS) / 1000
      if (pending.step && !(typeof claims.auth_time === 'number' && claims.auth_time >= asked - CLOCK_SKEW_S))
        throw new SsoRefused('failed', 'no fresh sign-in (auth_time)')
      return claims
    } catch (err) {
      const refused = refusalOf(err)
      if (refused.reason !== 'cancelled') await logRefusal(provider, refused.detail ? `${refused.reason} (${refused.detail})` : refused.reason)
      throw refused
    }
  }
  /** A confirmation: for the session that asked, by the person who must confirm; the session counts as signed in now. */
  async function confirm(provider: IdentityProviderRow, currentUrl: URL, pending: Pending, step: NonNullable<Pending['step']>, sessionId: string | null) {
    if (step.sid !== sessionId) throw new SsoRefused('expired')
    const { userId } = await accountOf(provider, await exchange(provider, currentUrl, pending), false)
    if (userId !== step.u) {
      await logRefusal(provider, 'other_person', step.u)
      throw new SsoRefused('other_person')
    }
    const at = now()
    await ctx.repo.noteAuthenticated(step.sid, at)
    ctx.dropSession(step.sid)
    await database.transaction((tx) =>
      logActivity(tx, database.t, { at, actorId: userId, entity: 'user', entityId: userId, action: 'step_up', reason: provider.key }),
    )
  }

  return {
    admin: ssoProviders(ctx, repo, ready),
    logout: ssoLogout(ctx, repo, configOf, opts, ready),
    /** The person's own links to the providers (their profile): listed, and one removed (logged). */
    identities: ssoIdentities(ctx, repo),
    /** The active providers this account's role must sign in through (none: a password does). */
    async requiredProviders(userId: string): Promise<SsoButton[]> {
      await ready()
      return (await repo.access.requiredFor(database.db, userId)).map(({ key, label }) => ({ key, label }))
    },
    /** The active providers the person can confirm it is them through: the ones their account is linked to. */
    confirmProviders: (userId: string): Promise<SsoButton[]> => repo.access.linkedProviders(userId),
    /** The sign-in page's buttons. */
    async buttons(): Promise<SsoButton[]> {
      await ready()
      return repo.active()
    },
    /**
     * The way out to the provider: its authorization address (PKCE S256, a state and a nonce) and what the browser
     * keeps until it comes back. A provider that cannot be reached refuses as `unavailable`.
     */
    async start(key: string, returnTo: string, redirectUri: string, stepUp?: StepUpFor): Promise<{ location: string; pending: string }> {
      const provider = await activeProvider(key)
      let config: oidc.Configuration
      try {
        config = await configOf(provider)
      } catch (err) {
        throw refusalOf(err)
      }
      const verifier = oidc.randomPKCECodeVerifier()
      const pending: Pending = {
        k: provider.key,
        s: oidc.randomState(),
        n: oidc.randomNonce(),
        v: verifier,
        r: returnTo,
        e: now() + SSO_PENDING_MS,
        ...(stepUp ? { step: { sid: stepUp.sessionId, u: stepUp.userId } } : {}),
      }
      const params: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: provider.scopes,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: pending.s,
        nonce: pending.n,
      }
      if (provider.acrValues) params.acr_values = provider.acrValues
      // A confirmation is a sign-in at the provider now, not its remembered session (OpenID Connect Core 3.1.2.1).
      if (stepUp) Object.assign(params, { prompt: 'login', max_age: '0' })
      return { location: oidc.buildAuthorizationUrl(config, params).href, pending: secrets.seal(JSON.stringify(pending)) }
    },
    /**
     * Back from the provider: the pending sign-in this browser started, the code exchanged (state, PKCE, the ID
     * token's signature, issuer, audience, expiry and nonce checked by openid-client), the account found, a session.
     * A confirmation instead marks the session it was for as recently signed in, when the same person signed in at
     * the provider after it was asked (`auth_time`).
     */
    async callback(
      key: string,
      currentUrl: URL,
      sealedPending: string | undefined,
      meta: { ip: string | null; userAgent: string | null; sessionId: string | null },
    ): Promise<{ session: Extract<LoginResult, { token: string }>; returnTo: string } | { steppedUp: true; returnTo: string }> {
      const provider = await activeProvider(key)
      let pending: Pending | undefined
      try {
        pending = sealedPending ? (JSON.parse(secrets.open(sealedPending)) as Pending) : undefined
      } catch {
        pending = undefined
      }
      if (!pending || pending.k !== provider.key || pending.e < now()) throw new SsoRefused('expired')
      // A confirmation comes back to the session that asked for it.
      if (pending.step) {
        try {
          await confirm(provider, currentUrl, pending, pending.step, meta.sessionId)
        } catch (err) {
          if (err instanceof SsoRefused) err.step = true
          throw err
        }
        return { steppedUp: true, returnTo: pending.r }
      }
      const claims = await exchange(provider, currentUrl, pending)
      const { userId, linkId } = await accountOf(provider, claims)
      const session = await startSession(userId, meta, { providerId: provider.id, sid: typeof claims.sid === 'string' ? claims.sid.slice(0, 255) : null })
      if ('challenge' in session) throw new Error('a provider sign-in answers a session')
      if (linkId) await repo.links.noteUsed(linkId, now())
      return { session, returnTo: pending.r }
    },
  }
}
export type SsoService = ReturnType<typeof ssoService>

/** A person's own links to the providers (their profile): listed, and one removed by them (logged). */
function ssoIdentities(ctx: AuthServiceContext, repo: SsoRepo) {
  const { database, now } = ctx
  return {
    list: (userId: string): Promise<LinkedIdentity[]> => repo.links.identitiesOf(userId),
    async unlink(userId: string, id: string): Promise<void> {
      await database.transaction(async (tx) => {
        const key = await repo.links.unlink(tx, userId, id)
        if (!key) throw new ApiError(404, 'not_found')
        await logActivity(tx, database.t, { at: now(), actorId: userId, entity: 'user', entityId: userId, action: 'sso_unlinked', reason: key })
      })
    },
  }
}
