import type { ListQuery } from '../../../../shared/schemas/pagination'
import type { MessageScheduleInput, ScheduledMessageInput } from '../../../../shared/schemas/scheduled-messages'
import { getList } from '../../../components/ui/data-table/use-list-query'
import { call, rpc } from '../../../lib/api-client'

/** Scheduled messages' calls (docs/decisions/071), through the typed client. */

export const MESSAGE_FILTER_KEYS = ['active', 'channel'] as const
export type MessageFilters = Partial<Record<(typeof MESSAGE_FILTER_KEYS)[number], string>>

const path = rpc['scheduled-messages']
export const listMessages = (q: ListQuery, filters: MessageFilters, signal?: AbortSignal) => getList(path.$get, q, filters, signal)
export const getMessage = (id: string, signal?: AbortSignal) => call(path[':id'].$get({ param: { id } }, { init: { signal } }))
export const getMessageChoices = (signal?: AbortSignal) => call(path.choices.$get({}, { init: { signal } }))
export const createMessage = (json: ScheduledMessageInput) => call(path.$post({ json }))
export const updateMessage = (id: string, version: number, message: ScheduledMessageInput) =>
  call(path[':id'].$put({ param: { id }, json: { version, message } }))
export const setMessageActive = (id: string, version: number, active: boolean) => call(path[':id'].active.$put({ param: { id }, json: { version, active } }))
export const sendTestMessage = (id: string) => call(path[':id'].test.$post({ param: { id } }))
export const deleteMessage = (id: string) => call(path[':id'].$delete({ param: { id } }))
export const nextSendsOf = (schedule: MessageScheduleInput, signal?: AbortSignal) =>
  call(path['next-sends'].$post({ json: { schedule } }, { init: { signal } }))
export const previewMessage = (
  json: {
    templates: Record<string, { subject: string; body: string } | null>
    senderName: string | null
    senderEmail: string | null
    senderPhone: string | null
  },
  signal?: AbortSignal,
) => call(path.preview.$post({ json }, { init: { signal } }))
