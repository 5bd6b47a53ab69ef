import * as oidc from 'openid-client'
import { oidcConfigs } from '../../lib/oidc'
import type { AuthServiceContext } from './auth.context'
import { SsoRefused } from './sso.accounts'
import type { IdentityProviderRow } from './sso.repo'

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

/** The providers' metadata (server/lib/oidc.ts), read once an hour or after a provider's settings change. */
export function providerConfigs(ctx: AuthServiceContext): (p: IdentityProviderRow) => Promise<oidc.Configuration> {
  return oidcConfigs(ctx.opts.secrets, ctx.now)
}
