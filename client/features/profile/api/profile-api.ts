import type { NotificationSettings } from '../../../../shared/schemas/notifications'
import type { ChangePasswordInput, Profile, UpdateProfileInput } from '../../../../shared/schemas/profile'
import { call, rpc } from '../../../lib/api-client'
import { setSession } from '../../../lib/session'

export const getProfile = () => call(rpc.profile.$get())

export async function updateProfile(input: UpdateProfileInput): Promise<Profile> {
  const answer = await call(rpc.profile.$patch({ json: input }))
  // The stored user data follows the new name and language at once.
  if (answer.session) setSession(answer.session)
  return answer.profile!
}

export const changePassword = (input: ChangePasswordInput) => call(rpc.profile.password.$post({ json: input }))
export const listSessions = () => call(rpc.profile.sessions.$get())
/** The person's own links to the organisation's identity providers (decision 093). */
export const listLinkedIdentities = () => call(rpc.auth.sso.identities.$get())
export const unlinkIdentity = (id: string) => call(rpc.auth.sso.identities[':id'].$delete({ param: { id } }))
export const revokeOtherSessions = () => call(rpc.profile.sessions['revoke-others'].$post())

export const getNotificationSettings = () => call(rpc.profile['notification-settings'].$get())
export const saveNotificationSettings = (settings: NotificationSettings) => call(rpc.profile['notification-settings'].$put({ json: settings }))

/** Web Push on this device (docs/decisions/030). */
export const pushStatus = (endpoint: string | undefined) => call(rpc.push.status.$get({ query: endpoint ? { endpoint } : {} }))
export const savePushSubscription = (subscription: PushSubscriptionJSON) =>
  call(rpc.push.subscriptions.$post({ json: subscription as Parameters<typeof rpc.push.subscriptions.$post>[0]['json'] }))
export const removePushSubscription = (endpoint: string) => call(rpc.push.subscriptions.$delete({ json: { endpoint } }))
export const sendTestPush = () => call(rpc.push.test.$post())

/** Two-step sign-in (docs/decisions/038). */
export const getMfa = () => call(rpc.auth.mfa.$get())
export const setupMfa = (password: string) => call(rpc.auth.mfa.setup.$post({ json: { password } }))
export const enableMfa = (code: string) => call(rpc.auth.mfa.enable.$post({ json: { code } }))
export const disableMfa = (password: string) => call(rpc.auth.mfa.disable.$post({ json: { password } }))
export const renewRecoveryCodes = (password: string) => call(rpc.auth.mfa['recovery-codes'].$post({ json: { password } }))

export const getOwnExternalAccounts = (signal?: AbortSignal) => call(rpc.profile['external-accounts'].$get({}, { init: { signal } }))
export const revealOwnExternalAccount = (templateId: string, ssnLast4: string) =>
  call(rpc.profile['external-accounts'][':templateId'].reveal.$post({ param: { templateId }, json: { ssnLast4 } }))
