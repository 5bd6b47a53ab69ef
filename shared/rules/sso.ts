/**
 * Why a sign-in through an identity provider did not happen (docs/decisions/093): the sign-in page's message
 * (`/login?sso=<reason>`). Without zod: the sign-in page's first load reads it.
 */
export const SSO_REFUSALS = [
  'unavailable',
  'failed',
  'expired',
  'not_linked',
  'inactive',
  'cancelled',
  /** the person's role must sign in through another provider */
  'required',
  /** the provider's groups give the person no role here (or a role beyond what the mapping may give) */
  'no_role',
  /** a confirmation (step-up) signed in as someone else at the provider */
  'other_person',
] as const
export type SsoRefusal = (typeof SSO_REFUSALS)[number]

export const isSsoRefusal = (value: string | null): value is SsoRefusal => !!value && (SSO_REFUSALS as readonly string[]).includes(value)
