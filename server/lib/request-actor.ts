import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * Who is really acting in this request, when it is not the signed-in user themselves: an admin impersonating
 * them (docs/decisions/037). The API's session middleware runs the request inside it; the activity log reads
 * it, so every area's log line of an impersonated request says "admin X as user Y" without each area knowing.
 */
export type RequestActor = { userId: string; impersonatorId: string }

const storage = new AsyncLocalStorage<RequestActor>()

export function runAsImpersonation<T>(actor: RequestActor, fn: () => T): T {
  return storage.run(actor, fn)
}

/** The impersonation this request runs under, if any. */
export function currentImpersonation(): RequestActor | undefined {
  return storage.getStore()
}
