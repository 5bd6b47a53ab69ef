import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose'
import * as oidc from 'openid-client'
import type { AuthServiceContext } from './auth.context'
import type { SsoOptions } from './sso.accounts'
import type { IdentityProviderRow, SsoRepo } from './sso.repo'

const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout'
/** A logout token older than this is refused (OpenID Connect Back-Channel Logout 1.0, 2.6: "iat" recent). */
const LOGOUT_TOKEN_MAX_AGE_S = 10 * 60

/** Why a logout token was refused: the provider is answered 400 (the specification's `invalid_request`). */
export class LogoutTokenRefused extends Error {
  constructor(reason: string) {
    super(reason)
    this.name = 'LogoutTokenRefused'
  }
}

/**
 * Signing out on both sides (docs/decisions/093). When a session here ends, the person is sent on to their
 * provider's end-session address (OpenID Connect RP-Initiated Logout 1.0). When the provider ends the person's
 * session there, its back-channel logout token ends the sessions it names here (OpenID Connect Back-Channel
 * Logout 1.0), together with their realtime sockets.
 */
export function ssoLogout(
  ctx: AuthServiceContext,
  repo: SsoRepo,
  configOf: (p: IdentityProviderRow) => Promise<oidc.Configuration>,
  opts: Pick<SsoOptions, 'endSessions'>,
  ready: () => Promise<void>,
) {
  const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>()

  return {
    /**
     * Where a person signed in through a provider goes after signing out here, when the provider has an end-session
     * address. Returns null when it has none or cannot be reached: signing out here never waits on the provider.
     */
    async endSessionUrl(providerId: string, postLogoutRedirectUri: string): Promise<string | null> {
      const provider = await repo.byId(ctx.database.db, providerId)
      if (!provider) return null
      try {
        const config = await configOf(provider)
        if (!config.serverMetadata().end_session_endpoint) return null
        return oidc.buildEndSessionUrl(config, { client_id: provider.clientId, post_logout_redirect_uri: postLogoutRedirectUri }).href
      } catch {
        return null
      }
    },

    /**
     * A provider's back-channel logout token, checked as the specification says (2.6): signed with the provider's
     * key, its issuer, this client as its audience, recent, a `sub` or a `sid`, the logout event, and no nonce.
     * The sessions it names end. Returns how many ended.
     */
    async backchannel(key: string, logoutToken: string): Promise<number> {
      await ready()
      const provider = await repo.byKey(key)
      if (!provider || !provider.active) throw new LogoutTokenRefused('unknown provider')
      const config = await configOf(provider)
      const metadata = config.serverMetadata()
      if (!metadata.jwks_uri) throw new LogoutTokenRefused('the provider publishes no keys')
      let keys = keySets.get(metadata.jwks_uri)
      if (!keys) keySets.set(metadata.jwks_uri, (keys = createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: 8000 })))
      let claims: JWTPayload
      try {
        ;({ payload: claims } = await jwtVerify(logoutToken, keys, {
          issuer: metadata.issuer,
          audience: provider.clientId,
          maxTokenAge: LOGOUT_TOKEN_MAX_AGE_S,
          requiredClaims: ['iat', 'jti', 'events'],
        }))
      } catch (err) {
        throw new LogoutTokenRefused(err instanceof Error ? err.message : 'not a valid token')
      }
      const events = claims.events as Record<string, unknown> | undefined
      if (!events || typeof events[BACKCHANNEL_EVENT] !== 'object' || events[BACKCHANNEL_EVENT] === null) throw new LogoutTokenRefused('not a logout event')
      if ('nonce' in claims) throw new LogoutTokenRefused('a logout token has no nonce')
      const sid = typeof claims.sid === 'string' ? claims.sid : undefined
      const sub = typeof claims.sub === 'string' ? claims.sub : undefined
      if (!sid && !sub) throw new LogoutTokenRefused('neither sub nor sid')
      // The token's `sub` is the provider's subject claim; a provider that names people by `oid` (Entra ID) sends its
      // `sid`, which is what is matched then.
      const userIds = sub && provider.subjectClaim === 'sub' ? await repo.links.usersOfSubject(provider.id, sub) : undefined
      if (!sid && (!userIds || userIds.length === 0)) return 0
      const sessionIds = await repo.links.providerSessions(provider.id, { sid, userIds })
      if (sessionIds.length > 0) await opts.endSessions(sessionIds)
      return sessionIds.length
    },
  }
}
