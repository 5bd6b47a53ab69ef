import type { NotificationSettings } from '../../../../shared/schemas/notifications'
import type { SessionAnswer } from '../../../../shared/schemas/auth'
import type { ChangePasswordInput, Profile, SessionItem, UpdateProfileInput } from '../../../../shared/schemas/profile'
import { api } from '../../../lib/api-client'
import { setSession } from '../../../lib/session'

export const getProfile = () => api<Profile>('/profile')

export async function updateProfile(input: UpdateProfileInput): Promise<Profile> {
  const answer = await api<{ profile: Profile; session: SessionAnswer | null }>('/profile', { method: 'PATCH', body: input })
  // The stored user data follows the new name and language at once.
  if (answer.session) setSession(answer.session)
  return answer.profile
}

export const changePassword = (input: ChangePasswordInput) => api<void>('/profile/password', { method: 'POST', body: input })
export const listSessions = () => api<{ items: SessionItem[] }>('/profile/sessions')
export const revokeOtherSessions = () => api<void>('/profile/sessions/revoke-others', { method: 'POST' })

export const getNotificationSettings = () => api<NotificationSettings>('/profile/notification-settings')
export const saveNotificationSettings = (settings: NotificationSettings) =>
  api<NotificationSettings>('/profile/notification-settings', { method: 'PUT', body: settings })
