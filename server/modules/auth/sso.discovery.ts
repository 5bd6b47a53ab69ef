import * as oidc from 'openid-client'
import { isAllowedIssuer } from '../../../shared/schemas/sso'
import type { AuthServiceContext } from './auth.context'
import { SsoRefused } from './sso.accounts'
import type { IdentityProviderRow } from './sso.repo'

/** A provider's metadata and keys are read again after this long (or after its settings change). */
const DISCOVERY_TTL_MS = 60 * 60_000
/** Seconds a provider has to answer one request before the sign-in says it is unavailable. */
const PROVIDER_TIMEOUT_S = 8

/** Why openid-client refused a callback, as the sign-in page's reason. */
export function refusalOf(err: unknown): SsoRefused {
  if (err instanceof SsoRefused) return err
  if (err instanceof oidc.AuthorizationResponseError) return new SsoRefused(err.error === 'access_denied' ? 'cancelled' : 'failed', err.error)
  if (err instanceof oidc.ResponseBodyError) return new SsoRefused('failed', err.error)
  if (err instanceof oidc.ClientError) return new SsoRefused('failed', err.code ?? err.message)
  const e = err as { name?: string; cause?: { code?: string } }
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError' || (err instanceof TypeError && /fetch/i.test(err.message)))
    return new SsoRefused('unavailable', e.cause?.code ?? e.name)
  return new SsoRefused('failed', err instanceof Error ? err.name : 'unknown')
}

/**
 * The providers' metadata (OpenID Connect Discovery through openid-client), each read once an hour or after its
 * settings change; a failed read is not kept, so the next sign-in tries again.
 */
export function providerConfigs(ctx: AuthServiceContext): (p: IdentityProviderRow) => Promise<oidc.Configuration> {
  const { now } = ctx
  const secrets = ctx.opts.secrets
  const configs = new Map<string, { at: number; config: Promise<oidc.Configuration> }>()

  /** The provider's metadata, read once an hour (a failed read is not kept: the next sign-in tries again). */
  function configOf(p: IdentityProviderRow): Promise<oidc.Configuration> {
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
  return configOf
}
