import * as oidc from 'openid-client'
import { isAllowedIssuer } from '../../shared/schemas/sso'

/** A provider's metadata and keys are read again after this long (or after its settings change). */
const DISCOVERY_TTL_MS = 60 * 60_000
/** Seconds a provider has to answer one request before the sign-in says it is unavailable. */
const PROVIDER_TIMEOUT_S = 8

/** An OpenID Connect client's settings as stored: the secret sealed with the server's key. */
export type OidcClientSettings = { id: string; version: number; issuer: string; clientId: string; clientSecret: string | null }

/**
 * OpenID Connect providers' metadata (Discovery through openid-client) for the staff's sign-in (the auth area) and the
 * customers' eID acceptance (the offers area): each read once an hour or after its settings change; a failed read is
 * not kept, so the next use tries again.
 */
export function oidcConfigs(secrets: { open(sealed: string): string }, now: () => number): (p: OidcClientSettings) => Promise<oidc.Configuration> {
  const configs = new Map<string, { at: number; config: Promise<oidc.Configuration> }>()
  return function configOf(p) {
    const cacheKey = `${p.id}:${p.version}`
    const hit = configs.get(cacheKey)
    if (hit && now() - hit.at < DISCOVERY_TTL_MS) return hit.config
    for (const key of configs.keys()) if (key.startsWith(`${p.id}:`)) configs.delete(key)
    const secret = p.clientSecret ? secrets.open(p.clientSecret) : undefined
    const insecure = new URL(p.issuer).protocol === 'http:' && isAllowedIssuer(p.issuer)
    const config = oidc.discovery(new URL(p.issuer), p.clientId, secret, secret ? oidc.ClientSecretPost(secret) : oidc.None(), {
      timeout: PROVIDER_TIMEOUT_S,
      ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
    })
    configs.set(cacheKey, { at: now(), config })
    config.catch(() => configs.delete(cacheKey))
    return config
  }
}
