import type { AppMeta, LoginInput, SessionAnswer } from '../../../../shared/schemas/auth'
import { api } from '../../../lib/api-client'
import { clearSession, setSession } from '../../../lib/session'

export async function login(input: LoginInput): Promise<SessionAnswer> {
  const answer = await api<SessionAnswer>('/auth/login', { method: 'POST', body: input })
  setSession(answer)
  return answer
}

export async function logout(): Promise<void> {
  try {
    await api<void>('/auth/logout', { method: 'POST' })
  } finally {
    // Signed out on this device even when the server cannot be reached.
    clearSession()
  }
}

/** Fetches the session again so changed permissions reach a signed-in browser. */
export async function refreshSession(): Promise<void> {
  const answer = await api<SessionAnswer>('/auth/me')
  setSession(answer)
}

let inline: AppMeta | null | undefined
/** The meta the server wrote into the index (absent in the service worker's cached copy). */
export function knownAppMeta(): AppMeta | null {
  if (inline === undefined) {
    try {
      const text = document.getElementById('sk-meta')?.textContent
      inline = text ? (JSON.parse(text) as AppMeta) : null
    } catch {
      inline = null
    }
  }
  return inline
}

let metaPromise: Promise<AppMeta> | null = null
export function appMeta(): Promise<AppMeta> {
  const known = knownAppMeta()
  metaPromise ??= known ? Promise.resolve(known) : api<AppMeta>('/meta').catch(() => ({ demo: false, version: '', demoAccounts: [], maintenance: false }))
  return metaPromise
}
