import { notificationsKeys } from './notifications-keys'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import type { MessageAudienceInput } from '../../../../shared/schemas/notifications'
import { alertRecipients, audienceRoles, previewAudience, sentMessages } from './notifications-api'

/** The notifications feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useAlertRecipients() {
  return useQuery({ queryKey: notificationsKeys.alertRecipients, queryFn: ({ signal }) => alertRecipients(signal) })
}

export function usePreviewAudience(asked: MessageAudienceInput, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: notificationsKeys.audienceSize(asked),
    queryFn: ({ signal }) => previewAudience(asked, signal),
    placeholderData: keepPreviousData,
    ...options,
  })
}

export function useAudienceRoles() {
  return useQuery({ queryKey: notificationsKeys.audienceRoles, queryFn: audienceRoles, staleTime: 60_000 })
}

export function useSentMessages() {
  return useQuery({ queryKey: notificationsKeys.sent, queryFn: ({ signal }) => sentMessages(signal) })
}

/** What follows a change: the data it touched is read again. */
export function useRefreshNotificationsAlertRecipients() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: notificationsKeys.alertRecipients })
}

export function useRefreshNotificationsSent() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: notificationsKeys.sent })
}
