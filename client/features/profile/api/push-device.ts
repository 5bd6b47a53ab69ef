import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { pushStatus, removePushSubscription, savePushSubscription, sendTestPush } from './profile-api'
import { profileKeys } from './profile-keys'

/** Whether this browser can take push messages at all. */
export const pushSupported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window

async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null
  const registration = await navigator.serviceWorker.getRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

/** base64url → the bytes pushManager.subscribe wants as the server's key */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  const out = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i)
  return out
}

/** Push on this device as the server knows it (this device's subscription among the user's) and the browser's permission. */
export function usePushStatus() {
  return useQuery({
    queryKey: profileKeys.pushStatus,
    queryFn: async () => {
      const subscription = await currentSubscription()
      return { server: await pushStatus(subscription?.endpoint), permission: pushSupported() ? Notification.permission : 'denied' }
    },
  })
}

type Outcome<R> = { onSuccess?: (answer: R) => void; onError?: (err: unknown) => void }

/** The refusal of the browser's permission, told apart from a failure to subscribe or store. */
export class PushDenied extends Error {
  constructor() {
    super('denied')
  }
}

/**
 * Turns push on here: the browser's permission, a subscription with the server's VAPID key (the one this device has,
 * if any), stored for this user. The status is read again either way.
 */
export function useEnablePush(publicKey: string | undefined, outcome: Outcome<void>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      if ((await Notification.requestPermission()) !== 'granted') throw new PushDenied()
      const registration = await navigator.serviceWorker.ready
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey!) }))
      await savePushSubscription(subscription.toJSON())
    },
    ...outcome,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: profileKeys.pushStatus }),
  })
}

/** Turns push off here: the server forgets the subscription, then the browser ends it. */
export function useDisablePush(outcome: Outcome<void>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      const subscription = await currentSubscription()
      if (!subscription) return
      await removePushSubscription(subscription.endpoint)
      await subscription.unsubscribe()
    },
    ...outcome,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: profileKeys.pushStatus }),
  })
}

/** A test push to every device of the user; answers how many it went to. */
export function useTestPush(outcome: Outcome<{ devices: number }>) {
  return useMutation({ mutationFn: sendTestPush, ...outcome })
}
