import { z } from 'zod'

/** The realtime channel's inputs (docs/decisions/030); names are Pusher's, as its clients send them. */
const socketId = z.string().regex(/^\d{1,20}\.\d{1,20}$/)
const channelName = z
  .string()
  .min(1)
  .max(164)
  .regex(/^[A-Za-z0-9_\-=@,.;]+$/)

/** POST /api/broadcasting/auth (form-encoded): sign a private or presence channel for this connection. */
export const broadcastingAuthSchema = z.strictObject({ socket_id: socketId, channel_name: channelName })

/** POST /api/broadcasting/user-auth (form-encoded): sign the user in on this connection. */
export const broadcastingUserAuthSchema = z.strictObject({ socket_id: socketId })

const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)

/** POST /api/push/subscriptions: a browser's PushSubscription as its toJSON() gives it. */
export const pushSubscriptionSchema = z.strictObject({
  endpoint: z.url({ protocol: /^https$/ }).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: base64url(80, 100), auth: base64url(16, 32) }),
})
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>

/** DELETE /api/push/subscriptions: the endpoint to forget. */
export const pushUnsubscribeSchema = z.strictObject({ endpoint: z.url({ protocol: /^https$/ }).max(2000) })

export type PushStatus = { publicKey: string; subscriptions: number; thisDevice: boolean }
