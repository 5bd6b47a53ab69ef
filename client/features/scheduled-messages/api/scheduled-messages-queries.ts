import { scheduledMessagesKeys } from './scheduled-messages-keys'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import type { MessageScheduleInput } from '../../../../shared/schemas/scheduled-messages'
import { getMessage, getMessageChoices, nextSendsOf, previewMessage } from './scheduled-messages-api'

/** The scheduled-messages feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useMessageChoices() {
  return useQuery({ queryKey: scheduledMessagesKeys.choices, queryFn: ({ signal }) => getMessageChoices(signal), staleTime: 60_000 })
}

export function useNextSendsOf(wanted: MessageScheduleInput) {
  return useQuery({
    queryKey: scheduledMessagesKeys.nextSends(wanted),
    queryFn: ({ signal }) => nextSendsOf(wanted, signal),
    retry: false,
    placeholderData: keepPreviousData,
  })
}

export function usePreviewMessage(
  wanted: {
    templates: Record<string, { subject: string; body: string } | null>
    senderName: string | null
    senderEmail: string | null
    senderPhone: string | null
  },
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: scheduledMessagesKeys.preview(wanted),
    queryFn: ({ signal }) => previewMessage(wanted, signal),
    retry: false,
    placeholderData: keepPreviousData,
    ...options,
  })
}

export function useMessage(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: scheduledMessagesKeys.detail(id), queryFn: ({ signal }) => getMessage(id, signal), ...options })
}

/** What follows a change: the data it touched is read again. */
export function useRefreshScheduledMessages() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: scheduledMessagesKeys.all })
}
