import { call, rpc } from './api-client'
import { getUserData, setSession } from './session'

/**
 * An admin starts viewing the app as a user, or stops (docs/decisions/037). The app then loads afresh as the
 * other person, so nothing of the one before (cached answers, the offline store, live channels) stays in memory.
 */
export async function startImpersonation(userId: string): Promise<void> {
  setSession(await call(rpc.auth.impersonation.$post({ json: { userId } })))
  window.location.assign('/')
}

export async function stopImpersonation(): Promise<void> {
  const actedAs = getUserData()?.id
  setSession(await call(rpc.auth.impersonation.$delete()))
  window.location.assign(actedAs ? `/user-admin/users/${encodeURIComponent(actedAs)}` : '/')
}
