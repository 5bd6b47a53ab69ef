/** The profile feature's cache keys: every query and invalidation of its data uses these (docs/how-to.md). */
export const profileKeys = {
  profile: ['profile'] as const,
  mfa: ['mfa'] as const,
  sessions: ['sessions'] as const,
  pushStatus: ['push-status'] as const,
  notificationSettings: ['notification-settings'] as const,
  externalAccounts: ['own-external-accounts'] as const,
  identities: ['linked-identities'] as const,
}
