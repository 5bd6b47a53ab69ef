/** The auth feature's cache keys: the organisation's identity providers and the roles a first sign-in may get. */
export const authKeys = {
  identityProviders: ['auth', 'identity-providers'] as const,
  roles: ['auth', 'roles'] as const,
}
