import { profileKeys } from './profile-keys'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { NotificationSettings } from '../../../../shared/schemas/notifications'
import {
  changePassword,
  getMfa,
  getNotificationSettings,
  getOwnExternalAccounts,
  getProfile,
  listLinkedIdentities,
  listSessions,
  unlinkIdentity,
  revokeOtherSessions,
  saveNotificationSettings,
  updateProfile,
} from './profile-api'

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

type Outcome<R> = { onSuccess?: (answer: R) => void; onError?: (err: unknown) => void }

/** The signed-in person's external accounts (decision 043). */
export function useOwnExternalAccounts() {
  return useQuery({ queryKey: profileKeys.externalAccounts, queryFn: ({ signal }) => getOwnExternalAccounts(signal) })
}

/** Saves the person's own details; the profile shows what the server kept. */
export function useUpdateProfile(outcome: Outcome<Awaited<ReturnType<typeof updateProfile>>>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKeys.profile, saved)
      outcome.onSuccess?.(saved)
    },
    onError: outcome.onError,
  })
}

/** Saves the notification settings at once, shown as changed before the server answers and put back if it refuses. */
export function useSaveNotificationSettings(outcome: Outcome<NotificationSettings>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveNotificationSettings,
    onMutate: async (next: NotificationSettings) => {
      const previous = queryClient.getQueryData<NotificationSettings>(profileKeys.notificationSettings)
      queryClient.setQueryData(profileKeys.notificationSettings, next)
      return { previous }
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKeys.notificationSettings, saved)
      outcome.onSuccess?.(saved)
    },
    onError: (err, _next, context) => {
      queryClient.setQueryData(profileKeys.notificationSettings, context?.previous)
      outcome.onError?.(err)
    },
  })
}

/** Changes the password (the server signs out the person's other devices): the sessions are read again. */
export function useChangePassword(outcome: Outcome<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (answer) => {
      outcome.onSuccess?.(answer)
      void queryClient.invalidateQueries({ queryKey: profileKeys.sessions })
    },
    onError: outcome.onError,
  })
}

/** Signs out every other device of the person: the sessions are read again. */
export function useRevokeOtherSessions(outcome: Outcome<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: (answer) => {
      outcome.onSuccess?.(answer)
      void queryClient.invalidateQueries({ queryKey: profileKeys.sessions })
    },
    onError: outcome.onError,
  })
}

/** The person's own links to the organisation's identity providers (decision 093). */
export function useLinkedIdentities() {
  return useQuery({ queryKey: profileKeys.identities, queryFn: listLinkedIdentities })
}

export function useUnlinkIdentity(outcome: Outcome<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: unlinkIdentity,
    onSuccess: (answer) => {
      outcome.onSuccess?.(answer)
      void queryClient.invalidateQueries({ queryKey: profileKeys.identities })
    },
    onError: outcome.onError,
  })
}
