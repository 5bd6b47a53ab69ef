import { z } from 'zod'

/**
 * Signing in with the organisation's own identity provider (OpenID Connect; docs/decisions/093): an administrator's
 * provider, the sign-in page's buttons, and why a sign-in through a provider was refused.
 */

/** A loopback issuer may be plain http (a provider on this machine, in tests and development); any other is https. */
export function isAllowedIssuer(value: string): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.search || url.hash || url.username || url.password) return false
  if (url.protocol === 'https:') return true
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
}

/** An e-mail domain, lower-case: `foretaget.se`. */
export const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/

const domain = z.string().trim().toLowerCase().regex(DOMAIN_PATTERN, { error: 'validation.domain' })

export const SSO_KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/

export const identityProviderInputSchema = z.strictObject({
  key: z.string().trim().toLowerCase().regex(SSO_KEY_PATTERN, { error: 'validation.ssoKey' }),
  label: z.string().trim().min(1).max(60),
  issuer: z
    .string()
    .trim()
    .max(300)
    .refine(isAllowedIssuer, { error: 'validation.issuer' })
    .transform((v) => v.replace(/\/$/, '')),
  clientId: z.string().trim().min(1).max(200),
  /** absent on a change keeps the stored secret; '' removes it (a public client) */
  clientSecret: z.string().max(500).optional(),
  scopes: z
    .string()
    .trim()
    .max(300)
    .regex(/^[\x21-\x7e]+( [\x21-\x7e]+)*$/, { error: 'validation.scopes' })
    .refine((v) => v.split(' ').includes('openid'), { error: 'validation.scopesOpenid' })
    .default('openid email profile'),
  acrValues: z
    .string()
    .trim()
    .max(200)
    .transform((v) => v || null)
    .nullable()
    .default(null),
  subjectClaim: z.enum(['sub', 'oid']).default('sub'),
  matchByEmail: z.boolean().default(false),
  trustEmails: z.boolean().default(false),
  allowedDomains: z.array(domain).max(20).default([]),
  /** the role a person without an account gets at their first sign-in; null: none is made */
  jitRoleId: z.string().min(1).max(64).nullable().default(null),
  /** the claim with the personal identity number at an eID broker (Idura: `ssn`; Signicat: `nin`); null: not matched */
  identityNumberClaim: z
    .string()
    .trim()
    .max(60)
    .regex(/^$|^[A-Za-z_][\w.:-]*$/, { error: 'validation.claimName' })
    .transform((v) => v || null)
    .nullable()
    .default(null),
  /** the claim the role mappings read: Entra ID's `groups` (object ids) or `roles` (app roles); null: none */
  groupsClaim: z.enum(['groups', 'roles']).nullable().default(null),
  /** roles whose people must sign in through this provider: no password sign-in for them */
  requiredForRoleIds: z
    .array(z.string().min(1).max(64))
    .max(50)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  active: z.boolean().default(true),
})
export type IdentityProviderInput = z.input<typeof identityProviderInputSchema>
export const identityProviderUpdateSchema = identityProviderInputSchema.extend({ version: z.number().int().min(1) })
export type IdentityProviderUpdate = z.input<typeof identityProviderUpdateSchema>

export type IdentityProviderItem = {
  id: string
  key: string
  label: string
  issuer: string
  clientId: string
  /** whether a secret is stored (it is never shown again) */
  hasSecret: boolean
  scopes: string
  acrValues: string | null
  subjectClaim: 'sub' | 'oid'
  matchByEmail: boolean
  trustEmails: boolean
  allowedDomains: string[]
  jitRoleId: string | null
  identityNumberClaim: string | null
  groupsClaim: 'groups' | 'roles' | null
  requiredForRoleIds: string[]
  /** the provider's groups (or app roles) that give a role here, first match first */
  roleMappings: RoleMapping[]
  /** declared by the server's environment (`SSO_PROVIDERS`): shown, not changed here */
  fromEnv: boolean
  active: boolean
  version: number
  linkedCount: number
}

/** A provider's group or app role that gives a role here (decision 093). */
export type RoleMapping = { claimValue: string; roleId: string }

/** The role mappings, in order (the first whose value the person holds gives the role), with the provider's version. */
export const roleMappingsInputSchema = z.strictObject({
  version: z.number().int().min(1),
  mappings: z
    .array(z.strictObject({ claimValue: z.string().trim().min(1).max(200), roleId: z.string().min(1).max(64) }))
    .max(100)
    .superRefine((rows, ctx) => {
      const seen = new Set<string>()
      rows.forEach((row, i) => {
        if (seen.has(row.claimValue)) ctx.addIssue({ code: 'custom', path: [i, 'claimValue'], message: 'validation.duplicateValue' })
        seen.add(row.claimValue)
      })
    }),
})
export type RoleMappingsInput = z.input<typeof roleMappingsInputSchema>

/** A password sign-in refused because the person's role signs in through these providers (403 `sso_required`). */
export type SsoRequired = { providers: SsoButton[] }

/**
 * A provider the server's environment declares (`SSO_PROVIDERS`, a JSON array; docs/identity-providers.md): the
 * administrator's settings, with roles named by their keys (`seller`, `backoffice`), not their ids. The screen shows
 * it and cannot change it; the server makes the stored provider match it at start.
 */
export const envIdentityProviderSchema = identityProviderInputSchema
  .omit({ jitRoleId: true, requiredForRoleIds: true })
  .extend({
    jitRole: z.string().trim().min(1).max(64).nullable().default(null),
    requiredFor: z.array(z.string().trim().min(1).max(64)).max(50).default([]),
    roleMappings: z
      .array(z.strictObject({ claimValue: z.string().trim().min(1).max(200), role: z.string().trim().min(1).max(64) }))
      .max(100)
      .default([]),
  })
  .strict()
export type EnvIdentityProvider = z.output<typeof envIdentityProviderSchema>
export const envIdentityProvidersSchema = z
  .array(envIdentityProviderSchema)
  .max(20)
  .refine((list) => new Set(list.map((p) => p.key)).size === list.length, { error: 'each provider needs a key of its own' })

/** A sign-in button: the active providers, for anyone. */
export type SsoButton = { key: string; label: string }

/** A provider's back-channel logout (OpenID Connect Back-Channel Logout 1.0, 2.5): a form with the logout token. */
export const backchannelLogoutSchema = z.object({ logout_token: z.string().min(1).max(8000) })

/** One of the person's own identities at the organisation's providers, as their profile lists it. */
export type LinkedIdentity = { id: string; providerLabel: string; email: string | null; createdAt: number; lastUsedAt: number | null }
export const linkedIdentityParamSchema = z.strictObject({ id: z.string().min(1).max(64) })

export const ssoKeyParamSchema = z.strictObject({ key: z.string().regex(SSO_KEY_PATTERN) })
export const identityProviderParamSchema = z.strictObject({ id: z.string().min(1).max(64) })

/** Where to go after signing in: a path of this app, never another site. */
export const ssoStartQuerySchema = z.object({
  returnTo: z
    .string()
    .max(500)
    .optional()
    .transform((v) => (v && /^\/(?!\/)[^\\\s]*$/.test(v) && !v.startsWith('/api/') ? v : '/')),
})

export { SSO_REFUSALS, type SsoRefusal } from '../rules/sso'
