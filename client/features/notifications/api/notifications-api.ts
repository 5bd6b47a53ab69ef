import type { AlertRecipientInput, MessageAudienceInput, SendMessageInput } from '../../../../shared/schemas/notifications'
import { call, rpc } from '../../../lib/api-client'

/** Messages from administrators and extra receivers of deviation alerts (docs/decisions/031). */
export function previewAudience(audience: MessageAudienceInput, signal?: AbortSignal) {
  return call(rpc['notification-messages'].preview.$post({ json: { audience } }, { init: { signal } }))
}

export function sendMessage(input: SendMessageInput) {
  return call(rpc['notification-messages'].$post({ json: input }))
}

export function sentMessages(signal?: AbortSignal) {
  return call(rpc['notification-messages'].$get(undefined, { init: { signal } }))
}

export function alertRecipients(signal?: AbortSignal) {
  return call(rpc['alert-recipients'].$get(undefined, { init: { signal } }))
}

export function addAlertRecipient(input: AlertRecipientInput) {
  return call(rpc['alert-recipients'].$post({ json: input }))
}

export function removeAlertRecipient(id: string) {
  return call(rpc['alert-recipients'][':id'].$delete({ param: { id } }))
}

export function audienceRoles() {
  return call(rpc['notification-messages'].roles.$get())
}
