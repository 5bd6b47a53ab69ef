import { profileKeys } from './profile-keys'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getMfa, getNotificationSettings, getProfile, listSessions } from './profile-api'

/** The profile feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useNotificationSettings() {
  return useQuery({ queryKey: profileKeys.notificationSettings, queryFn: getNotificationSettings })
}

export function useSessions() {
  return useQuery({ queryKey: profileKeys.sessions, queryFn: listSessions })
}

export function useMfa() {
  return useQuery({ queryKey: profileKeys.mfa, queryFn: getMfa })
}

export function useProfile() {
  return useQuery({ queryKey: profileKeys.profile, queryFn: getProfile })
}

/** What follows a change: the data it touched is read again. */
export function useRefreshProfileMfa() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: profileKeys.mfa })
}

export function useRefreshProfilePushStatus() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: profileKeys.pushStatus })
}

export function useRefreshProfileSessions() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions })
}
